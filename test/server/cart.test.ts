import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Cart } from '../../src/contract/index.ts';
import { testServer } from './helpers.ts';
import { assertFieldError, bundle, MALFORMED_ITEM_BODIES, TOKEN, variant } from './order-fixtures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('guest cart token', () => {
  const { storefront } = testServer();

  it('issues a UUID token without one, for GET too, and that token then keeps the cart', async () => {
    const first = await storefront('GET', '/cart');
    assert.equal(first.status, 200);
    const token = first.headers.get(TOKEN)!;
    assert.match(token, UUID);
    assert.deepEqual(Cart.parse(first.json).items, []);
    const added = await storefront('POST', '/cart/items', { body: variant(101), headers: { [TOKEN]: token } });
    assert.equal(added.status, 201);
    assert.equal(added.headers.get(TOKEN), token);
    const again = await storefront('GET', '/cart', { headers: { [TOKEN]: token } });
    assert.equal(again.headers.get(TOKEN), token);
    assert.equal(Cart.parse(again.json).items.length, 1);
  });

  it('replaces a malformed or unknown token with a new one', async () => {
    for (const bad of ['nope', '00000000-0000-4000-8000-000000000000', "'; DROP TABLE carts; --"]) {
      const res = await storefront('GET', '/cart', { headers: { [TOKEN]: bad } });
      assert.equal(res.status, 200);
      assert.match(res.headers.get(TOKEN)!, UUID);
      assert.notEqual(res.headers.get(TOKEN), bad);
    }
  });

  it('ignores X-Guest-Token completely', async () => {
    const token = (await storefront('POST', '/cart/items', { body: variant(101) })).headers.get(TOKEN)!;
    const res = await storefront('GET', '/cart', { headers: { 'X-Guest-Token': token } });
    assert.notEqual(res.headers.get(TOKEN), token);
    assert.deepEqual(res.json.items, []);
  });

  it('scopes carts by store: another store\'s token is not a cart here', async () => {
    const other = await storefront('POST', '/cart/items', {
      store: 'otp-store', headers: { 'X-Service-Storefront-Api-Key': 'sfk_otp' }, body: variant(2101),
    });
    assert.equal(other.status, 201);
    const otherToken = other.headers.get(TOKEN)!;
    const here = await storefront('GET', '/cart', { headers: { [TOKEN]: otherToken } });
    assert.notEqual(here.headers.get(TOKEN), otherToken);
    assert.deepEqual(here.json.items, []);
  });
});

describe('guest cart items', () => {
  const { storefront } = testServer();
  const session = async () => (await storefront('GET', '/cart')).headers.get(TOKEN)!;
  const call = (token: string, method: string, path: string, body?: unknown) => storefront(method, path, { body, headers: { [TOKEN]: token } });

  it('adds the quantities of the same variant and shows line and cart totals', async () => {
    const token = await session();
    await call(token, 'POST', '/cart/items', variant(101, 2));
    const res = await call(token, 'POST', '/cart/items', variant('101', 1));
    const cart = Cart.parse(res.json);
    assert.equal(cart.items.length, 1);
    assert.deepEqual(cart.items[0], {
      id: cart.items[0]!.id, type: 'variant', variant_id: 101, bundle_price_option_id: null, quantity: 3,
      name: 'Kaos Polos Premium', variant_name: 'Hitam / S', slug: 'kaos-polos', image_url: '/demo/img/kaos-polos.webp',
      item_type: 'physical', unit_price: '85000', compare_at_price: '110000', line_total: '255000', available_quantity: 25,
    });
    assert.deepEqual({ ...cart, items: undefined }, {
      items: undefined, item_count: 3, subtotal: '255000', currency: 'IDR', requires_shipping: true, total_weight_grams: 600,
    });
  });

  it('prices bundle price options from their components and digital items as not shipped', async () => {
    const token = await session();
    const digital = Cart.parse((await call(token, 'POST', '/cart/items', variant(109, 2))).json);
    assert.equal(digital.requires_shipping, false);
    assert.equal(digital.total_weight_grams, 0);
    const res = await call(token, 'POST', '/cart/items', bundle(1));
    const cart = Cart.parse(res.json);
    const line = cart.items.find((l) => l.type === 'bundle_price_option')!;
    assert.equal(line.slug, 'paket-hemat');
    assert.equal(line.unit_price, '225000');
    assert.equal(line.available_quantity, 8); // 25 of variant 102, 3 per bundle
    assert.equal(cart.requires_shipping, true);
    assert.equal(cart.total_weight_grams, 600);
    assert.equal(cart.subtotal, String(2 * 49000 + 225000));
  });

  it('adds products hidden from the listing', async () => {
    const res = await call(await session(), 'POST', '/cart/items', variant(110));
    assert.equal(res.status, 201);
    assert.equal(res.json.items[0].slug, 'produk-rahasia');
  });

  it('rejects quantities above stock with out_of_stock on quantity, also when added up', async () => {
    const token = await session();
    assertFieldError(await call(token, 'POST', '/cart/items', variant(111, 4)), 'quantity', 'out_of_stock');
    assertFieldError(await call(token, 'POST', '/cart/items', variant(124, 1)), 'quantity', 'out_of_stock');
    assert.equal((await call(token, 'POST', '/cart/items', variant(111, 2))).status, 201);
    const res = await call(token, 'POST', '/cart/items', variant(111, 2));
    assertFieldError(res, 'quantity', 'out_of_stock');
    assert.match(res.json.error.message, /Topi Edisi Terbatas \(Standar\)/);
    assertFieldError(await call(token, 'POST', '/cart/items', bundle(1, 9)), 'quantity', 'out_of_stock');
  });

  it('names variant_id / bundle_price_option_id for items that are not this store\'s', async () => {
    const token = await session();
    assertFieldError(await call(token, 'POST', '/cart/items', variant(99999)), 'variant_id');
    assertFieldError(await call(token, 'POST', '/cart/items', variant(1101)), 'variant_id'); // free-store's kaos
    assertFieldError(await call(token, 'POST', '/cart/items', bundle(77)), 'bundle_price_option_id');
  });

  it('updates and removes items of this cart only', async () => {
    const token = await session();
    const id = (await call(token, 'POST', '/cart/items', variant(102, 1))).json.items[0].id;
    const updated = await call(token, 'PATCH', `/cart/items/${id}`, { quantity: 5 });
    assert.equal(updated.status, 200);
    assert.equal(updated.headers.get(TOKEN), token);
    assert.equal(Cart.parse(updated.json).items[0]!.quantity, 5);
    assertFieldError(await call(token, 'PATCH', `/cart/items/${id}`, { quantity: 26 }), 'quantity', 'out_of_stock');

    const stranger = await session();
    assert.equal((await call(stranger, 'PATCH', `/cart/items/${id}`, { quantity: 1 })).status, 404);
    assert.equal((await call(stranger, 'DELETE', `/cart/items/${id}`)).status, 404);
    for (const bad of ['999999', 'abc', '-1', '1e3']) assert.equal((await call(token, 'DELETE', `/cart/items/${bad}`)).status, 404);

    const removed = await call(token, 'DELETE', `/cart/items/${id}`);
    assert.equal(removed.status, 200);
    assert.equal(removed.headers.get(TOKEN), token);
    assert.deepEqual(Cart.parse(removed.json).items, []);
    assert.equal((await call(token, 'DELETE', `/cart/items/${id}`)).status, 404);
  });

  it('answers every malformed body with a 400 naming a field', async () => {
    const token = await session();
    const id = (await call(token, 'POST', '/cart/items', variant(103))).json.items[0].id;
    for (const body of MALFORMED_ITEM_BODIES) {
      assertFieldError(await call(token, 'POST', '/cart/items', body));
    }
    for (const body of ['nope', '[]', 'null', {}, { quantity: -1 }, { quantity: '3' }, { quantity: 1e300 }, { quantity: 0 }, [{ quantity: 1 }]]) {
      assertFieldError(await call(token, 'PATCH', `/cart/items/${id}`, body));
    }
  });
});
