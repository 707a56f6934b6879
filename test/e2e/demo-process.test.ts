// `npm start` and `npm run server` as processes: SIGTERM to what the user started (npm) stops every process under it
// and frees the ports, also while it is still building dist/; a busy PORT is one line naming PORT and exit code 1.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { alive } from '../server/packed.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const started = new Set<number>();
after(() => started.forEach((pid) => alive(pid) && process.kill(pid, 'SIGKILL')));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every process below `pid` (Linux `ps`), recorded for the clean-up. */
function descendants(pid: number): number[] {
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout.split('\n').map(Number).filter(Boolean);
  const all = children.flatMap((child) => [child, ...descendants(child)]);
  all.forEach((p) => started.add(p));
  return all;
}

const listening = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true))).on('error', () => resolve(false));
});

/** Polls `condition` until it holds (a generous bound, only so that a broken build fails instead of hanging). */
async function until(condition: () => boolean | Promise<boolean>, what: string, limitMs = 120_000) {
  for (const deadline = Date.now() + limitMs; Date.now() < deadline; await sleep(100)) if (await condition()) return;
  throw new Error(`not reached: ${what}`);
}

async function freePort(): Promise<number> {
  for (;;) {
    const server = await new Promise<Server>((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => resolve(s)); });
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    if (port < 65535 && !(await listening(port + 1))) return port;
  }
}

function track(child: ChildProcess) {
  started.add(child.pid!);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { output: () => output, exited };
}

test('SIGTERM to `npm start` stops the whole process tree and frees both ports', { timeout: 180_000 }, async () => {
  const port = await freePort();
  const npm = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: String(port), DEMO_DB: ':memory:' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const run = track(npm);
  await until(async () => (await listening(port)) && (await listening(port + 1)), `demo on ${port}: ${run.output()}`);
  const tree = descendants(npm.pid!);
  assert.ok(tree.length >= 1, 'npm started the demo below itself');

  npm.kill('SIGTERM');
  await run.exited;
  await until(() => tree.every((pid) => !alive(pid)), `every process of ${tree.join(', ')} exited`, 15_000);
  assert.equal(await listening(port), false);
  assert.equal(await listening(port + 1), false);
});

test('SIGTERM to `npm run server` stops the reference server below it and frees its port', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const npm = spawn('npm', ['run', 'server', '--', '--port', String(port), '--db', ':memory:'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const run = track(npm);
  await until(() => listening(port), `reference server on ${port}: ${run.output()}`);
  const tree = descendants(npm.pid!);
  assert.ok(tree.length >= 1, 'npm started the server below itself');

  npm.kill('SIGTERM');
  await run.exited;
  await until(() => tree.every((pid) => !alive(pid)), `every process of ${tree.join(', ')} exited`, 15_000);
  assert.equal(await listening(port), false);
});

test('SIGTERM while the demo builds dist/ stops the build too', { timeout: 180_000 }, async () => {
  // a copy of the project without dist/, so that the demo builds first (the shared dist/ is left alone)
  const copy = mkdtempSync(join(tmpdir(), 'svc-demo-build-'));
  after(() => rmSync(copy, { recursive: true, force: true }));
  for (const path of ['src', 'demo', 'scripts', 'vite.config.ts', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, path), join(copy, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  const port = await freePort();
  const demo = spawn(process.execPath, ['--import', 'tsx', 'demo/serve.ts'], { cwd: copy, env: { ...process.env, PORT: String(port), DEMO_DB: ':memory:' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const run = track(demo);
  await until(() => /building the browser bundles/.test(run.output()), 'the build started');
  let build: number[] = [];
  await until(() => (build = descendants(demo.pid!).filter((pid) => /scripts\/build\.mjs/.test(commandOf(pid)))).length > 0, 'the build process');

  demo.kill('SIGTERM');
  await run.exited;
  await until(() => build.every((pid) => !alive(pid)), 'the build exited', 15_000);
  assert.equal(await listening(port), false);
});

const commandOf = (pid: number) => spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).stdout;

test('a busy PORT is a one-line message naming PORT, and exit code 1', { timeout: 180_000 }, async () => {
  const blocker = await new Promise<Server>((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => resolve(s)); });
  after(() => blocker.close());
  const { port } = blocker.address() as { port: number };
  const demo = spawn(process.execPath, ['--import', 'tsx', 'demo/serve.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(port), DEMO_DB: ':memory:' }, stdio: ['ignore', 'ignore', 'pipe'] });
  const run = track(demo);
  assert.equal(await run.exited, 1);
  const lines = run.output().trim().split('\n');
  assert.match(lines.at(-1)!, new RegExp(`^Port ${port} is already in use: .*\\bPORT\\b`));
  assert.doesNotMatch(run.output(), /EADDRINUSE|\n\s+at /, 'no stack trace');
});

test('a PORT that is not a port number is one line and exit code 2', async () => {
  const demo = spawn(process.execPath, ['--import', 'tsx', 'demo/serve.ts'], { cwd: ROOT, env: { ...process.env, PORT: '80a', DEMO_DB: ':memory:' }, stdio: ['ignore', 'ignore', 'pipe'] });
  const run = track(demo);
  assert.equal(await run.exited, 2);
  assert.deepEqual(run.output().trim().split('\n'), ['Invalid PORT 80a: a port number from 1 to 65534 (PORT+1 serves the pasted-snippet page).']);
});
