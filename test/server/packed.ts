/**
 * The packages as `npm pack` makes them from a clean tree: the files a fresh clone has (tracked, and untracked ones
 * not ignored) are copied to a scratch folder beside this checkout's node_modules, where `npm pack` runs its
 * prepack build (svc-storefront) and scripts/build-server-package.mjs builds svc-reference-server. Made once per
 * state of those files and kept in .scratch/pack/<hash>/, so that test/server/package.test.ts and the examples'
 * test (test/e2e/examples.test.ts) share one build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = join(ROOT, '.scratch/pack');

export type Packed = { storefront: string; server: string; version: string };

/** What a fresh clone holds, minus what cannot change a package (tests, examples, benchmarks). */
function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0').filter((file) => file && !/^(test|examples|bench)\//.test(file) && existsSync(join(ROOT, file))).sort();
}

function hashOf(files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(ROOT, file))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Runs a command in the tree; a failure throws with what it printed (tsc writes its errors to stdout). */
function run(command: string, args: string[], cwd: string): void {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in a clean copy of the tree:\n${`${done.stdout}\n${done.stderr}`.trim().split('\n').slice(-30).join('\n')}`);
}

/** Both tarballs, packed now or found from an earlier run on the same files. */
export function packedPackages(): Packed {
  const files = sourceFiles();
  const dir = join(CACHE, hashOf(files));
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const packed = { storefront: join(dir, `svc-storefront-${version}.tgz`), server: join(dir, `svc-reference-server-${version}.tgz`), version };
  if (existsSync(packed.storefront) && existsSync(packed.server)) return packed;

  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(CACHE, 'work-'));
  try {
    const tree = join(work, 'tree');
    for (const file of files) cpSync(join(ROOT, file), join(tree, file));
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    const out = join(work, 'out');
    mkdirSync(out);
    run('npm', ['pack', '--pack-destination', out], tree); // runs prepack: the tree has no dist/ nor lib/
    run(process.execPath, ['scripts/build-server-package.mjs'], tree);
    run('npm', ['pack', './dist-server', '--pack-destination', out], tree);
    // another process may have packed the same files meanwhile: either result is the same
    for (const old of readdirSync(CACHE)) if (!old.startsWith('work-')) rmSync(join(CACHE, old), { recursive: true, force: true });
    try {
      renameSync(out, dir);
    } catch {
      if (!existsSync(packed.storefront)) throw new Error(`could not move the tarballs to ${dir}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return packed;
}

/** The paths inside a tarball, without npm's `package/` prefix. */
export const tarballFiles = (tarball: string): string[] =>
  execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean).map((path) => path.replace(/^package\//, ''));

/** A file of a tarball as text. */
export const tarballText = (tarball: string, path: string): string =>
  execFileSync('tar', ['-xzOf', tarball, `package/${path}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
