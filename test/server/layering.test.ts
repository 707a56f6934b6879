import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// The server's layers (DESIGN.md): routes → http → domain → db. Domain and db are below the HTTP layer: they throw
// src/server/errors.ts and never import http/ or routes/, so they can be used without a request (CLI, seed, worker).
const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server');
const HTTP_LAYER = ['http', 'routes'].map((dir) => join(SERVER, dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative module a file imports or re-exports (static, side-effect, type-only and dynamic), resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => resolve(dirname(file), s));
}

/** "domain/cart.ts imports http/errors.ts" for each import of the HTTP layer from below it. */
function httpImportsBelow(dirs: string[]): string[] {
  return dirs.flatMap((dir) => sourceFiles(join(SERVER, dir))).flatMap((file) =>
    importsOf(file)
      .filter((target) => HTTP_LAYER.some((layer) => target.startsWith(layer + '/')))
      .map((target) => `${relative(SERVER, file)} imports ${relative(SERVER, target)}`));
}

describe('server layering', () => {
  it('domain and db never import the HTTP layer (http/, routes/)', () => {
    assert.ok(sourceFiles(join(SERVER, 'domain')).length > 20 && sourceFiles(join(SERVER, 'db')).length > 5);
    assert.deepEqual(httpImportsBelow(['domain', 'db']), []);
  });

  it('the check sees imports of every form (routes/ does import http/)', () => {
    const found = httpImportsBelow(['routes']);
    assert.ok(found.some((line) => /^routes\/\S+ imports http\/request-body\.ts$/.test(line)), found.join('\n'));
    const sample = join(SERVER, 'domain', 'cart.ts');
    assert.ok(importsOf(sample).includes(join(SERVER, 'errors.ts')), 'a named import is resolved');
  });
});
