import { getRequestListener } from '@hono/node-server';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { createAppWithListener } from '../../src/server/app.ts';
import type { ServerConfigOverrides } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { OTHER_WRITERS_CHECK_MS } from '../../src/server/db/version-counter.ts';
import { ROUTE_GROUPS } from '../../src/server/index.ts';
import { DEMO, demoDatabase } from './helpers.ts';

/**
 * The node-level fast path for cached catalog reads (src/server/http/catalog-fast-path.ts) over real HTTP: it must
 * answer exactly what the Hono route answers, see every write at once, and share the gate's limiter.
 */
const servers: Server[] = [];
after(() => servers.forEach((s) => s.close()));

async function fastPathServer(config: ServerConfigOverrides = {}, dbPath = ':memory:') {
  const db = demoDatabase(dbPath);
  const { fastPath, app } = createAppWithListener({ db, config, routes: ROUTE_GROUPS });
  const viaHono = getRequestListener(app.fetch);
  const answeredBy: ('fast path' | 'app')[] = [];
  const server = createServer((req, res) => {
    const fast = fastPath(req, res);
    answeredBy.push(fast ? 'fast path' : 'app');
    if (!fast) void viaHono(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = (path: string, store: string = DEMO.storeId) => `${origin}/v3/stores/${store}/public${path}`;

  async function get(path: string, headers: Record<string, string> = {}, store?: string) {
    const res = await fetch(url(path, store), { headers: { 'X-Service-Storefront-Api-Key': DEMO.key, ...headers } });
    const body = await res.text();
    return { status: res.status, headers: res.headers, body, by: answeredBy.at(-1) };
  }
  return { db, get, url, lastBy: () => answeredBy.at(-1) };
}

/** Headers that may differ between two answers to the same request: the clock and the limiter's countdown. */
const VARYING = new Set(['date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'connection', 'keep-alive']);
const stable = (headers: Headers) => [...headers].filter(([name]) => !VARYING.has(name)).sort();

describe('catalog fast path', () => {
  test('answers a cached read with the status, bytes and headers the app answered', async () => {
    const s = await fastPathServer();
    const requests: Record<string, string>[] = [{}, { Origin: DEMO.origin }, { Origin: 'https://elsewhere.example' }];
    for (const headers of requests) {
      for (const path of ['/items?page_size=24', '/items/count', '/categories']) {
        const first = await s.get(path, headers);
        const second = await s.get(path, headers);
        assert.equal(second.by, 'fast path', `${path} ${JSON.stringify(headers)}`);
        assert.equal(second.status, 200);
        assert.equal(second.body, first.body);
        assert.deepEqual(stable(second.headers), stable(first.headers));
      }
    }
    const allowed = await s.get('/categories', { Origin: DEMO.origin });
    assert.equal(allowed.headers.get('access-control-allow-origin'), DEMO.origin);
    assert.equal((await s.get('/categories', { Origin: 'https://elsewhere.example' })).headers.get('access-control-allow-origin'), null);
  });

  test('takes the store key from the query as the app does (docs/contract-gaps.md), and a wrong one falls through', async () => {
    const s = await fastPathServer();
    const read = async (query: string) => {
      const res = await fetch(s.url(`/items?page_size=3&${query}`), { headers: { Origin: DEMO.origin } });
      return { status: res.status, body: await res.text(), allow: res.headers.get('access-control-allow-origin'), by: s.lastBy() };
    };
    const first = await read(`store_key=${DEMO.key}`);
    const second = await read(`store_key=${DEMO.key}`);
    assert.deepEqual([first.by, second.by], ['app', 'fast path']);
    assert.equal(second.status, 200);
    assert.equal(second.body, first.body);
    assert.equal(second.allow, DEMO.origin);
    const wrong = await read('store_key=sfk_wrong');
    assert.deepEqual([wrong.by, wrong.status], ['app', 404]);
  });

  test('answers 304 to a matching If-None-Match, as the app does', async () => {
    const s = await fastPathServer();
    const { headers } = await s.get('/items?page_size=5');
    const etag = headers.get('etag')!;
    s.db.prepare('UPDATE products SET name = name').run(); // a new catalog version, the same page
    const fromApp = await s.get('/items?page_size=5', { 'If-None-Match': etag });
    const fromFastPath = await s.get('/items?page_size=5', { 'If-None-Match': etag });
    assert.deepEqual([fromApp.by, fromFastPath.by], ['app', 'fast path']);
    for (const answer of [fromApp, fromFastPath]) {
      assert.equal(answer.status, 304);
      assert.equal(answer.body, '');
      assert.equal(answer.headers.get('etag'), etag);
    }
    assert.deepEqual(stable(fromFastPath.headers), stable(fromApp.headers));
    assert.equal((await s.get('/items?page_size=5', { 'If-None-Match': 'W/"another"' })).status, 200);
  });

  test('sees catalog, key, origin and plan changes on the very next request', async () => {
    const s = await fastPathServer();
    await s.get('/items?page_size=24', { Origin: DEMO.origin });
    assert.equal((await s.get('/items?page_size=24', { Origin: DEMO.origin })).by, 'fast path');

    s.db.prepare("UPDATE products SET name = 'Renamed at once' WHERE id = (SELECT MIN(id) FROM products)").run();
    const renamed = await s.get('/items?page_size=24', { Origin: DEMO.origin });
    assert.equal(renamed.by, 'app');
    assert.match(renamed.body, /Renamed at once/);

    s.db.prepare('DELETE FROM store_origins WHERE origin = ?').run(DEMO.origin);
    assert.equal((await s.get('/items?page_size=24', { Origin: DEMO.origin })).headers.get('access-control-allow-origin'), null);

    s.db.prepare("UPDATE businesses SET plan = 'free'").run();
    const freePlan = await s.get('/items?page_size=24');
    assert.equal(freePlan.status, 404);
    s.db.prepare("UPDATE businesses SET plan = 'pro'").run();
    assert.equal((await s.get('/items?page_size=24')).status, 200);

    s.db.prepare('DELETE FROM store_keys WHERE key = ?').run(DEMO.key);
    const revoked = await s.get('/items?page_size=24');
    assert.equal(revoked.status, 404);
    assert.equal(revoked.by, 'app');
  });

  test('sees a write by another process within its check interval', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-fast-path-')), 'shared.sqlite');
    const s = await fastPathServer({}, file);
    const total = async () => JSON.parse((await s.get('/items/count')).body).total as number;
    const before = await total();
    assert.equal((await s.get('/items/count')).by, 'fast path');

    const other = openDatabase(file); // a second connection, as another process would open
    other.prepare('UPDATE products SET listed = 0 WHERE id = (SELECT MIN(id) FROM products WHERE listed = 1)').run();
    other.close();
    await new Promise((resolve) => setTimeout(resolve, OTHER_WRITERS_CHECK_MS + 100));
    assert.equal(await total(), before - 1);
  });

  test('shares the limiter with the app: the 429 is the same, whichever path answers it', async () => {
    const s = await fastPathServer({ browserRateLimit: { limit: 3, windowSeconds: 60 } });
    await s.get('/categories'); // app, 1
    assert.equal((await s.get('/categories')).by, 'fast path'); // 2
    assert.equal((await s.get('/locations?search=bandung')).by, 'app'); // 3
    const fast = await s.get('/categories');
    const slow = await s.get('/locations?search=bandung');
    assert.equal(fast.by, 'fast path');
    for (const limited of [fast, slow]) {
      assert.equal(limited.status, 429);
      assert.equal(limited.body, 'Too many requests, please retry later.');
      assert.match(limited.headers.get('content-type')!, /^text\/plain/);
      assert.equal(limited.headers.get('x-ratelimit-remaining'), '0');
      assert.match(limited.headers.get('retry-after')!, /^[1-9]\d*$/);
    }
  });

  test('leaves repeated headers, other methods and unknown stores or keys to the app', async () => {
    const s = await fastPathServer();
    await s.get('/categories');
    assert.equal((await s.get('/categories')).by, 'fast path');
    assert.equal((await s.get('/categories', { 'X-Service-Storefront-Api-Key': 'sfk_wrong' })).by, 'app');
    const repeated = await rawGet(s.url('/categories'), { 'X-Service-Storefront-Api-Key': DEMO.key, Origin: [DEMO.origin, DEMO.origin] });
    assert.equal(s.lastBy(), 'app');
    assert.equal(repeated.headers['access-control-allow-origin'], undefined, 'two origins are not an allowed origin');
    const head = await fetch(s.url('/categories'), { method: 'HEAD', headers: { 'X-Service-Storefront-Api-Key': DEMO.key } });
    assert.equal(head.status, 200);
    assert.equal(s.lastBy(), 'app');
    assert.equal((await s.get('/categories', {}, 'no-such-store')).status, 404);
    assert.equal(s.lastBy(), 'app');
  });
});

/** A GET through node:http, which (unlike fetch) can send a header twice. */
function rawGet(url: string, headers: Record<string, string | string[]>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    }).on('error', reject).end();
  });
}
