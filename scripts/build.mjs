// `npm run build`: everything this repository ships, in three folders (docs/decisions.md, 28):
//   dist/         the browser folder: the files a merchant serves from a CDN (vite builds) and their manifests.
//   lib/          the rest of the svc-storefront package: type declarations (lib/types, with the types of the
//                 libraries the bundles inline), svc-storefront/ssr for Node (lib/ssr) and svc-storefront/testing.
//   dist-server/  the second package, svc-reference-server: the reference server as Node JavaScript
//                 (scripts/build-server-package.mjs).
// `--package`: dist/ and lib/, what `npm pack` of svc-storefront ships (its prepack script).
// `--browser-only`: the vite builds of dist/ alone (what `npm start` needs); keeps the manifests of an earlier build.
// `--out-dir=DIR`: the vite builds of dist/ alone into DIR instead (a scratch build beside the real one).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'vite';

const node = (...args) => execFileSync(process.execPath, args, { stdio: 'inherit' });

const outDir = process.argv.find((arg) => arg.startsWith('--out-dir='))?.slice('--out-dir='.length);
const browserOnly = process.argv.includes('--browser-only') || outDir !== undefined;
const packageOnly = process.argv.includes('--package');

// Browser-only keeps the manifests, but stale lazy chunks (hashed names) must not pile up.
rmSync(outDir ?? (browserOnly ? 'dist/chunks' : 'dist'), { recursive: true, force: true });
// The ES build first (shared and lazy chunks), then each classic-script build on its own.
for (const mode of ['es', 'runtime-esm', 'runtime-extras', 'hydrate', 'load-error', 'elements-iife', 'bundle-iife', 'runtime-iife']) {
  await build({ mode, logLevel: 'warn', ...(outDir && { build: { outDir } }) });
}
if (browserOnly) {
  console.log(`built the browser folder ${outDir ?? 'dist'}/`);
  process.exit(0);
}

rmSync('lib', { recursive: true, force: true });
for (const mode of ['testing', 'ssr-node']) await build({ mode, logLevel: 'warn' });
node('node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json');
node('scripts/manifest.mjs'); // dist/custom-elements.json, dist/vscode.html-custom-data.json, lib/types/jsx.d.ts
node('scripts/package-types.mjs'); // the types of lit, zod and nanostores that lib/types refers to, beside them
if (packageOnly) {
  console.log('built dist/ and lib/');
  process.exit(0);
}
node('scripts/build-server-package.mjs');
console.log('built dist/, lib/ and dist-server/');
