import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createReferenceServer } from '../../src/server/index.ts';
import { runCliToExit, startCli } from './cli-helpers.ts';

/** Whether a browser on `origin` may read the answer of a GET (the server echoes allowed origins only). */
async function allowed(base: string, path: string, origin: string, headers: Record<string, string>): Promise<boolean> {
  const res = await fetch(`${base}${path}`, { headers: { ...headers, Origin: origin } });
  await res.arrayBuffer();
  return res.headers.get('access-control-allow-origin') === origin;
}
const store = (id: string, key: string) => [`/v3/stores/${id}/public/items/count`, { 'X-Service-Storefront-Api-Key': key }] as const;
const page = (id: string, key: string) => [`/v3/pages/${id}/locations/provinces`, { 'X-Service-Page-Api-Key': key }] as const;

describe('merchant set-up: --allow-origin', () => {
  it('adds an origin to every store and page, or STORE=ORIGIN to one store, from the command line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-origins-'));
    const args = ['--port', '0', '--db', join(dir, 'ref.sqlite'), '--allow-origin', 'http://localhost:3000/', '--allow-origin', 'otp-store=http://127.0.0.1:4000'];
    const server = await startCli(args);
    const check = (target: readonly [string, Record<string, string>], origin: string) => allowed(server.url, target[0], origin, target[1]);
    assert.equal(await check(store('demo-store', 'sfk_demo'), 'http://localhost:3000'), true);
    assert.equal(await check(store('otp-store', 'sfk_otp'), 'http://localhost:3000'), true);
    assert.equal(await check(page('demo-page', 'pgk_demo'), 'http://localhost:3000'), true, 'a page with its own domains');
    assert.equal(await check(page('other-page', 'pgk_other'), 'http://localhost:3000'), true, 'a page using the business domains');
    assert.equal(await check(page('other-page', 'pgk_other'), 'http://localhost:8787'), true, 'the business domains still apply');
    assert.equal(await check(store('otp-store', 'sfk_otp'), 'http://127.0.0.1:4000'), true);
    assert.equal(await check(store('demo-store', 'sfk_demo'), 'http://127.0.0.1:4000'), false, 'only the named store');
    assert.equal(await check(store('demo-store', 'sfk_demo'), 'http://localhost:3001'), false);
    await server.stop();
    const again = await startCli(args); // an existing database: applied again, nothing doubled
    const [path, headers] = store('demo-store', 'sfk_demo');
    assert.equal(await allowed(again.url, path, 'http://localhost:3000', headers), true);
    await again.stop();
    const db = new Database(join(dir, 'ref.sqlite'), { readonly: true });
    const domains = db.prepare("SELECT domains FROM pages WHERE unique_id = 'demo-page'").pluck().get() as string;
    assert.deepEqual(JSON.parse(domains), ['http://localhost:8787', 'http://127.0.0.1:8787', 'http://localhost:3000']);
    db.close();
  });

  it('refuses what is not an origin (exit 2) and an unknown store (exit 1), naming the problem', async () => {
    const path = await runCliToExit(['--port', '0', '--db', ':memory:', '--allow-origin', 'http://localhost:3000/shop']);
    assert.equal(path.code, 2);
    assert.match(path.stderr, /without a path/);
    assert.equal((await runCliToExit(['--port', '0', '--db', ':memory:', '--allow-origin', 'localhost:3000'])).code, 2);
    const unknown = await runCliToExit(['--port', '0', '--db', ':memory:', '--allow-origin', 'no-such-store=http://localhost:3000']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /Unknown store "no-such-store"/);
  });

  it('or in the seed file: allowed_origins of a store and domains of a page', async () => {
    const seed = JSON.parse(readFileSync('src/server/seed/demo-seed.json', 'utf8'));
    seed.stores[0].allowed_origins.push('https://dev.toko-saya.test');
    seed.pages[0].domains.push('https://dev.toko-saya.test');
    const server = createReferenceServer({ db: ':memory:', seed, config: { webhooks: { deliver: false } } });
    const origin = 'https://dev.toko-saya.test';
    for (const [path, headers] of [store('demo-store', 'sfk_demo'), page('demo-page', 'pgk_demo')]) {
      const res = await server.app.request(path, { headers: { ...headers, Origin: origin } });
      assert.equal(res.headers.get('access-control-allow-origin'), origin, path);
    }
    server.close();
  });
});
