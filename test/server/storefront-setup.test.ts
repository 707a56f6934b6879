import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StoreSetup, StoreSetupList } from '../../src/contract/index.ts';
import { KEYS, merchantServer } from './merchant-helpers.ts';
import { physicalCheckout, variant } from './order-fixtures.ts';

const SHOP = 'https://shop.example';

describe('storefront set-up: stores and plan state', () => {
  it('lists the business\'s stores with plan state, keys and origins; other businesses\' stores are 404', async () => {
    const s = await merchantServer();
    const stores = StoreSetupList.parse((await s.business('GET', '/v3/stores')).json);
    assert.deepEqual(stores.map((st) => [st.unique_id, st.plan_state.plan, st.plan_state.storefront_active]), [['demo-store', 'pro', true]]);
    assert.deepEqual(stores[0]!.storefront_keys, ['sfk_demo']);
    const byId = StoreSetup.parse((await s.business('GET', '/v3/stores/1')).json);
    assert.equal(byId.unique_id, 'demo-store');
    assert.equal((await s.business('GET', '/v3/stores/free-store')).status, 404);
    assert.equal((await s.business('GET', '/v3/stores/2/storefront-keys')).status, 404);
    assert.equal((await s.business('GET', '/v3/stores/no-such-store')).status, 404);
    assert.equal((await s.business('GET', '/v3/stores', null)).status, 401);
  });

  it('roles: staff read, owners and admins write, pending members neither', async () => {
    const s = await merchantServer();
    assert.equal((await s.business('GET', '/v3/stores/demo-store/allowed-origins', KEYS.staff)).status, 200);
    const staffWrite = await s.business('POST', '/v3/stores/demo-store/allowed-origins', KEYS.staff, { origin: SHOP });
    assert.equal(staffWrite.status, 403);
    assert.match(staffWrite.json.error.message, /owner or admin/);
    assert.equal((await s.business('POST', '/v3/stores/demo-store/storefront-keys', KEYS.staff, {})).status, 403);
    assert.equal((await s.business('GET', '/v3/stores', KEYS.pending)).status, 403);
    assert.equal((await s.business('POST', '/v3/stores/demo-store/allowed-origins', KEYS.admin, { origin: SHOP })).status, 201);
  });

  it('works below Basic: a free business configures keys and origins, and its storefront still answers Store not found', async () => {
    const s = await merchantServer();
    const [free] = StoreSetupList.parse((await s.business('GET', '/v3/stores', KEYS.freeOwner)).json);
    assert.deepEqual([free!.unique_id, free!.plan_state.plan, free!.plan_state.storefront_active], ['free-store', 'free', false]);
    const created = await s.business('POST', '/v3/stores/free-store/storefront-keys', KEYS.freeOwner, {});
    assert.equal(created.status, 201);
    assert.equal((await s.business('POST', '/v3/stores/free-store/allowed-origins', KEYS.freeOwner, { origin: SHOP })).status, 201);
    const sf = await s.storefront('GET', '/items', { store: 'free-store', key: created.json.key, origin: SHOP });
    assert.equal(sf.status, 404);
    assert.deepEqual(sf.json, { error: { code: 'store_not_found', message: 'Store not found' } });
  });
});

describe('storefront keys', () => {
  it('create, rotate and revoke: the storefront refuses a replaced or revoked key on the very next request (fast path too)', async () => {
    const s = await merchantServer();
    const created = await s.business('POST', '/v3/stores/demo-store/storefront-keys', KEYS.owner, {});
    assert.equal(created.status, 201);
    assert.match(created.json.key, /^sfk_[A-Za-z0-9_-]{24}$/);
    const key = created.json.key as string;
    for (let i = 0; i < 2; i++) assert.equal((await s.storefront('GET', '/items', { key })).status, 200, 'the cached answer is served too');

    const rotated = await s.business('POST', `/v3/stores/demo-store/storefront-keys/${key}/rotate`, KEYS.admin);
    assert.equal(rotated.status, 200);
    assert.equal(rotated.json.replaces, key);
    assert.notEqual(rotated.json.key, key);
    assert.equal((await s.storefront('GET', '/items', { key })).status, 404, 'the old key is refused at once');
    assert.equal((await s.storefront('GET', '/items', { key: rotated.json.key })).status, 200);
    assert.deepEqual((await s.business('GET', '/v3/stores/demo-store/storefront-keys')).json, ['sfk_demo', rotated.json.key]);

    assert.equal((await s.storefront('GET', '/items')).status, 200);
    assert.equal((await s.business('DELETE', '/v3/stores/demo-store/storefront-keys/sfk_demo')).status, 204);
    assert.equal((await s.storefront('GET', '/items')).status, 404, 'a revoked key is refused at once');
    assert.equal((await s.storefront('GET', '/categories')).status, 404);
    assert.equal((await s.business('DELETE', '/v3/stores/demo-store/storefront-keys/sfk_demo')).status, 404);
    assert.equal((await s.business('POST', '/v3/stores/demo-store/storefront-keys/sfk_demo/rotate')).status, 404);
  });

  it('a chosen key must be well-formed and unused anywhere', async () => {
    const s = await merchantServer();
    const taken = await s.business('POST', '/v3/stores/demo-store/storefront-keys', KEYS.owner, { key: 'sfk_free' });
    assert.equal(taken.status, 400);
    assert.ok(taken.json.error.fields.key);
    const bad = await s.business('POST', '/v3/stores/demo-store/storefront-keys', KEYS.owner, { key: 'no spaces!' });
    assert.equal(bad.status, 400);
    assert.ok(bad.json.error.fields.key);
    const unknownField = await s.business('POST', '/v3/stores/demo-store/storefront-keys', KEYS.owner, { label: 'x' });
    assert.equal(unknownField.status, 400);
    assert.equal((await s.business('POST', '/v3/stores/demo-store/storefront-keys', KEYS.owner, { key: 'sfk_mine' })).json.key, 'sfk_mine');
    assert.equal((await s.storefront('GET', '/items/count', { key: 'sfk_mine' })).status, 200);
  });
});

describe('allowed origins', () => {
  it('normalises exact origins and refuses paths, wildcards and other schemes, naming the field', async () => {
    const s = await merchantServer();
    const added = await s.business('POST', '/v3/stores/demo-store/allowed-origins', KEYS.owner, { origin: 'HTTPS://Shop.Example:443/' });
    assert.equal(added.status, 201);
    assert.deepEqual(added.json, { origin: SHOP, created: true });
    const again = await s.business('POST', '/v3/stores/demo-store/allowed-origins', KEYS.owner, { origin: SHOP });
    assert.deepEqual([again.status, again.json.created], [200, false]);
    assert.equal((await s.business('POST', '/v3/stores/demo-store/allowed-origins', KEYS.owner, { origin: 'http://localhost:3000' })).json.origin, 'http://localhost:3000');
    for (const origin of ['https://shop.example/shop', 'https://*.example.com', '*', 'ftp://shop.example', 'shop.example', 'https://shop.example?x=1',
      'https://user:pw@shop.example', 'https://shop.example#top', '', 42]) {
      const res = await s.business('POST', '/v3/stores/demo-store/allowed-origins', KEYS.owner, { origin });
      assert.equal(res.status, 400, String(origin));
      assert.ok(res.json.error.fields.origin, String(origin));
    }
    assert.ok(((await s.business('GET', '/v3/stores/demo-store/allowed-origins')).json as string[]).includes(SHOP));
    assert.equal((await s.business('DELETE', '/v3/stores/demo-store/allowed-origins?origin=nope')).json.error.fields['query.origin'] !== undefined, true);
  });

  it('an added origin is served at once; a removed one is refused on the very next request', async () => {
    const s = await merchantServer();
    const before = await s.storefront('GET', '/items', { origin: SHOP });
    assert.equal(before.headers.get('access-control-allow-origin'), null);
    assert.equal((await s.business('POST', '/v3/stores/demo-store/allowed-origins', KEYS.owner, { origin: SHOP })).status, 201);
    for (let i = 0; i < 2; i++) {
      assert.equal((await s.storefront('GET', '/items', { origin: SHOP })).headers.get('access-control-allow-origin'), SHOP, 'fast path too');
    }
    assert.equal((await s.storefront('POST', '/cart/items', { origin: SHOP, body: { type: 'variant', variant_id: 101, quantity: 1 } })).status, 201);

    assert.equal((await s.business('DELETE', `/v3/stores/demo-store/allowed-origins?origin=${encodeURIComponent(SHOP)}`)).status, 204);
    assert.equal((await s.storefront('GET', '/items', { origin: SHOP })).headers.get('access-control-allow-origin'), null);
    const refused = await s.storefront('POST', '/cart/items', { origin: SHOP, body: { type: 'variant', variant_id: 101, quantity: 1 } });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error.code, 'origin_not_allowed');
    assert.equal((await s.business('DELETE', `/v3/stores/demo-store/allowed-origins?origin=${encodeURIComponent(SHOP)}`)).status, 404);
  });
});

describe('landing page keys and domains', () => {
  const pageCall = (s: Awaited<ReturnType<typeof merchantServer>>, key: string, origin?: string) =>
    fetch(`${s.base}/v3/pages/demo-page/checkout/summary`, {
      method: 'POST',
      headers: { 'X-Service-Page-Api-Key': key, 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
      body: '{}',
    }).then(async (res) => ({ status: res.status, json: await res.json() as any }));

  it('lists the business\'s pages; keys are created, rotated and revoked, refused at once', async () => {
    const s = await merchantServer();
    const pages = (await s.business('GET', '/v3/landing-pages')).json;
    assert.deepEqual(pages.map((p: any) => [p.unique_id, p.keys, p.store.unique_id]), [['demo-page', ['pgk_demo'], 'demo-store'], ['other-page', ['pgk_other'], 'demo-store']]);
    assert.equal((await s.business('GET', '/v3/landing-pages/demo-page', KEYS.freeOwner)).status, 404);
    assert.equal((await s.business('POST', '/v3/landing-pages/demo-page/keys', KEYS.staff, {})).status, 403);
    assert.notEqual((await pageCall(s, 'pgk_demo')).status, 404);
    const rotated = await s.business('POST', '/v3/landing-pages/demo-page/keys/pgk_demo/rotate', KEYS.owner);
    assert.match(rotated.json.key, /^pgk_/);
    assert.equal((await pageCall(s, 'pgk_demo')).json.error.code, 'page_not_found');
    assert.notEqual((await pageCall(s, rotated.json.key)).status, 404);
    assert.equal((await s.business('POST', '/v3/landing-pages/1/keys', KEYS.owner, { key: 'pgk_other' })).json.error.fields.key, 'This key is already in use');
    assert.equal((await s.business('DELETE', `/v3/landing-pages/1/keys/${rotated.json.key}`)).status, 204);
    assert.equal((await pageCall(s, rotated.json.key)).status, 404);
  });

  it('domains: validated like origins, a removed one refused at once', async () => {
    const s = await merchantServer();
    const bad = await s.business('POST', '/v3/landing-pages/demo-page/domains', KEYS.owner, { origin: 'https://promo.example/landing' });
    assert.ok(bad.json.error.fields.origin);
    assert.equal((await s.business('POST', '/v3/landing-pages/demo-page/domains', KEYS.owner, { origin: 'https://Promo.Example' })).status, 201);
    assert.ok((await s.business('GET', '/v3/landing-pages/demo-page')).json.domains.includes('https://promo.example'));
    assert.notEqual((await pageCall(s, 'pgk_demo', 'https://promo.example')).json.error?.code, 'origin_not_allowed');
    assert.equal((await s.business('DELETE', '/v3/landing-pages/demo-page/domains?origin=https://promo.example')).status, 204);
    assert.equal((await pageCall(s, 'pgk_demo', 'https://promo.example')).json.error.code, 'origin_not_allowed');
  });
});

describe('store settings: where the buyer\'s order link leads', () => {
  it('order_status_url: the merchant\'s page with ?order= in public_order_url (the public order and the order page), null goes back', async () => {
    const s = await merchantServer();
    assert.equal(StoreSetup.parse((await s.business('GET', '/v3/stores/demo-store')).json).order_status_url, null);
    const place = async () => {
      const placed = await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(104)], { payment_method: 'bank_transfer' }) });
      assert.equal(placed.status, 201, placed.text);
      return placed.json as { secret_slug: string; public_order_url: string };
    };
    assert.match((await place()).public_order_url, /^http:\/\/localhost:8787\/order-status\.html\?order=/);

    const page = 'https://shop.example/pesanan?lang=id';
    const set = await s.business('PATCH', '/v3/stores/demo-store', KEYS.admin, { order_status_url: page });
    assert.equal(set.status, 200, set.text);
    assert.equal(StoreSetup.parse(set.json).order_status_url, page);
    const order = await place();
    assert.equal(order.public_order_url, `https://shop.example/pesanan?lang=id&order=${order.secret_slug}`);
    assert.equal((await s.storefront('GET', `/orders/${order.secret_slug}`)).json.public_order_url, order.public_order_url);

    assert.equal((await s.business('PATCH', '/v3/stores/demo-store', KEYS.owner, { order_status_url: null })).status, 200);
    assert.match((await s.storefront('GET', `/orders/${order.secret_slug}`)).json.public_order_url, /^http:\/\/localhost:8787\/order-status\.html\?order=/);
  });

  it('refuses what is not a page address (naming the field), and staff may not change it', async () => {
    const s = await merchantServer();
    for (const bad of ['javascript:alert(1)', '/pesanan', 'https://user:pw@shop.example/', 'https://shop.example/#order', 42]) {
      const refused = await s.business('PATCH', '/v3/stores/demo-store', KEYS.owner, { order_status_url: bad });
      assert.equal(refused.status, 400, String(bad));
      assert.match(JSON.stringify(refused.json.error), /order_status_url/, String(bad));
    }
    assert.equal((await s.business('PATCH', '/v3/stores/demo-store', KEYS.owner, { unknown: 1 })).status, 400);
    assert.equal((await s.business('PATCH', '/v3/stores/demo-store', KEYS.staff, { order_status_url: 'https://shop.example/o' })).status, 403);
    assert.equal(StoreSetup.parse((await s.business('GET', '/v3/stores/demo-store')).json).order_status_url, null);
  });
});
