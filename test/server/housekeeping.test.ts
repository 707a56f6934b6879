import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sweepGuestCarts } from '../../src/server/domain/housekeeping.ts';
import { testServer } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('guest cart housekeeping', () => {
  test('sweeps empty guest carts after a day and idle ones after guestCartDays; keeps the rest', async () => {
    const s = testServer();
    const guestToken = async (withItem: boolean) => {
      const res = withItem
        ? await s.storefront('POST', '/cart/items', { body: { type: 'variant', variant_id: 101, quantity: 1 } })
        : await s.storefront('GET', '/cart');
      return res.headers.get('X-Service-Guest-Token')!;
    };
    const [emptyToday, emptyOld, fullOld, fullIdle] = [await guestToken(false), await guestToken(false), await guestToken(true), await guestToken(true)];
    const age = (token: string, days: number) =>
      s.db.prepare('UPDATE carts SET updated_at = ? WHERE guest_token = ?').run(new Date(Date.now() - days * DAY).toISOString(), token);
    age(emptyOld, 2);
    age(fullOld, 2);
    age(fullIdle, 31);
    s.db.prepare("INSERT INTO carts (store_id, customer_id, updated_at) VALUES (1, 1, '2000-01-01T00:00:00.000Z')").run();
    const lines = () => s.db.prepare('SELECT count(*) AS n FROM cart_items').get() as { n: number };
    const linesBefore = lines().n;

    assert.equal(sweepGuestCarts(s.db, { guestCartDays: 30 }), 2);
    const left = s.db.prepare('SELECT guest_token FROM carts WHERE guest_token IS NOT NULL').all().map((r) => (r as { guest_token: string }).guest_token);
    assert.deepEqual(left.sort(), [emptyToday, fullOld].sort());
    assert.equal(lines().n, linesBefore - 1, 'the idle cart\'s line went with it');
    assert.equal((s.db.prepare('SELECT count(*) AS n FROM carts WHERE customer_id IS NOT NULL').get() as { n: number }).n, 1);

    const back = await s.storefront('GET', '/cart', { headers: { 'X-Service-Guest-Token': fullIdle } });
    assert.equal(back.status, 200);
    assert.notEqual(back.headers.get('X-Service-Guest-Token'), fullIdle, 'a swept token gets a new cart and token');
    assert.equal(back.json.items.length, 0);
  });
});
