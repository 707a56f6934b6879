import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { purchaseIds } from '../../src/analytics/purchase-id.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import type { OutboxEvent } from '../../src/server/domain/analytics-outbox.ts';
import { accountServer, DEMO, PAGE } from './account-helpers.ts';
import { demoDatabase } from './helpers.ts';
import { variant } from './order-fixtures.ts';

// What the relay trusts (docs/events.md, "What the relay trusts"): a Purchase only for a real order of the page, with
// the order's own value; other events from an allowed origin, bounded in value and in number per page and client.

const ORIGIN = { Origin: DEMO.origin };
const orderBody = {
  customer: { name: 'Budi Santoso', phone: '081234567890' }, items: [variant(101, 2)], payment_method: 'bank_transfer',
  destination: { location_id: 317402, postal_code: '31790', address: 'Jl. Kenanga No. 5' },
  shipping_option: { courier: 'jne', courier_service: 'REG', warehouse_id: 11 },
};
const event = (extra: Record<string, unknown> = {}) => ({
  event_name: 'AddToCart', event_id: `evt-${Math.random().toString(36).slice(2, 12)}`, event_time: 1_700_000_000,
  custom_data: { value: 170000, currency: 'IDR', content_ids: ['variant:101'] }, ...extra,
});

type Server = ReturnType<typeof accountServer>;
const send = (s: Server, body: unknown, options: { route?: string; headers?: Record<string, string | null>; page?: string; key?: string } = {}) =>
  s.page('POST', `/analytics/${options.route ?? 'meta'}/events`, { body, headers: { ...ORIGIN, ...options.headers }, page: options.page, key: options.key });
const outbox = async (s: Server) => (await s.request('GET', '/__reference/outbox')).json.events as OutboxEvent[];

async function pageOrder(s: Server, page: { id: string; key: string } = { id: PAGE.id, key: PAGE.key }) {
  const res = await s.page('POST', '/orders', { body: orderBody, page: page.id, key: page.key });
  assert.equal(res.status, 201, res.text);
  return res.json as { secret_slug: string; gross_revenue: string };
}
const purchaseOf = (slug: string, custom: Record<string, unknown> = {}) => {
  const { digest, eventId } = purchaseIds(slug);
  return event({ event_name: 'Purchase', event_id: eventId, custom_data: { value: 987654321, currency: 'IDR', order_id: digest, content_ids: ['ebook'], ...custom } });
};

describe('analytics relay: purchases', () => {
  it('refuses a fabricated Purchase (no such order), with or without an Origin, and queues nothing', async () => {
    const s = accountServer();
    const fake = event({ event_name: 'Purchase', custom_data: { value: 987654321, currency: 'IDR', order_id: 'not-an-order' } });
    for (const route of ['meta', 'tiktok', 'snackvideo']) {
      const answer = await send(s, fake, { route });
      assert.equal(answer.status, 400, route);
      assert.ok('event_id' in answer.json.error.fields, answer.text);
    }
    const madeUp = purchaseOf('no-such-order-slug');
    assert.equal((await send(s, madeUp)).status, 400, 'a well-formed id that names no order');
    assert.equal((await send(s, fake, { headers: { Origin: null } })).status, 403);
    assert.deepEqual(await outbox(s), []);
  });

  it('relays a real order\'s Purchase once per provider, with the order\'s value and currency, not the request\'s', async () => {
    const s = accountServer();
    const order = await pageOrder(s);
    for (let i = 0; i < 3; i++) assert.equal((await send(s, purchaseOf(order.secret_slug))).status, 204);
    assert.equal((await send(s, purchaseOf(order.secret_slug), { route: 'tiktok' })).status, 204);
    const rows = await outbox(s);
    assert.deepEqual(rows.map((r) => r.provider).sort(), ['meta', 'tiktok']);
    const { digest, eventId } = purchaseIds(order.secret_slug);
    for (const row of rows) {
      assert.equal(row.event_id, eventId);
      assert.deepEqual(row.payload.custom_data, { value: Number(order.gross_revenue), currency: 'IDR', order_id: digest, content_ids: ['ebook'] });
    }
  });

  it('refuses a Purchase of another page\'s order, of a storefront order, or whose order_id is not its order\'s', async () => {
    const s = accountServer();
    const other = await pageOrder(s, { id: PAGE.otherId, key: PAGE.otherKey });
    assert.equal((await send(s, purchaseOf(other.secret_slug))).status, 400, 'another page\'s order');
    assert.equal((await send(s, purchaseOf(other.secret_slug), { page: PAGE.otherId, key: PAGE.otherKey })).status, 204, 'its own page');

    const storefront = s.db.prepare('SELECT secret_slug FROM orders WHERE page_id IS NULL LIMIT 1').get() as { secret_slug: string };
    assert.equal((await send(s, purchaseOf(storefront.secret_slug))).status, 400, 'an order of the storefront, not of a page');

    const mine = await pageOrder(s);
    const mismatched = await send(s, purchaseOf(mine.secret_slug, { order_id: purchaseIds(other.secret_slug).digest }));
    assert.equal(mismatched.status, 400);
    assert.ok('custom_data.order_id' in mismatched.json.error.fields, mismatched.text);
    assert.equal((await outbox(s)).length, 1);
  });
});

describe('orders.purchase_digest (migration 014)', () => {
  it('is given to the orders a database held before the migration, as checkout gives it to new ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-digest-'));
    try {
      const file = join(dir, 'reference.sqlite');
      const before = demoDatabase(file);
      const slugs = before.prepare('SELECT secret_slug FROM orders').pluck().all() as string[];
      assert.ok(slugs.length > 0);
      // back to the schema before 014: no column, no index, not applied
      before.exec("DROP INDEX orders_page_purchase; ALTER TABLE orders DROP COLUMN purchase_digest; DELETE FROM schema_migrations WHERE id = '014-order-purchase-digest'");
      before.close();
      const after = openDatabase(file);
      const rows = after.prepare('SELECT secret_slug, purchase_digest FROM orders').all() as { secret_slug: string; purchase_digest: string }[];
      after.close();
      assert.deepEqual(rows.map((r) => r.purchase_digest), rows.map((r) => purchaseIds(r.secret_slug).digest));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('analytics relay: other events', () => {
  it('require an allowed Origin: none (curl, a server) or another site is 403', async () => {
    const s = accountServer();
    const none = await send(s, event(), { headers: { Origin: null } });
    assert.equal(none.status, 403);
    assert.equal(none.json.error.code, 'origin_not_allowed');
    assert.equal((await send(s, event(), { headers: { Origin: 'https://evil.example' } })).status, 403);
    assert.equal((await send(s, event(), { headers: { Origin: 'null' } })).status, 403);
    assert.equal((await send(s, event())).status, 204);
    assert.equal((await outbox(s)).length, 1);
  });

  it('refuse a value beyond the configured bound', async () => {
    const s = accountServer({ analyticsMaxValue: 50_000_000 });
    const answer = await send(s, event({ custom_data: { value: 987654321, currency: 'IDR' } }));
    assert.equal(answer.status, 400);
    assert.ok('custom_data.value' in answer.json.error.fields, answer.text);
    assert.equal((await send(s, event({ custom_data: { value: 50_000_000, currency: 'IDR' } }))).status, 204);
    assert.equal((await outbox(s)).length, 1);
  });

  it('are counted per page and client: past the limit 429 with Retry-After; a real Purchase still gets through', async () => {
    const s = accountServer({ analyticsRateLimit: { limit: 3, windowSeconds: 60 } });
    for (let i = 0; i < 3; i++) assert.equal((await send(s, event())).status, 204);
    const limited = await send(s, event());
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal((await send(s, event(), { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status, 429, 'X-Forwarded-For is not trusted by default');
    assert.equal((await send(s, event(), { page: PAGE.otherId, key: PAGE.otherKey })).status, 204, 'another page has its own count');
    const order = await pageOrder(s);
    assert.equal((await send(s, purchaseOf(order.secret_slug))).status, 204, 'purchases are bounded by orders, not by this count');
    assert.equal((await outbox(s)).length, 5);
  });
});
