import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEMO, testServer } from './helpers.ts';

/**
 * Extension (docs/contract-gaps.md): the public catalog GETs take the storefront key as `store_key` too, so that a
 * browser sends them as CORS-simple requests (no preflight). Nothing else takes it there.
 */
const STORE_NOT_FOUND = '{"error":{"code":"store_not_found","message":"Store not found"}}';
const noHeader = { 'X-Service-Storefront-Api-Key': null };

describe('store key as a query parameter on catalog reads', () => {
  const { storefront } = testServer();

  test('catalog GETs answer as with the header, exact-origin CORS included', async () => {
    for (const path of ['/items?page_size=2', '/items/count', '/products/kaos-polos', '/categories', '/payment-methods', '/variants/pricing?variant_ids=101']) {
      const withHeader = await storefront('GET', path);
      const sep = path.includes('?') ? '&' : '?';
      const withQuery = await storefront('GET', `${path}${sep}store_key=${DEMO.key}`, { headers: { ...noHeader, Origin: DEMO.origin } });
      assert.equal(withQuery.status, 200, path);
      assert.deepEqual(withQuery.json, withHeader.json, path);
      assert.equal(withQuery.headers.get('access-control-allow-origin'), DEMO.origin, path);
      const foreign = await storefront('GET', `${path}${sep}store_key=${DEMO.key}`, { headers: { ...noHeader, Origin: 'https://evil.example' } });
      assert.equal(foreign.headers.get('access-control-allow-origin'), null, path); // the browser hides the answer
    }
  });

  test('a wrong key in the query is the same 404 as a wrong header; the header wins when both are sent', async () => {
    const wrong = await storefront('GET', '/items?store_key=sfk_wrong', { headers: noHeader });
    assert.equal(wrong.status, 404);
    assert.equal(wrong.text, STORE_NOT_FOUND);
    const both = await storefront('GET', `/items?store_key=${DEMO.key}`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_wrong' } });
    assert.equal(both.status, 404);
  });

  test('cart, checkout, auth, orders and locations, and every write, still need the header', async () => {
    const q = `store_key=${DEMO.key}`;
    for (const [method, path] of [['GET', `/cart?${q}`], ['GET', `/locations/provinces?${q}`], ['GET', `/orders/none?${q}`],
      ['POST', `/cart/items?${q}`], ['POST', `/checkout/summary?${q}`]] as const) {
      const res = await storefront(method, path, { headers: noHeader, body: method === 'POST' ? {} : undefined });
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.text, STORE_NOT_FOUND, `${method} ${path}`);
    }
  });
});
