// The demo's static file resolution (demo/static-routes.ts): only regular files of the served folder with a known
// type; dot segments in any spelling, dotfiles, malformed escapes and symlinks leading out of the folder are refused.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { resolveInside } from '../../demo/static-routes.ts';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'svc-static-')));
const root = join(base, 'served');
mkdirSync(join(root, 'img'), { recursive: true });
mkdirSync(join(root, '.hidden'));
writeFileSync(join(root, 'page.html'), '<p>');
writeFileSync(join(root, 'img', 'logo.svg'), '<svg/>');
writeFileSync(join(root, 'img', 'a b.png'), 'png');
writeFileSync(join(root, '.hidden', 'x.js'), '');
writeFileSync(join(root, '.env.json'), '{}');
writeFileSync(join(root, 'notes.txt'), 'text');
writeFileSync(join(base, 'secret.json'), '{"key":1}');
mkdirSync(join(root, 'dir.js'));
symlinkSync(join(base, 'secret.json'), join(root, 'linked-out.json'));
symlinkSync(base, join(root, 'up'));
symlinkSync(join(root, 'page.html'), join(root, 'linked-in.html'));

test('files of the folder resolve, spaces and escapes decoded', async () => {
  assert.equal(await resolveInside(root, 'page.html'), join(root, 'page.html'));
  assert.equal(await resolveInside(root, 'img/logo.svg'), join(root, 'img/logo.svg'));
  assert.equal(await resolveInside(root, 'img/a%20b.png'), join(root, 'img/a b.png'));
  assert.equal(await resolveInside(root, 'linked-in.html'), join(root, 'page.html'), 'a symlink within the folder is fine');
});

test('traversal, dotfiles, odd types, directories and symlinks out of the folder are refused', async () => {
  for (const path of ['../secret.json', '%2e%2e/secret.json', '%2E%2E/secret.json', '..%2fsecret.json', 'img/..%2f..%2fsecret.json',
    'img/%2e%2e/%2e%2e/secret.json', '..%5csecret.json', 'img/../page.html', './page.html', '.env.json', '.hidden/x.js',
    'page.html%00.js', '%zz.html', '', 'img/', 'img//logo.svg', 'notes.txt', 'dir.js', 'missing.js', 'linked-out.json',
    'up/secret.json']) {
    assert.equal(await resolveInside(root, path), undefined, path);
  }
});
