import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// Clean code (the team standard, issue 17): no source file over 400 lines. A longer file is split by topic, not trimmed of
// its comments. JSON (seed data, generated schemas) is data, not code, and is not counted.
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const MAX_LINES = 400;
const CODE = /\.(ts|js|mjs|css|html)$/;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

const lineCount = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('source file length', () => {
  const files = codeFiles(SRC);

  it('finds the sources (the walk reaches every folder)', () => {
    const rel = files.map((f) => relative(SRC, f));
    for (const known of ['elements/checkout/checkout.ts', 'server/index.ts', 'page-runtime/index.ts']) assert.ok(rel.includes(known), known);
  });

  it(`no file under src/ is longer than ${MAX_LINES} lines`, () => {
    const long = files.map((f) => ({ file: relative(SRC, f), lines: lineCount(f) })).filter((f) => f.lines > MAX_LINES);
    assert.deepEqual(long, [], `split these by topic: ${long.map((f) => `${f.file} (${f.lines})`).join(', ')}`);
  });
});
