import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Cart, PublicOrder } from '../../src/contract/index.ts';
import { testServer } from './helpers.ts';
import { assertFieldError, bundle, physicalCheckout, TOKEN, variant } from './order-fixtures.ts';

const { db, storefront } = testServer();
const checkout = (body: unknown, headers: Record<string, string> = {}) => storefront('POST', '/checkout', { body, headers });
const stock = (variantId: number) => db.prepare('SELECT stock FROM variants WHERE id = ?').pluck().get(variantId) as number;
const orderCount = () => db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
const cartWith = async (...items: unknown[]) => {
  let token = '';
  for (const item of items) token = (await storefront('POST', '/cart/items', { body: item, headers: { [TOKEN]: token } })).headers.get(TOKEN)!;
  return token;
};
const cartOf = async (token: string) => Cart.parse((await storefront('GET', '/cart', { headers: { [TOKEN]: token } })).json);
const digitalCheckout = (extra: Record<string, unknown> = {}) =>
  ({ items: [variant(109)], payment_method: 'qris', customer: { name: 'Sari', phone: '+62 812-3456-7890', email: 'sari@example.com' }, ...extra });

describe('POST /checkout', () => {
  it('creates a pending order with a UUIDv7 id, a secret slug and no internal fields', async () => {
    const before = stock(101);
    const res = await checkout(physicalCheckout([variant(101, 2), bundle(1)], { notes: 'Pagar hijau' }));
    assert.equal(res.status, 201, res.text);
    const order = PublicOrder.parse(res.json);
    assert.match(order.secret_slug, /^[0-9A-Za-z]{24}$/);
    assert.equal(order.public_order_url, `http://localhost:8787/order-status.html?order=${order.secret_slug}`);
    assert.deepEqual([order.status, order.payment_status, order.payment_url, order.pg_payment_info], ['pending', 'unpaid', null, {}]);
    assert.equal(order.product_price, String(170000 + 225000));
    assert.equal(order.shipping?.address, 'Jl. Kenanga No. 5');
    assert.equal(order.shipping?.location_label, 'Setiabudi, Kota Administrasi Jakarta Selatan, Daerah Khusus Ibukota Jakarta');
    assert.deepEqual(Object.keys(order.variants).sort(), ['101', '102']);
    assert.equal(order.bundle_price_options['1']?.slug, 'paket-hemat');
    assert.equal(res.headers.get(TOKEN), null);

    const row = db.prepare('SELECT * FROM orders WHERE secret_slug = ?').get(order.secret_slug) as Record<string, unknown>;
    assert.match(String(row.id), /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(Number(row.platform_fee) > 0 && Number(row.net_revenue) < Number(row.gross_revenue));
    for (const secret of [String(row.id), 'platform_fee', 'net_revenue', 'affiliate', 'metadata', 'warehouse_id']) {
      assert.ok(!res.text.includes(secret), `${secret} is not in the public order`);
    }
    assert.deepEqual(db.prepare('SELECT status, payment_status FROM order_status_history WHERE order_id = ?').all(row.id),
      [{ status: 'pending', payment_status: 'unpaid' }]);
    assert.equal(stock(101), before - 2);
    assert.equal(stock(102), 25 - 3);
  });

  it('writes nothing when a line is short, naming that line and its variant', async () => {
    const [orders, kaos] = [orderCount(), stock(101)];
    const res = await checkout(physicalCheckout([variant(101), variant(111, 4)]));
    assertFieldError(res, 'items.1.quantity', 'out_of_stock');
    assert.match(res.json.error.message, /Topi Edisi Terbatas \(Standar\)/);
    assert.deepEqual([orderCount(), stock(101)], [orders, kaos]);
    // Two lines sharing a variant count together: 20 + 2 bundles × 3 > 22 left of variant 102
    assertFieldError(await checkout(physicalCheckout([variant(102, 20), bundle(1, 2)])), 'items.1.quantity', 'out_of_stock');
  });

  it('validates customer, address, shipping and payment', async () => {
    const body = physicalCheckout([variant(101)]);
    assertFieldError(await checkout({ ...body, customer: { name: 'Budi' } }), 'customer.phone');
    assertFieldError(await checkout({ ...body, customer: { phone: '0812345678' } }), 'customer.name');
    assertFieldError(await checkout({ ...body, customer: { name: 'B', phone: '0812345678', email: 'nope' } }), 'customer.email');
    assertFieldError(await checkout({ ...body, destination: { location_id: 317402 } }), 'destination.address');
    assertFieldError(await checkout({ ...body, warehouse_id: undefined }), 'warehouse_id');
    for (const method of ['no_payment', 'invoice', 'unknown']) {
      assertFieldError(await checkout({ ...body, payment_method: method }), 'payment_method', 'payment_method_not_allowed');
    }
    assertFieldError(await checkout({ ...body, payment_method: 'virtual_account' }), 'sub_payment_method');
    assertFieldError(await checkout({ ...body, payment_method: 'ewallet', sub_payment_method: 'bca' }), 'sub_payment_method');
    assertFieldError(await checkout({ ...body, discount_code: 'LAMA50' }), 'discount_code');
    const va = await checkout({ ...body, payment_method: 'virtual_account', sub_payment_method: 'bni' });
    assert.equal(PublicOrder.parse(va.json).sub_payment_method, 'bni');
  });

  it('recomputes money: ignores shipping_cost, applies the discount, needs no courier for digital items', async () => {
    const order = PublicOrder.parse((await checkout(physicalCheckout([variant(110)], { shipping_cost: '1', discount_code: 'hemat10' }))).json);
    assert.deepEqual([order.shipping_cost, order.discount_amount, order.discount_code], ['14000', '15000', 'HEMAT10']);
    assert.equal(order.gross_revenue, String(150000 + 14000 + 2500 - 15000));
    const digital = PublicOrder.parse((await checkout(digitalCheckout())).json);
    assert.deepEqual([digital.shipping, digital.shipping_cost, digital.customer.email], [null, '0', 'sari@example.com']);
  });

  it('needs an e-mail address to deliver a digital item, and names the field', async () => {
    const { customer: { email: _email, ...contact }, ...body } = digitalCheckout();
    const before = orderCount();
    const refused = await checkout({ ...body, customer: contact });
    assertFieldError(refused, 'customer.email', 'email_required');
    assert.equal(orderCount(), before, 'nothing written');
    const physical = PublicOrder.parse((await checkout(physicalCheckout([variant(101)], { customer: contact }))).json);
    assert.equal(physical.customer.email, null, 'a parcel needs no e-mail');
  });

  it('names the cash-on-delivery fee inside the shipping cost', async () => {
    const cod = PublicOrder.parse((await checkout(physicalCheckout([variant(110)], { payment_method: 'cod' }))).json);
    const transfer = PublicOrder.parse((await checkout(physicalCheckout([variant(110)]))).json);
    assert.equal(cod.cod_fee, '1500', '1 % of Rp 150.000');
    assert.equal(Number(cod.shipping_cost), Number(transfer.shipping_cost) + 1500);
    assert.equal(transfer.cod_fee, undefined);
  });

  it('checks out the guest cart, empties it and returns its token', async () => {
    const token = await cartWith(variant(105, 2));
    const { items: _items, ...body } = physicalCheckout([]);
    const res = await checkout(body, { [TOKEN]: token });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.headers.get(TOKEN), token);
    assert.equal(PublicOrder.parse(res.json).items[0]!.variant_id, 105);
    assert.deepEqual((await cartOf(token)).items, []);
    assertFieldError(await checkout(body, { [TOKEN]: token }), 'items');
    assertFieldError(await checkout(body), 'items');
  });

  it('clears the referenced cart after direct items only with clear_cart', async () => {
    const token = await cartWith(variant(106));
    assert.equal((await checkout(physicalCheckout([variant(107)]), { [TOKEN]: token })).status, 201);
    assert.equal((await cartOf(token)).items.length, 1);
    const res = await checkout(physicalCheckout([variant(107)], { clear_cart: true }), { [TOKEN]: token });
    assert.equal(res.headers.get(TOKEN), token);
    assert.deepEqual((await cartOf(token)).items, []);
  });
});

describe('Idempotency-Key on POST /checkout', () => {
  const keyed = (key: string, body: unknown, headers: Record<string, string> = {}) => checkout(body, { 'Idempotency-Key': key, ...headers });

  it('replays the first answer for the same body (in any key order) and refuses another body with 422', async () => {
    const body = physicalCheckout([variant(108)]);
    const first = await keyed('key-1', body);
    assert.equal(first.status, 201);
    const count = orderCount();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    for (const again of [body, reordered]) {
      const replay = await keyed('key-1', again);
      assert.deepEqual([replay.status, replay.json], [201, first.json]);
    }
    assert.equal(orderCount(), count);
    const conflict = await keyed('key-1', { ...body, notes: 'other' });
    assert.deepEqual([conflict.status, conflict.json.error.code], [422, 'idempotency_conflict']);
    assert.notEqual((await checkout(body)).json.secret_slug, first.json.secret_slug);
    assertFieldError(await keyed('x'.repeat(256), body), 'Idempotency-Key');
  });

  it('replays a cart checkout with its token header although the cart is now empty', async () => {
    const token = await cartWith(variant(101));
    const { items: _items, ...body } = physicalCheckout([]);
    const first = await keyed('cart-key', body, { [TOKEN]: token });
    const replay = await keyed('cart-key', body, { [TOKEN]: token });
    assert.deepEqual([replay.status, replay.json, replay.headers.get(TOKEN)], [201, first.json, token]);
  });

  it('creates one order for concurrent requests with one key, and keeps keys per store', async () => {
    const count = orderCount();
    const body = digitalCheckout();
    const answers = await Promise.all(Array.from({ length: 10 }, () => keyed('same', body)));
    assert.ok(answers.every((a) => a.status === 201 && a.json.secret_slug === answers[0]!.json.secret_slug));
    assert.equal(orderCount(), count + 1);
    const other = await storefront('POST', '/checkout', {
      store: 'otp-store', headers: { 'X-Service-Storefront-Api-Key': 'sfk_otp', 'Idempotency-Key': 'same' }, body: digitalCheckout({ items: [variant(2109)] }),
    });
    assert.equal(other.status, 201);
    assert.notEqual(other.json.secret_slug, answers[0]!.json.secret_slug);
  });

  it('does not keep failures: the key may be retried after a 400', async () => {
    assertFieldError(await keyed('retry', physicalCheckout([variant(111, 9)])), 'items.0.quantity', 'out_of_stock');
    assert.equal((await keyed('retry', physicalCheckout([variant(111, 1)]))).status, 201);
  });
});

describe('GET and PATCH /orders/{secret_slug}', () => {
  const place = async (body: unknown = physicalCheckout([variant(103)])) => PublicOrder.parse((await checkout(body)).json);
  const patch = (slug: string, body: unknown) => storefront('PATCH', `/orders/${slug}`, { body });

  it('reads an order of this store only', async () => {
    const order = await place();
    const res = await storefront('GET', `/orders/${order.secret_slug}`);
    assert.deepEqual(PublicOrder.parse(res.json), order);
    assert.equal((await storefront('GET', '/orders/doesNotExist123')).status, 404);
    const elsewhere = await storefront('GET', `/orders/${order.secret_slug}`, { store: 'otp-store', headers: { 'X-Service-Storefront-Api-Key': 'sfk_otp' } });
    assert.equal(elsewhere.status, 404);
    assert.equal((await storefront('PATCH', `/orders/${order.secret_slug}`, { store: 'otp-store', headers: { 'X-Service-Storefront-Api-Key': 'sfk_otp' }, body: { notes: 'x' } })).status, 404);
  });

  it('lets the buyer edit contact data, address and notes', async () => {
    const order = await place();
    const res = await patch(order.secret_slug, { customer: { name: 'Rina', phone: '081111111111' }, address: 'Jl. Mawar 7', notes: 'Sore saja' });
    const updated = PublicOrder.parse(res.json);
    assert.deepEqual(updated.customer, { name: 'Rina', phone: '081111111111', email: 'budi@example.com' });
    assert.deepEqual([updated.shipping?.address, updated.shipping?.recipient_name, updated.notes], ['Jl. Mawar 7', 'Rina', 'Sore saja']);
    assert.deepEqual(PublicOrder.parse((await storefront('GET', `/orders/${order.secret_slug}`)).json), updated);
    const digital = await place(digitalCheckout());
    assertFieldError(await patch(digital.secret_slug, { address: 'Jl. X' }), 'address');
  });

  it('names every field that is not buyer-editable and rejects malformed bodies', async () => {
    const order = await place();
    assertFieldError(await patch(order.secret_slug, { status: 'completed' }), 'status');
    assertFieldError(await patch(order.secret_slug, { gross_revenue: '1', notes: 'x' }), 'gross_revenue');
    assertFieldError(await patch(order.secret_slug, { customer: { vip: true } }), 'customer.vip');
    for (const body of ['nope', '[]', 'null', '7', {}, { customer: 'x' }, { customer: { phone: 'abc' } }, { address: '' }, { notes: 5 }, { address: 'x'.repeat(501) }]) {
      assertFieldError(await patch(order.secret_slug, body));
    }
    assert.equal((await patch('unknownSlug', { notes: 'x' })).status, 404);
  });

  it('refuses changes once the order is paid or cancelled', async () => {
    for (const change of ["payment_status = 'paid', status = 'processing'", "status = 'cancelled'"]) {
      const order = await place();
      db.prepare(`UPDATE orders SET ${change} WHERE secret_slug = ?`).run(order.secret_slug);
      const res = await patch(order.secret_slug, { notes: 'late' });
      assert.deepEqual([res.status, res.json.error.code], [400, 'invalid_state']);
    }
  });
});
