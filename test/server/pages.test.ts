import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CityList, DiscountCheckResult, LocationPage, PAGE_NOT_FOUND, PostalCodeList, ProvinceList, PublicOrder, ShippingOptionList,
  SubdistrictList, Summary,
} from '../../src/contract/index.ts';
import { accountServer, DEMO, PAGE } from './account-helpers.ts';
import { variant } from './order-fixtures.ts';

const destination = { location_id: 317402, postal_code: '31790', address: 'Jl. Kenanga No. 5' };
const shipping_option = { courier: 'jne', courier_service: 'REG', warehouse_id: 11 };
const orderBody = {
  customer: { name: 'Budi Santoso', phone: '081234567890' },
  destination, items: [variant(101, 2)], shipping_option, payment_method: 'bank_transfer',
};

describe('page gate', () => {
  it('a storefront key, another page\'s key, no key or an unknown page are one 404', async () => {
    const s = accountServer();
    const answers = await Promise.all([
      s.page('GET', '/locations/provinces', { key: DEMO.key }),
      s.page('GET', '/locations/provinces', { key: PAGE.otherKey }),
      s.page('GET', '/locations/provinces', { headers: { 'X-Service-Page-Api-Key': null } }),
      s.page('GET', '/locations/provinces', { page: 'no-such-page' }),
      s.page('POST', '/orders', { key: PAGE.otherKey, body: orderBody }),
    ]);
    for (const a of answers) {
      assert.equal(a.status, 404);
      assert.deepEqual(a.json, PAGE_NOT_FOUND);
    }
    assert.equal((await s.page('GET', '/locations/provinces', { page: PAGE.otherId, key: PAGE.otherKey })).status, 200);
  });

  it('an inactive store plan hides the page (404)', async () => {
    const s = accountServer();
    s.db.prepare("UPDATE businesses SET plan = 'free' WHERE id = 1").run();
    assert.equal((await s.page('GET', '/locations/provinces')).status, 404);
  });

  it('validates Origin against the page domains, else the business domains', async () => {
    const s = accountServer();
    s.db.prepare(`UPDATE pages SET domains = '["https://landing.example"]' WHERE unique_id = 'demo-page'`).run();
    const own = await s.page('GET', '/locations/provinces', { headers: { Origin: 'https://landing.example' } });
    assert.equal(own.headers.get('access-control-allow-origin'), 'https://landing.example');
    const business = await s.page('GET', '/locations/provinces', { headers: { Origin: DEMO.origin } });
    assert.equal(business.headers.get('access-control-allow-origin'), null); // page has domains: business ones do not count
    assert.equal((await s.page('POST', '/orders', { body: orderBody, headers: { Origin: DEMO.origin } })).status, 403);
    // other-page has no domains: the business domains apply
    const fallback = await s.page('GET', '/locations/provinces', { page: PAGE.otherId, key: PAGE.otherKey, headers: { Origin: DEMO.origin } });
    assert.equal(fallback.headers.get('access-control-allow-origin'), DEMO.origin);
    const evil = await s.page('POST', '/discount-codes/check', { page: PAGE.otherId, key: PAGE.otherKey, body: { code: 'X' }, headers: { Origin: 'https://evil.example' } });
    assert.equal(evil.status, 403);
    assert.equal(evil.headers.get('access-control-allow-origin'), null);
  });

  it('answers preflights for allowed origins with the page key header allowed; counts requests in the browser limiter', async () => {
    const s = accountServer();
    const res = await s.request('OPTIONS', `/v3/pages/${PAGE.id}/orders`, { headers: { Origin: DEMO.origin, 'Access-Control-Request-Method': 'POST' } });
    assert.equal(res.status, 204);
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /X-Service-Page-Api-Key/);
    const page = await s.page('GET', '/locations/provinces');
    assert.ok(page.headers.get('x-ratelimit-remaining'));
  });
});

describe('page locations mirror the storefront ones', () => {
  for (const [path, schema] of [
    ['/locations?search=coblong&page_size=2', LocationPage],
    ['/locations/provinces?search=jawa', ProvinceList],
    ['/locations/cities?province_id=32', CityList],
    ['/locations/subdistricts?city_id=3273', SubdistrictList],
    ['/locations/327301/postal-codes', PostalCodeList],
  ] as const) {
    it(`GET ${path}`, async () => {
      const s = accountServer();
      const res = await s.page('GET', path);
      assert.equal(res.status, 200);
      schema.parse(res.json);
      assert.deepEqual(res.json, (await s.storefront('GET', path)).json);
    });
  }
  it('keeps the storefront errors', async () => {
    const s = accountServer();
    assert.equal((await s.page('GET', '/locations?page_size=101')).status, 400);
    assert.equal((await s.page('GET', '/locations/cities?province_id=99')).status, 404);
  });
});

describe('page discount check', () => {
  it('evaluates against the page store; unknown codes are a typed ineligible 200', async () => {
    const s = accountServer();
    const ok = await s.page('POST', '/discount-codes/check', { body: { code: 'hemat10', items: [variant(101, 2)] } });
    assert.equal(ok.status, 200);
    const result = DiscountCheckResult.parse(ok.json);
    assert.ok(result.eligible && result.discount_amount === '17000');
    const unknown = await s.page('POST', '/discount-codes/check', { body: { code: 'NOPE' } });
    assert.equal(unknown.status, 200);
    assert.deepEqual([unknown.json.eligible, unknown.json.reason], [false, 'not_found']);
    assert.equal((await s.page('POST', '/discount-codes/check', { body: {} })).status, 400);
  });
});

describe('page checkout', () => {
  it('shipping-options: options for physical items, empty for digital, 400 for bad bodies', async () => {
    const s = accountServer();
    const res = await s.page('POST', '/checkout/shipping-options', { body: { items: [variant(101)], destination, payment_method: 'bank_transfer' } });
    assert.equal(res.status, 200);
    assert.ok(ShippingOptionList.parse(res.json).length > 0);
    const digital = await s.page('POST', '/checkout/shipping-options', { body: { items: [variant(109)], destination } });
    assert.deepEqual(digital.json, []);
    assert.equal((await s.page('POST', '/checkout/shipping-options', { body: { items: [variant(101)] } })).status, 400);
    assert.equal((await s.page('POST', '/checkout/shipping-options', { body: { items: [variant(2101)], destination } })).status, 400);
  });

  it('summary: shipping recomputed, store extra fee applied, client shipping_cost ignored', async () => {
    const s = accountServer();
    const body = { items: [variant(101, 2)], destination, payment_method: 'bank_transfer', shipping_option, shipping_cost: '1' };
    const res = await s.page('POST', '/checkout/summary', { body });
    assert.equal(res.status, 200);
    const summary = Summary.parse(res.json);
    const options = (await s.page('POST', '/checkout/shipping-options', { body: { items: body.items, destination } })).json;
    const jneReg = options.find((o: any) => o.courier === 'jne' && o.courier_service === 'REG');
    assert.equal(summary.shipping_cost, jneReg.cost);
    assert.equal(summary.other_income, '2500');
    assert.equal(summary.other_income_name, 'Biaya layanan');
    assert.equal(summary.gross_revenue, String(170000 + Number(jneReg.cost) + 2500));
    assert.deepEqual(summary.items?.map((l) => [l.variant_id, l.quantity, l.unit_price, l.line_total]), [[101, 2, '85000', '170000']]);
    const unpaid = await s.page('POST', '/checkout/summary', { body: { ...body, payment_method: undefined } });
    assert.equal(Summary.parse(unpaid.json).gross_revenue, summary.gross_revenue); // no fee for a bank transfer either
    const missing = await s.page('POST', '/checkout/summary', { body: { ...body, shipping_option: undefined } });
    assert.equal(missing.status, 400);
    assert.ok(Object.keys(missing.json.error.fields).some((f) => f.startsWith('shipping_option.')));
  });

  it('summary lines say which items are digital, so that a page asks for the e-mail before the order', async () => {
    const s = accountServer();
    const items = [variant(101), variant(109), { type: 'bundle_price_option', bundle_price_option_id: 1, quantity: 1 }];
    const res = await s.page('POST', '/checkout/summary', { body: { items, partial: true } });
    assert.equal(res.status, 200, res.text);
    const lines = Summary.parse(res.json).items ?? [];
    assert.deepEqual(lines.map((l) => [l.variant_id ?? `bundle ${l.bundle_price_option_id}`, l.item_type]), [[101, 'physical'], [109, 'digital'], ['bundle 1', 'physical']]);
  });

  it('orders: 201 flat public order in the path page\'s store; body page/store ids are ignored', async () => {
    const s = accountServer();
    const res = await s.page('POST', '/orders', { body: { ...orderBody, page_unique_id: PAGE.otherId, store_unique_id: 'otp-store' } });
    assert.equal(res.status, 201, res.text);
    const order = PublicOrder.parse(res.json);
    assert.equal(order.store.unique_id, 'demo-store');
    const row = s.db.prepare('SELECT o.store_id, p.unique_id FROM orders o JOIN pages p ON p.id = o.page_id WHERE o.secret_slug = ?')
      .get(order.secret_slug) as { store_id: number; unique_id: string };
    assert.deepEqual(row, { store_id: 1, unique_id: PAGE.id });
    assert.equal((await s.storefront('GET', `/orders/${order.secret_slug}`)).status, 200);
  });

  it('a digital item needs the buyer\'s e-mail address: 400 naming customer.email, no order', async () => {
    const s = accountServer();
    const digital = { customer: orderBody.customer, items: [variant(109)], payment_method: 'qris' };
    const refused = await s.page('POST', '/orders', { body: digital });
    assert.equal(refused.status, 400);
    assert.deepEqual([refused.json.error.code, Object.keys(refused.json.error.fields)], ['email_required', ['customer.email']]);
    const placed = await s.page('POST', '/orders', { body: { ...digital, customer: { ...digital.customer, email: 'budi@example.com' } } });
    assert.equal(placed.status, 201);
  });

  it('orders come with their payment instructions (a page has no payment route of its own)', async () => {
    const s = accountServer();
    const va = PublicOrder.parse((await s.page('POST', '/orders', { body: { ...orderBody, payment_method: 'virtual_account', sub_payment_method: 'bni' } })).json);
    assert.equal(va.pg_payment_info && 'type' in va.pg_payment_info && va.pg_payment_info.type, 'virtual_account');
    assert.equal(va.sub_payment_method, 'bni');
    assert.ok(va.payment_expires_at);
    const wallet = PublicOrder.parse((await s.page('POST', '/orders', { body: { ...orderBody, payment_method: 'ewallet', sub_payment_method: 'ovo' } })).json);
    assert.match(wallet.payment_url ?? '', /\/__reference\/pay\//);
    const transfer = PublicOrder.parse((await s.page('POST', '/orders', { body: orderBody })).json);
    assert.deepEqual([transfer.pg_payment_info, transfer.payment_url], [{}, null]);
    // the storefront payment route returns the same instructions (idempotent)
    const again = (await s.storefront('POST', `/orders/${va.secret_slug}/payment`)).json;
    assert.deepEqual(again.pg_payment_info, va.pg_payment_info);
  });

  it('orders: Idempotency-Key replays the first order; another body with the key is 422', async () => {
    const s = accountServer();
    const headers = { 'Idempotency-Key': 'page-order-1' };
    const first = await s.page('POST', '/orders', { body: orderBody, headers });
    const again = await s.page('POST', '/orders', { body: orderBody, headers });
    assert.equal(again.status, 201);
    assert.equal(again.json.secret_slug, first.json.secret_slug);
    assert.equal((await s.page('POST', '/orders', { body: { ...orderBody, items: [variant(102)] }, headers })).status, 422);
    assert.equal(s.db.prepare('SELECT count(*) FROM orders WHERE page_id IS NOT NULL').pluck().get(), 1);
  });

  it('orders: 400 for bad bodies', async () => {
    const s = accountServer();
    assert.equal((await s.page('POST', '/orders', { body: { ...orderBody, customer: undefined } })).status, 400);
    assert.equal((await s.page('POST', '/orders', { body: 'not json' })).status, 400);
    assert.equal((await s.page('POST', '/orders', { body: { ...orderBody, payment_method: 'no_payment' } })).status, 400);
  });
});
