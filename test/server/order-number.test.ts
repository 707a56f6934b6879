import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { describe, it } from 'node:test';
import { BusinessOrder, CustomerOrderPage, PublicOrder } from '../../src/contract/index.ts';
import { newOrderNumber } from '../../src/server/domain/orders.ts';
import { accountServer } from './account-helpers.ts';
import { physicalCheckout, variant } from './order-fixtures.ts';

const NUMBER = /^\d{6}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{6}$/;

describe('order_number', () => {
  it('a new order gets a short number of its day, unique in the store, that is neither its id nor its slug', async () => {
    const s = accountServer();
    const orders: PublicOrder[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(101)]) });
      assert.equal(res.status, 201, res.text);
      orders.push(PublicOrder.parse(res.json));
    }
    for (const order of orders) {
      assert.match(order.order_number, NUMBER);
      const row = s.db.prepare('SELECT id, created_at FROM orders WHERE secret_slug = ?').get(order.secret_slug) as { id: string; created_at: string };
      assert.equal(order.order_number.slice(0, 6), row.created_at.slice(2, 10).replaceAll('-', ''));
      const code = order.order_number.slice(7);
      assert.ok(!row.id.toUpperCase().includes(code) && !order.secret_slug.toUpperCase().includes(code));
    }
    assert.equal(new Set(orders.map((o) => o.order_number)).size, 3);
    // reading the order back gives the same number
    const read = await s.storefront('GET', `/orders/${orders[0]!.secret_slug}`);
    assert.equal(PublicOrder.parse(read.json).order_number, orders[0]!.order_number);
  });

  it('draws again when the store already has the number drawn', (t) => {
    const s = accountServer();
    const draws = [Buffer.alloc(6, 0), Buffer.alloc(6, 0), Buffer.alloc(6, 1), Buffer.alloc(6, 0)];
    t.mock.method(crypto, 'randomBytes', () => draws.shift());
    syncBuiltinESMExports(); // orders.ts imported randomBytes by name
    try {
      const at = '2026-11-22T10:00:00.000Z';
      const first = newOrderNumber(s.db, 1, at);
      assert.equal(first, '261122-000000');
      s.db.prepare('UPDATE orders SET order_number = ? WHERE rowid = (SELECT min(rowid) FROM orders WHERE store_id = 1)').run(first);
      assert.equal(newOrderNumber(s.db, 1, at), '261122-111111');
      assert.equal(newOrderNumber(s.db, 2, at), '261122-000000'); // another store: its own numbers
      assert.equal(draws.length, 0);
    } finally {
      t.mock.restoreAll();
      syncBuiltinESMExports();
    }
  });

  it('migrated orders keep their legacy id as their number; the customer and the merchant see the same number', async () => {
    const s = accountServer();
    const legacy = BusinessOrder.parse((await s.business('GET', '/v3/orders/1002')).json);
    assert.equal(legacy.order_number, '1002');
    const { access } = await s.login();
    const mine = CustomerOrderPage.parse((await s.customer('GET', '/orders', access)).json);
    assert.ok(mine.results.length > 0);
    for (const o of mine.results) {
      const merchant = BusinessOrder.parse((await s.business('GET', `/v3/orders/${o.id}`)).json);
      assert.equal(o.order_number, merchant.order_number);
    }
  });

  it('the merchant finds an order by the number the buyer reads out (any case, stray spaces)', async () => {
    const s = accountServer();
    const placed = PublicOrder.parse((await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(101)]) })).json);
    const search = async (term: string) => (await s.business('GET', `/v3/orders?search_field=order_number&search=${encodeURIComponent(term)}`)).json.results
      .map((o: BusinessOrder) => o.secret_slug);
    assert.deepEqual(await search(placed.order_number), [placed.secret_slug]);
    assert.deepEqual(await search(` ${placed.order_number.toLowerCase()} `), [placed.secret_slug]);
    assert.deepEqual(await search('000000-ZZZZZZ'), []);
  });
});
