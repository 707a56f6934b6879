/**
 * The packages as `npm pack` makes them from a clean tree: the files a fresh clone has (tracked, and untracked ones
 * not ignored) are copied to a scratch folder beside this checkout's node_modules, where `npm pack` runs its
 * prepack build (svc-storefront) and scripts/build-server-package.mjs builds svc-reference-server. Made once per
 * state of those files and kept in .scratch/pack/<hash>/, so that test/server/package.test.ts and the examples'
 * test (test/e2e/examples.test.ts) share one build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

/** Whether process `pid` is still running (signal 0 checks without sending anything). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs `make` unless another process is making the same packages (the test files run two at a time and several ask
 * for them): then waits for that one to finish, and `make` runs only if it left nothing behind.
 */
function onePackerAtATime(lock: string, done: () => boolean, make: () => void): void {
  for (;;) {
    try {
      mkdirSync(lock); // atomic: the first process in makes the packages
      break;
    } catch {
      const holder = Number(readTextOr(join(lock, 'pid')));
      if (holder && !alive(holder)) rmSync(lock, { recursive: true, force: true }); // its packer died
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
      if (done()) return;
    }
  }
  try {
    writeFileSync(join(lock, 'pid'), String(process.pid));
    if (!done()) make();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

const readTextOr = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** Both tarballs, packed now or found from an earlier run on the same files. */
export function packedPackages(): Packed {
  const files = sourceFiles();
  const hash = hashOf(files);
  const dir = join(CACHE, hash);
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const packed = { storefront: join(dir, `svc-storefront-${version}.tgz`), server: join(dir, `svc-reference-server-${version}.tgz`), version };
  const done = () => existsSync(packed.storefront) && existsSync(packed.server);
  if (done()) return packed;
  mkdirSync(CACHE, { recursive: true });
  onePackerAtATime(join(CACHE, `lock-${hash}`), done, () => pack(files, dir, packed));
  return packed;
}

function pack(files: string[], dir: string, packed: Packed): void {
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
    for (const old of readdirSync(CACHE)) if (!/^(work|lock)-/.test(old)) rmSync(join(CACHE, old), { recursive: true, force: true });
    try {
      renameSync(out, dir);
    } catch {
      if (!existsSync(packed.storefront)) throw new Error(`could not move the tarballs to ${dir}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The paths inside a tarball, without npm's `package/` prefix. */
export const tarballFiles = (tarball: string): string[] =>
  execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean).map((path) => path.replace(/^package\//, ''));

/** A file of a tarball as text. */
export const tarballText = (tarball: string, path: string): string =>
  execFileSync('tar', ['-xzOf', tarball, `package/${path}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
