// Every file we ship to browsers parses in the oldest browser of the policy (package.json's browserslist,
// docs/browsers.md): Safari 15.4, which has ES2022 but not its class static blocks, nor regex lookbehind (both 16.4).
// A syntax error there loses the whole file, so nothing renders. The browser folder is the one `npm pack` ships, built
// from the current sources (test/server/packed.ts, shared with the package's tests rather than built again), and each
// JavaScript file is parsed by acorn at ES2022, then walked for the rest.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse, type Node } from 'acorn';
import { buildTargets } from '../../scripts/browser-targets.mjs';
import { packedPackages } from './packed.ts';

/** What Safari 15.4 cannot parse in a file that acorn accepts at ES2022, with the reason shown on failure. */
function newerSyntax(code: string, sourceType: 'module' | 'script'): string[] {
  const found: string[] = [];
  const regexLookbehind = (pattern: string) => /\(\?<[=!]/.test(pattern);
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const { type, start } = node as Node;
    if (type === 'StaticBlock') found.push(`class static block at ${start} (Safari 16.4)`);
    const literal = node as { type: string; regex?: { pattern: string }; value?: unknown };
    if (type === 'Literal' && literal.regex && regexLookbehind(literal.regex.pattern)) found.push(`regex lookbehind at ${start} (Safari 16.4)`);
    // `new RegExp('(?<=…)')` and `RegExp('…')`: the pattern in a string
    const call = node as { type: string; callee?: { type: string; name?: string }; arguments?: { type: string; value?: unknown }[] };
    if ((type === 'NewExpression' || type === 'CallExpression') && call.callee?.type === 'Identifier' && call.callee.name === 'RegExp') {
      const [pattern] = call.arguments ?? [];
      if (pattern?.type === 'Literal' && typeof pattern.value === 'string' && regexLookbehind(pattern.value)) found.push(`RegExp lookbehind at ${start} (Safari 16.4)`);
    }
    // `export { x as "a-b" }`: arbitrary module namespace names, which older Safari rejects
    const specifier = node as { type: string; exported?: { type: string }; imported?: { type: string }; local?: { type: string } };
    if (/^(Export|Import)Specifier$/.test(type) && [specifier.exported, specifier.imported, specifier.local].some((name) => name?.type === 'Literal')) {
      found.push(`string module export name at ${start}`);
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'regex' && typeof value === 'object') visit(value);
  };
  visit(parse(code, { ecmaVersion: 2022, sourceType }));
  return found;
}

/** The classic scripts (IIFE builds, vite.config.ts): parsed as scripts, where top-level `await` or `import` is an error. */
const CLASSIC = /(\.iife\.js|^page-runtime\.js|^svc-hydrate\.js|^svc-load-error\.js)$/;

describe('shipped JavaScript parses in the oldest supported browsers', () => {
  let dir = '';
  let files: string[] = [];
  before(() => {
    const scratch = mkdtempSync(join(tmpdir(), 'svc-dist-syntax-'));
    execFileSync('tar', ['-xzf', packedPackages().storefront, '-C', scratch, 'package/dist']);
    dir = join(scratch, 'package/dist');
    const walk = (folder: string): string[] => readdirSync(folder, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : entry.name.endsWith('.js') ? [join(folder, entry.name)] : []));
    files = walk(dir);
  });
  after(() => rmSync(join(dir, '../..'), { recursive: true, force: true }));

  it('builds for the browserslist of package.json', () => {
    assert.deepEqual(buildTargets(), ['chrome100', 'edge100', 'firefox115', 'ios15.4', 'safari15.4']);
  });

  it('has no syntax newer than Safari 15.4 in any file, lazy chunks and classic scripts included', () => {
    // the entries named in docs/browsers.md are all there
    const names = files.map((file) => relative(dir, file));
    for (const entry of ['svc-elements.js', 'svc-elements.iife.js', 'svc-elements.bundle.iife.js', 'page-runtime.js', 'page-runtime.esm.js',
      'svc-hydrate.js', 'svc-debug.js', 'svc-order-extras.js', 'client.js', 'session.js', 'svc-core.js', 'svc-load-error.js']) assert.ok(names.includes(entry), entry);
    assert.ok(names.filter((name) => name.startsWith('chunks/')).length > 10, 'the lazy chunks');
    const problems = files.flatMap((file) => {
      const name = relative(dir, file);
      try {
        return newerSyntax(readFileSync(file, 'utf8'), CLASSIC.test(name) ? 'script' : 'module').map((problem) => `${name}: ${problem}`);
      } catch (error) {
        return [`${name}: ${(error as Error).message} (not ES2022)`];
      }
    });
    assert.deepEqual(problems, []);
  });

  it('finds what it looks for', () => {
    assert.deepEqual(newerSyntax('class A { static { this.x = 1; } }', 'module'), ['class static block at 10 (Safari 16.4)']);
    assert.equal(newerSyntax('const r = /(?<=a)b/; const s = new RegExp("(?<!a)b");', 'script').length, 2);
    assert.equal(newerSyntax('const x = 1; export { x as "a-b" };', 'module').length, 1);
    assert.throws(() => newerSyntax('const r = /[\\p{L}--a]/v;', 'script')); // the v flag is ES2024
    assert.deepEqual(newerSyntax('class A { #x = 1; static y = 2; has(o) { return #x in o; } } const r = /(?<name>a)/d;', 'module'), []);
  });
});
