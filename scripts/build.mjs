// `npm run build`: the browser builds (vite), type declarations, the reference server as Node JavaScript (the
// package's `./server` export and bin), and the element manifests.
// `--browser-only`: the vite builds alone (what `npm start` needs for the pasted-snippet page); keeps dist/types,
// dist/node and the manifests of an earlier full build.
// `--out-dir=DIR`: the vite builds alone into DIR instead of dist/ (test/server/dist-syntax.test.ts checks a fresh one).
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'vite';

const tsc = (project) => execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });

const outDir = process.argv.find((arg) => arg.startsWith('--out-dir='))?.slice('--out-dir='.length);
const browserOnly = process.argv.includes('--browser-only') || outDir !== undefined;

// Browser-only keeps the rest of dist/, but stale lazy chunks (hashed names) must not pile up.
rmSync(outDir ?? (browserOnly ? 'dist/chunks' : 'dist'), { recursive: true, force: true });
// The ES build first (shared and lazy chunks), then each classic-script build on its own.
for (const mode of ['es', 'headless', 'runtime-esm', 'runtime-extras', 'hydrate', 'elements-iife', 'bundle-iife', 'runtime-iife']) {
  await build({ mode, logLevel: 'warn', ...(outDir && { build: { outDir } }) });
}
if (browserOnly) {
  console.log(`built the browser bundles in ${outDir ?? 'dist'}/`);
  process.exit(0);
}
tsc('tsconfig.build.json');
tsc('tsconfig.server.json');
tsc('tsconfig.ssr.json'); // svc-storefront/ssr: the elements compiled for Node beside the server
for (const file of readdirSync('src/server/seed').filter((f) => f.endsWith('.json'))) {
  cpSync(`src/server/seed/${file}`, `dist/node/server/seed/${file}`);
}
execFileSync(process.execPath, ['scripts/manifest.mjs'], { stdio: 'inherit' });
console.log('built dist/');
