import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, test } from 'node:test';

const running = new Set<ChildProcess>();
after(() => running.forEach((child) => child.kill('SIGKILL')));

/** Starts `npm run server -- ARGS` the way the README does (without npm) and waits for its first stdout line. */
async function startServer(args: string[]): Promise<{ url: string; firstLine: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const url = firstLine.replace(/^listening on /, '');
  return {
    url,
    firstLine,
    stop: () => new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      running.delete(child);
    }),
  };
}

const headers = { 'X-Service-Storefront-Api-Key': 'sfk_demo' };
const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));

test('--port 0 picks a free port and the first stdout line is exactly "listening on http://127.0.0.1:PORT"', async () => {
  const server = await startServer(['--port', '0', '--db', ':memory:']);
  assert.match(server.firstLine, /^listening on http:\/\/127\.0\.0\.1:\d+$/);
  assert.notEqual(server.url, 'http://127.0.0.1:0');
  const res = await fetch(`${server.url}/v3/stores/demo-store/public/items/count`, { headers });
  assert.equal(res.status, 200);
  assert.ok(((await res.json()) as { total: number }).total >= 30);
  await server.stop();
});

test('a database file is in WAL mode, migrated at start, and keeps its data across restarts', async () => {
  const file = join(dir, 'reference.sqlite');
  let server = await startServer(['--port', '0', '--db', file]);
  assert.equal((await fetch(`${server.url}/v3/stores/demo-store/public/products/kaos-polos`, { headers })).status, 200);
  await server.stop();

  const db = new Database(file);
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  assert.ok((db.prepare('SELECT count(*) FROM schema_migrations').pluck().get() as number) >= 1);
  db.prepare("UPDATE products SET name = 'Kaos Setelah Restart' WHERE slug = 'kaos-polos' AND store_id = 1").run();
  db.close();

  server = await startServer(['--port', '0', '--db', file]);
  const product = (await (await fetch(`${server.url}/v3/stores/demo-store/public/products/kaos-polos`, { headers })).json()) as { name: string };
  assert.equal(product.name, 'Kaos Setelah Restart', 'the seed is not loaded over existing data');
  await server.stop();
});

test('--seed loads a merchant\'s own catalog, and a bad seed file fails with a clear message', async () => {
  const demo = JSON.parse(readFileSync('src/server/seed/demo-seed.json', 'utf8'));
  const store = { ...demo.stores[0], unique_id: 'toko-saya', storefront_keys: ['sfk_saya'], bundles: [], products: demo.stores[0].products.slice(0, 2) };
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify({ businesses: [demo.businesses[0]], stores: [store] }));
  const server = await startServer(['--port', '0', '--db', ':memory:', '--seed', seedFile]);
  const res = await fetch(`${server.url}/v3/stores/toko-saya/public/items/count`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_saya' } });
  assert.deepEqual(await res.json(), { total: 2 });
  await server.stop();

  const badFile = join(dir, 'bad.json');
  writeFileSync(badFile, JSON.stringify({ businesses: [], stores: [{ ...store, unique_id: 'Bad Id!' }] }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', '--port', '0', '--db', ':memory:', '--seed', badFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  assert.notEqual(code, 0);
  assert.match(stderr, /unique_id/);
});
