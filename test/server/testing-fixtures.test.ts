// `svc-storefront/testing`: the fixtures and every answer of the MSW handlers pass the contract schemas, the
// handlers keep the service's rules (store gate, guest token, paging, pricing, payment per method), and the faults
// look like the real ones. Driven with plain fetch through msw/node.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setupServer } from 'msw/node';
import * as z from 'zod/mini';
import { Cart } from '../../src/contract/cart.ts';
import { BundlePriceOptionDetail, CategoryList, ItemCardPage, ItemCount, PaymentMethodList, ProductDetail, VariantAvailability, VariantPricingList } from '../../src/contract/catalog.ts';
import { DiscountCheckResult, ShippingOptionList, Summary } from '../../src/contract/checkout.ts';
import { STORE_NOT_FOUND, ErrorBody } from '../../src/contract/errors.ts';
import { CityList, LocationPage, PostalCodeList, ProvinceList, SubdistrictList } from '../../src/contract/location.ts';
import { PublicOrder } from '../../src/contract/order.ts';
import { createMockStorefront, faults, fixtures } from '../../src/testing/index.ts';

const BASE = 'https://api.test';
const mock = createMockStorefront({ baseUrl: BASE });
const server = setupServer(...mock.handlers);

/** A storefront call with the demo key (and the guest token when given); the body parsed with `schema`. */
async function call<S extends z.ZodMiniType>(schema: S, method: string, path: string, { body, token, key = 'sfk_demo' }: { body?: unknown; token?: string; key?: string } = {}) {
  const res = await fetch(`${BASE}/v3/stores/demo-store/public${path}`, {
    method,
    headers: { 'X-Service-Storefront-Api-Key': key, ...(token && { 'X-Service-Guest-Token': token }), ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  const parsed = z.safeParse(schema, json);
  assert.ok(parsed.success, `${method} ${path} → ${res.status} ${JSON.stringify(json).slice(0, 300)}: ${parsed.error?.message}`);
  return { status: res.status, token: res.headers.get('X-Service-Guest-Token'), body: parsed.data as z.infer<S> };
}

const valid = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = z.safeParse(schema, value);
  assert.ok(parsed.success, parsed.error?.message);
};

before(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => (server.resetHandlers(), mock.reset()));
after(() => server.close());

describe('fixtures', () => {
  it('match the contract schemas', () => {
    for (const product of fixtures.PRODUCTS) valid(ProductDetail, product);
    for (const bundle of fixtures.BUNDLES) valid(BundlePriceOptionDetail, bundle);
    valid(CategoryList, fixtures.categoriesOf(fixtures.PRODUCTS, fixtures.BUNDLES));
    valid(PaymentMethodList, fixtures.PAYMENT_METHODS);
    valid(ProvinceList, fixtures.PROVINCES);
    valid(CityList, fixtures.CITIES);
    valid(SubdistrictList, fixtures.SUBDISTRICTS);
    for (const codes of Object.values(fixtures.POSTAL_CODES)) valid(PostalCodeList, codes);
    valid(LocationPage, { results: fixtures.locationHits(), next_cursor: null, previous_cursor: null });
    valid(ShippingOptionList, fixtures.SHIPPING_OPTIONS);
  });
});

describe('storefront handlers', () => {
  it('page the catalog with cursors, filter by category, count, and serve details', async () => {
    const first = await call(ItemCardPage, 'GET', '/items?page_size=3');
    assert.equal(first.body.results.length, 3);
    const second = await call(ItemCardPage, 'GET', `/items?page_size=3&next_cursor=${first.body.next_cursor}`);
    const back = await call(ItemCardPage, 'GET', `/items?page_size=3&previous_cursor=${second.body.previous_cursor}`);
    assert.deepEqual(back.body.results, first.body.results);
    const { body: { total } } = await call(ItemCount, 'GET', '/items/count');
    assert.equal(total, 6); // five listed products and one bundle; the hidden product is not listed
    const kaos = await call(ItemCardPage, 'GET', '/items?category=kaos');
    assert.ok(kaos.body.results.every((c) => c.category?.slug === 'kaos'));
    await call(ProductDetail, 'GET', '/products/produk-rahasia'); // hidden, still fetchable
    await call(BundlePriceOptionDetail, 'GET', '/bundle-price-options/paket-hemat');
    await call(CategoryList, 'GET', '/categories');
    await call(PaymentMethodList, 'GET', '/payment-methods');
    await call(VariantPricingList, 'GET', '/variants/pricing?variant_ids=101,109');
    await call(VariantAvailability, 'GET', '/variants/140/availability');
    assert.equal((await call(ErrorBody, 'GET', '/products/nope')).status, 404);
    assert.equal((await call(ErrorBody, 'GET', '/items?page_size=101')).status, 400);
  });

  it('look up locations like the service', async () => {
    const hits = await call(LocationPage, 'GET', '/locations?search=coblong');
    assert.equal(hits.body.results[0]!.id, 327302);
    await call(ProvinceList, 'GET', '/locations/provinces');
    await call(CityList, 'GET', '/locations/cities?province_id=32');
    await call(SubdistrictList, 'GET', '/locations/subdistricts?city_id=3273');
    await call(PostalCodeList, 'GET', '/locations/327302/postal-codes');
  });

  it('keep a guest cart per X-Service-Guest-Token and place an order from it', async () => {
    const empty = await call(Cart, 'GET', '/cart');
    assert.match(empty.token!, /^[0-9a-f-]{36}$/);
    const token = empty.token!;
    const added = await call(Cart, 'POST', '/cart/items', { token, body: { type: 'variant', variant_id: 101, quantity: 2 } });
    assert.equal(added.status, 201);
    assert.equal(added.token, token);
    await call(Cart, 'POST', '/cart/items', { token, body: { type: 'bundle_price_option', bundle_price_option_id: 1, quantity: 1 } });
    const line = (await call(Cart, 'PATCH', `/cart/items/${added.body.items[0]!.id}`, { token, body: { quantity: 3 } })).body;
    assert.equal(line.item_count, 4);
    assert.equal(line.subtotal, String(3 * 85000 + 225000));
    assert.equal((await call(ErrorBody, 'POST', '/cart/items', { token, body: { type: 'variant', variant_id: 140, quantity: 1 } })).status, 400); // sold out
    assert.equal((await call(Cart, 'GET', '/cart', { token: crypto.randomUUID() })).body.item_count, 0); // another guest

    const destination = { location_id: 327302, postal_code: '40135', address: 'Jl. Dago 1' };
    const options = (await call(ShippingOptionList, 'POST', '/checkout/shipping-options', { token, body: { destination } })).body;
    const shipping = { courier: options[1]!.courier, courier_service: options[1]!.courier_service, warehouse_id: options[1]!.warehouse_id };
    const summary = (await call(Summary, 'POST', '/checkout/summary', { token, body: { destination, ...shipping, payment_method: 'cod', discount_code: 'HEMAT10' } })).body;
    assert.equal(summary.gross_revenue, String(480000 + 28000 + 2500 - 48000));
    assert.equal((await call(DiscountCheckResult, 'POST', '/discount-codes/check', { token, body: { code: 'NOPE' } })).body.eligible, false);

    const order = await call(PublicOrder, 'POST', '/checkout', { token, body: { destination, ...shipping, payment_method: 'cod', discount_code: 'HEMAT10', customer: { name: 'Siti', phone: '0812345678' } } });
    assert.equal(order.status, 201);
    assert.equal(order.body.gross_revenue, summary.gross_revenue);
    assert.equal((await call(Cart, 'GET', '/cart', { token })).body.item_count, 0); // the cart was cleared
    assert.deepEqual((await call(PublicOrder, 'POST', `/orders/${order.body.secret_slug}/payment`)).body.pg_payment_info, {});
    const updated = await call(PublicOrder, 'PATCH', `/orders/${order.body.secret_slug}`, { body: { notes: 'Pagar hijau' } });
    assert.equal(updated.body.notes, 'Pagar hijau');
    mock.state.markPaid(order.body.secret_slug);
    assert.equal((await call(PublicOrder, 'GET', `/orders/${order.body.secret_slug}`)).body.payment_status, 'paid');
  });

  it('create payment instructions for every payment method, once', async () => {
    const kinds: Record<string, string | undefined> = {};
    for (const method of fixtures.PAYMENT_METHODS.filter((m) => m.type !== 'cod')) {
      const body = { items: [{ type: 'variant', variant_id: 109, quantity: 1 }], payment_method: method.code, sub_payment_method: method.channels[0]?.code, customer: { name: 'Budi', phone: '0812345678', email: 'budi@example.com' } };
      const order = (await call(PublicOrder, 'POST', '/checkout', { body })).body;
      assert.equal(order.shipping, null); // digital: nothing to ship
      const paid = (await call(PublicOrder, 'POST', `/orders/${order.secret_slug}/payment`)).body;
      assert.deepEqual((await call(PublicOrder, 'POST', `/orders/${order.secret_slug}/payment`)).body, paid);
      kinds[method.code] = 'type' in paid.pg_payment_info ? paid.pg_payment_info.type : paid.payment_url ?? 'manual';
    }
    assert.deepEqual(kinds, { bank_transfer: 'manual', virtual_account: 'virtual_account', qris: 'qris', ewallet: 'redirect', card: 'redirect' });
  });

  it('answer Store not found to another store or a wrong key, and 400 with fields to a bad order', async () => {
    const wrongKey = await call(ErrorBody, 'GET', '/items', { key: 'sfk_nope' });
    assert.deepEqual([wrongKey.status, wrongKey.body], [404, STORE_NOT_FOUND]);
    const bad = await call(ErrorBody, 'POST', '/checkout', { body: { items: [{ type: 'variant', variant_id: 101, quantity: 1 }], payment_method: 'qris', customer: { name: '', phone: '1' } } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'validation_error');
    assert.ok(bad.body.error.fields?.['customer.phone']);
    const ebook = { items: [{ type: 'variant', variant_id: 109, quantity: 1 }], payment_method: 'qris', customer: { name: 'Budi', phone: '0812345678' } };
    const noEmail = await call(ErrorBody, 'POST', '/checkout', { body: ebook });
    assert.deepEqual([noEmail.status, noEmail.body.error.code, Object.keys(noEmail.body.error.fields ?? {})], [400, 'email_required', ['customer.email']]);
  });
});

describe('faults', () => {
  const get = (path = '/items') => fetch(`${BASE}/v3/stores/demo-store/public${path}`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } });

  it('rate limit with plain text and Retry-After, once', async () => {
    server.use(faults.rateLimited({ retryAfterSeconds: 2, once: true }));
    const limited = await get();
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('Retry-After'), '2');
    assert.equal(await limited.text(), 'Too Many Requests');
    assert.equal((await get()).status, 200);
  });

  it('503, network failure and Store not found on chosen routes', async () => {
    server.use(faults.unavailable({ route: '/public/cart' }), faults.networkError({ route: '/public/categories' }), faults.storeNotFound({ route: '/public/payment-methods' }));
    assert.equal((await get('/cart')).status, 503);
    await assert.rejects(get('/categories'), TypeError);
    const gone = await get('/payment-methods');
    assert.deepEqual([gone.status, await gone.json()], [404, STORE_NOT_FOUND]);
    assert.equal((await get('/items')).status, 200);
  });
});
