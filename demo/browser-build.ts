/**
 * Every demo page loads the built bundles from dist/, so `npm start` builds them when they are missing (a fresh
 * clone) or older than their sources. A quick mtime check: a few hundred stat calls, no hashing.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = fileURLToPath(new URL('..', import.meta.url));
const BUILT = join(PROJECT, 'dist/svc-elements.iife.js'); // the last file the browser build writes
const SOURCES = ['src', 'vite.config.ts', 'scripts/build.mjs'].map((path) => join(PROJECT, path));

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
 * Runs `scripts/build.mjs --browser-only` when needed, as a child process that `signal` stops (SIGTERM to the demo
 * must not leave a build running). Resolves false when the build failed or was stopped.
 */
export async function ensureBrowserBuild(signal: AbortSignal): Promise<boolean> {
  if (builtAt() >= Math.max(...SOURCES.map(newest))) return true;
  console.error('dist/ is missing or older than src/: building the browser bundles…'); // stdout's first line is the address
  const build = spawn(process.execPath, ['scripts/build.mjs', '--browser-only'], { cwd: PROJECT, signal, stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => {
    build.once('error', () => resolve(null)); // could not start, or stopped by `signal`
    build.once('exit', resolve);
  });
  return code === 0;
}
