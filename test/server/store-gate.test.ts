import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ErrorBody } from '../../src/contract/index.ts';
import { DEMO, testServer } from './helpers.ts';

const STORE_NOT_FOUND = '{"error":{"code":"store_not_found","message":"Store not found"}}';

describe('storefront key and plan (one identical 404)', () => {
  const { storefront, db } = testServer();

  test('missing key, wrong key, another store\'s key, unknown store and inactive plans answer the same bytes', async () => {
    db.prepare("INSERT INTO businesses (id, name, plan, status, paid) VALUES (7, 'Lite', 'lite', 'active', 1), (8, 'Gone', 'pro', 'inactive', 1), (9, 'Unpaid', 'ultimate', 'active', 0)").run();
    for (const [id, business] of [[7, 7], [8, 8], [9, 9]]) {
      db.prepare("INSERT INTO stores (id, unique_id, business_id, name, custom_domain) VALUES (?, ?, ?, 'x', 'https://x.example')").run(id, `store-${id}`, business);
      db.prepare('INSERT INTO store_keys (key, store_id) VALUES (?, ?)').run(`sfk_${id}`, id);
      db.prepare("INSERT INTO store_origins (store_id, origin) VALUES (?, 'http://localhost:8787')").run(id);
    }
    const cases: [string, string, Record<string, string | null>][] = [
      ['missing key', DEMO.storeId, { 'X-Service-Storefront-Api-Key': null }],
      ['wrong key', DEMO.storeId, { 'X-Service-Storefront-Api-Key': 'sfk_wrong' }],
      ['another store\'s key', DEMO.storeId, { 'X-Service-Storefront-Api-Key': 'sfk_otp' }],
      ['unknown store', 'no-such-store', {}],
      ['unknown numeric store', '999', {}],
      ['free plan', 'free-store', { 'X-Service-Storefront-Api-Key': 'sfk_free' }],
      ['lite plan', 'store-7', { 'X-Service-Storefront-Api-Key': 'sfk_7' }],
      ['inactive business', 'store-8', { 'X-Service-Storefront-Api-Key': 'sfk_8' }],
      ['unpaid business', 'store-9', { 'X-Service-Storefront-Api-Key': 'sfk_9' }],
    ];
    for (const [name, store, headers] of cases) {
      for (const path of ['/items', '/items/count', '/products/kaos-polos', '/payment-methods', '/locations/provinces']) {
        const res = await storefront('GET', path, { store, headers });
        assert.equal(res.status, 404, `${name} ${path}`);
        assert.equal(res.text, STORE_NOT_FOUND, `${name} ${path}`);
      }
    }
    // keys and allowed origins of an inactive store are still stored
    assert.equal(db.prepare("SELECT count(*) FROM store_keys WHERE key = 'sfk_free'").pluck().get(), 1);
    assert.ok((db.prepare('SELECT count(*) FROM store_origins WHERE store_id = 2').pluck().get() as number) > 0);
  });

  test('the valid key works through the numeric id too', async () => {
    assert.equal((await storefront('GET', '/items/count', { store: '1' })).status, 200);
  });
});

describe('CORS: exact-origin allow-list', () => {
  const { storefront } = testServer();

  test('an allowed origin is echoed, varies on Origin, and exposes the headers clients read', async () => {
    const res = await storefront('GET', '/items/count', { headers: { Origin: DEMO.origin } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), DEMO.origin);
    assert.match(res.headers.get('vary') ?? '', /Origin/);
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const name of ['x-service-guest-token', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) {
      assert.ok(exposed.includes(name), name);
    }
  });

  test('an unknown or null origin gets no allow header and may not change state', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:8787.evil.example', 'http://LOCALHOST:8787']) {
      const read = await storefront('GET', '/items/count', { headers: { Origin: origin } });
      assert.equal(read.headers.get('access-control-allow-origin'), null, origin);
      assert.match(read.headers.get('vary') ?? '', /Origin/);
      const write = await storefront('POST', '/discount-codes/check', { headers: { Origin: origin }, body: { code: 'HEMAT10' } });
      assert.equal(write.status, 403, origin);
      assert.equal(ErrorBody.parse(write.json).error.code, 'origin_not_allowed');
    }
  });

  test('preflight answers allowed origins with methods and headers, others without', async () => {
    const ok = await storefront('OPTIONS', '/cart/items', {
      headers: { Origin: DEMO.origin, 'Access-Control-Request-Method': 'POST', 'X-Service-Storefront-Api-Key': null },
    });
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get('access-control-allow-origin'), DEMO.origin);
    assert.match(ok.headers.get('access-control-allow-methods') ?? '', /POST/);
    const allowHeaders = (ok.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const name of ['x-service-storefront-api-key', 'x-service-guest-token', 'content-type', 'idempotency-key']) assert.ok(allowHeaders.includes(name));
    assert.equal(ok.headers.get('access-control-max-age'), '7200', 'cached for the next page loads, up to Chromium\'s cap');
    const refused = await storefront('OPTIONS', '/cart/items', { headers: { Origin: 'https://evil.example', 'X-Service-Storefront-Api-Key': null } });
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
    assert.equal(refused.headers.get('access-control-allow-methods'), null);
  });

  test('requests without an Origin (server to server) are allowed', async () => {
    const res = await storefront('GET', '/items/count');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  });
});

describe('rate limit per client IP', () => {
  const { storefront } = testServer({ browserRateLimit: { limit: 3, windowSeconds: 60 }, trustProxy: true });
  const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip, Origin: DEMO.origin } });

  test('every answer carries the X-Ratelimit headers; past the limit a plain-text 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await storefront('GET', '/items/count', from('10.0.0.1')));
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 429]);
    assert.deepEqual(answers.map((a) => a.headers.get('x-ratelimit-remaining')), ['2', '1', '0', '0']);
    for (const a of answers) {
      assert.equal(a.headers.get('x-ratelimit-limit'), '3');
      assert.match(a.headers.get('x-ratelimit-reset') ?? '', /^\d+$/);
    }
    const limited = answers[3]!;
    assert.match(limited.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/);
    assert.equal(limited.headers.get('access-control-allow-origin'), DEMO.origin, 'a page can read the 429');
    assert.equal(limited.json, undefined);
  });

  test('other clients have their own bucket', async () => {
    assert.equal((await storefront('GET', '/items/count', from('10.0.0.2'))).status, 200);
    assert.equal((await storefront('GET', '/items/count', from('10.0.0.1'))).status, 429);
  });

  test('the limit recovers after the window', async () => {
    // a window of 3 s: the two first requests fall in it even on a loaded machine
    const short = testServer({ browserRateLimit: { limit: 1, windowSeconds: 3 } });
    const statuses = [(await short.storefront('GET', '/items/count')).status, (await short.storefront('GET', '/items/count')).status];
    assert.deepEqual(statuses, [200, 429]);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    assert.equal((await short.storefront('GET', '/items/count')).status, 200);
  });

  test('bad keys count too, so keys cannot be guessed at full speed', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await storefront('GET', '/items', { headers: { ...from('10.0.0.3').headers, 'X-Service-Storefront-Api-Key': `guess-${i}` } })).status);
    assert.deepEqual(statuses, [404, 404, 404, 429]);
  });
});

describe('errors', () => {
  const { storefront, app } = testServer();

  test('unknown routes are a JSON 404 in the error shape', async () => {
    const inside = await storefront('GET', '/no-such-route');
    assert.equal(inside.status, 404);
    ErrorBody.parse(inside.json);
    const outside = await app.request('/v3/nothing-here');
    assert.equal(outside.status, 404);
    ErrorBody.parse(await outside.json());
  });

  test('malformed query parameters never produce a 500', async () => {
    const nasty = ['%', '%zz', '\u0000', 'a'.repeat(5000), '-1', '1e309', '[]', '{"a":1}', '0x10', ' 5', '1.5'];
    const paths = ['/items?page_size=', '/items?next_cursor=', '/items?previous_cursor=', '/items?category=', '/locations?search=',
      '/locations?page_size=', '/locations/cities?province_id=', '/locations/subdistricts?city_id=', '/variants/pricing?variant_ids=',
      '/locations/provinces?search=', '/products/', '/variants/'];
    for (const path of paths) {
      for (const value of nasty) {
        const res = await storefront('GET', `${path}${encodeURIComponent(value)}`);
        assert.ok(res.status < 500, `${path}${value} → ${res.status}`);
        if (res.status >= 400) ErrorBody.parse(res.json);
      }
    }
  });
});
