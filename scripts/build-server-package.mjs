// dist-server/: the reference server as an npm package of its own, svc-reference-server (docs/decisions.md, 28), so
// that a browser app installing svc-storefront gets none of its native or server-only dependencies. Built from the
// same sources: src/server and src/contract compiled to lib/ (as deep as in src/, so that the relative paths the
// server reads at run time hold in both), the demo seed and its images, the area data. Its dependencies are the
// packages its JavaScript imports, at the versions this repository develops with, and svc-storefront itself, whose
// browser folder the server serves at /dist/. `npm pack ./dist-server` packs it. The demo's private app key is a
// test fixture and is not copied.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = 'dist-server';
const root = JSON.parse(readFileSync('package.json', 'utf8'));

rmSync(OUT, { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
cpSync('src/server/seed/demo-seed.json', join(OUT, 'lib/server/seed/demo-seed.json'));
cpSync('src/server/db/area-data', join(OUT, 'lib/server/db/area-data'), { recursive: true });
mkdirSync(join(OUT, 'demo/img'), { recursive: true });
for (const image of readdirSync('demo/img').filter((f) => /\.(webp|svg)$/.test(f))) cpSync(join('demo/img', image), join(OUT, 'demo/img', image));

const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2) : spec.split('/').slice(0, 1)).join('/');
const bareImports = (file) => [...readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"./][^'"]*)['"]/g)]
  .map(([, spec]) => spec).filter((spec) => !spec.startsWith('node:')).map(packageOf);

// declarations: our relative imports end in .js, as the JavaScript's do
for (const file of files(join(OUT, 'lib')).filter((f) => f.endsWith('.d.ts'))) {
  writeFileSync(file, readFileSync(file, 'utf8').replace(/(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.[^'"]*)\.ts\2/g, '$1$2$3.js$2'));
}

const versionOf = (name) => {
  const version = root.devDependencies?.[name] ?? root.dependencies?.[name];
  if (!version) throw new Error(`the server imports ${name}, which package.json does not list`);
  return version;
};
const runtime = new Set(files(join(OUT, 'lib')).filter((f) => f.endsWith('.js')).flatMap(bareImports));
// packages whose types the declarations name and which have none of their own
const typed = [...new Set(files(join(OUT, 'lib')).filter((f) => f.endsWith('.d.ts')).flatMap(bareImports))]
  .filter((name) => !JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')).types
    && !JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')).typings)
  .map((name) => `@types/${name}`);
const dependencies = Object.fromEntries([...runtime, ...typed].sort().map((name) => [name, versionOf(name)]));
dependencies['svc-storefront'] = root.version; // the browser folder it serves at /dist/

const pkg = {
  name: 'svc-reference-server',
  version: root.version,
  description: 'The reference server of the Commerce Service v3 API: the contract on an embedded SQLite database, for developing storefronts offline',
  type: 'module',
  license: root.license,
  engines: root.engines,
  bin: { 'svc-reference-server': './lib/server/cli.js' },
  exports: { '.': { types: './lib/server/index.d.ts', default: './lib/server/index.js' }, './package.json': './package.json' },
  files: ['lib', 'demo', 'README.md'],
  dependencies,
};
writeFileSync(join(OUT, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
cpSync('docs/reference-server.md', join(OUT, 'README.md'));
console.log(`built ${OUT}/ (svc-reference-server ${pkg.version}: ${Object.keys(dependencies).join(', ')})`);
