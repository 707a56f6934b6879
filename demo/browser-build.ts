/**
 * The pasted-snippet and CSP pages load the built bundles from dist/, so `npm start` builds them when they are
 * missing or older than their sources. A quick mtime check: a few hundred stat calls, no hashing.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILT = 'dist/svc-elements.iife.js';
const SOURCES = ['src', 'vite.config.ts'];

/** Newest modification time under `path` (a file or a directory), in ms. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

function builtAt(): number {
  try {
    return statSync(BUILT).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * Runs `scripts/build.mjs --browser-only` when needed. A failed build is reported but not fatal: the pages that
 * compile `src/` on the fly keep working, only the snippet and CSP pages need dist/.
 */
export function ensureBrowserBuild(): void {
  if (builtAt() >= Math.max(...SOURCES.map(newest))) return;
  console.log(`${BUILT} is missing or older than src/: building the browser bundles…`);
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--browser-only'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) console.warn('Browser build failed: the pasted-snippet and CSP pages will not work until `npm run build` succeeds.');
}
