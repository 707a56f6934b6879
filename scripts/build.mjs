// `npm run build`: the ES build (shared and lazy chunks), then each classic-script build on its own.
import { rmSync } from 'node:fs';
import { build } from 'vite';

rmSync('dist', { recursive: true, force: true });
for (const mode of ['es', 'elements-iife', 'bundle-iife', 'runtime-iife']) {
  await build({ mode, logLevel: 'warn' });
}
console.log('built dist/');
