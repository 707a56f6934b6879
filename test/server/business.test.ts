import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BusinessOrder, BusinessOrderPage, BusinessUser, BusinessUserPage, MeResponse } from '../../src/contract/index.ts';
import { resolveConfig } from '../../src/server/config.ts';
import { accountServer } from './account-helpers.ts';
import { physicalCheckout, variant } from './order-fixtures.ts';

const PASSWORD = 'correct horse battery';

describe('business credentials', () => {
  it('401 without a key or with an unknown one; the key works as a header or as a bearer', async () => {
    const s = accountServer();
    for (const path of ['/v3/me', '/v3/me/business-users', '/v3/business-users/me', '/v3/orders', '/v3/orders/1001']) {
      assert.equal((await s.business('GET', path, null)).status, 401, path);
      assert.equal((await s.business('GET', path, 'bk_nope')).status, 401, path);
    }
    assert.equal((await s.business('POST', '/v3/business-users/me/deny-invitation', null)).status, 401);
    const bearer = await s.business('GET', '/v3/me', null, { headers: { Authorization: 'Bearer bk_demo' } });
    assert.equal(bearer.status, 200);
    assert.equal(bearer.json.user.email, 'owner@example.com');
  });

  it('rate limits per key in its own bucket with X-Ratelimit-* headers', async () => {
    const s = accountServer({ businessRateLimit: { limit: 2, windowSeconds: 60 }, browserRateLimit: { limit: 100, windowSeconds: 60 } });
    const first = await s.business('GET', '/v3/me');
    assert.equal(first.headers.get('x-ratelimit-limit'), '2');
    assert.equal(first.headers.get('x-ratelimit-remaining'), '1');
    assert.equal((await s.business('GET', '/v3/orders')).status, 200);
    const limited = await s.business('GET', '/v3/me');
    assert.equal(limited.status, 429);
    assert.ok(limited.headers.get('retry-after'));
    assert.equal((await s.business('GET', '/v3/me', 'bk_staff')).status, 200); // another key, another bucket
    const browser = await s.storefront('GET', '/items/count');
    assert.equal(browser.status, 200); // the browser IP limiter is separate
    assert.equal(browser.headers.get('x-ratelimit-limit'), '100');
  });
});

describe('failed business logins', () => {
  it('are throttled per client address: past the limit 429 with Retry-After, even for a valid key from there', async () => {
    const s = accountServer();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof s.business>> | undefined;
    for (let i = 0; i < 120; i++) {
      last = await s.business('GET', '/v3/me', `bk_guess_${i}`);
      statuses.push(last.status);
    }
    const { limit } = resolveConfig().businessAuthFailureLimit;
    assert.equal(statuses.filter((status) => status === 401).length, limit);
    assert.equal(statuses.filter((status) => status === 429).length, 120 - limit);
    assert.ok(Number(last!.headers.get('retry-after')) > 0);
    assert.equal(last!.headers.get('x-ratelimit-limit'), String(limit));
    assert.equal(last!.headers.get('x-ratelimit-remaining'), '0');
    assert.equal((await s.business('GET', '/v3/me')).status, 429, 'a right guess is not told apart while throttled');
  });

  it('count header keys and bearer tokens alike, per address; other addresses are not affected', async () => {
    const s = accountServer({ trustProxy: true, businessAuthFailureLimit: { limit: 3, windowSeconds: 60 } });
    const from = (ip: string, key: string | null, headers: Record<string, string> = {}) =>
      s.business('GET', '/v3/me', key, { headers: { 'X-Forwarded-For': ip, ...headers } });
    const first = await from('203.0.113.1', 'bk_nope');
    assert.equal(first.status, 401);
    assert.equal(first.headers.get('x-ratelimit-remaining'), '2');
    assert.equal((await from('203.0.113.1', null, { Authorization: 'Bearer not-a-token' })).status, 401);
    assert.equal((await from('203.0.113.1', null)).status, 401, 'no credential at all counts too');
    const limited = await from('203.0.113.1', 'bk_nope');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal((await from('203.0.113.1', 'bk_demo')).status, 429);
    assert.equal((await from('203.0.113.2', 'bk_demo')).status, 200, 'the merchant\'s own server elsewhere');
    assert.equal((await from('203.0.113.2', 'bk_nope')).status, 401);
  });
});

describe('identity and memberships', () => {
  it('GET /v3/me: the user and the selected installation', async () => {
    const s = accountServer();
    const me = MeResponse.parse((await s.business('GET', '/v3/me')).json);
    assert.equal(me.auth_type, 'api_key');
    assert.deepEqual(me.installations.map((i) => [i.business.name, i.role, i.selected]), [['Demo Business', 'owner', true]]);
    const member = MeResponse.parse((await s.business('GET', '/v3/me', 'bk_member')).json);
    assert.equal(member.installations[0]!.status, 'pending');
  });

  it('GET /v3/me: 403 with no identity data once no active connected business remains', async () => {
    const s = accountServer();
    assert.equal((await s.business('POST', '/v3/business-users/me/leave', 'bk_staff', { body: { password: PASSWORD } })).status, 204);
    const gone = await s.business('GET', '/v3/me', 'bk_staff');
    assert.equal(gone.status, 403);
    assert.equal(gone.json.user, undefined);
    assert.ok(!gone.text.includes('staff@example.com'));
    s.db.prepare("UPDATE businesses SET status = 'inactive' WHERE id = 1").run();
    assert.equal((await s.business('GET', '/v3/me')).status, 403);
  });

  it('GET /v3/me/business-users: user-scoped, newest membership first, cursor paging and filters', async () => {
    const s = accountServer();
    const all = BusinessUserPage.parse((await s.business('GET', '/v3/me/business-users')).json);
    assert.deepEqual(all.results.map((m) => m.id), [2, 1]);
    assert.ok(all.results.every((m) => m.user.email === 'owner@example.com'));
    const page1 = (await s.business('GET', '/v3/me/business-users?page_size=1')).json;
    assert.deepEqual(page1.results.map((m: any) => m.id), [2]);
    const page2 = (await s.business('GET', `/v3/me/business-users?page_size=1&next_cursor=${page1.next_cursor}`)).json;
    assert.deepEqual(page2.results.map((m: any) => m.id), [1]);
    assert.equal(page2.next_cursor, null);
    assert.deepEqual((await s.business('GET', '/v3/me/business-users?business_name=otp')).json.results.map((m: any) => m.id), [2]);
    assert.deepEqual((await s.business('GET', '/v3/me/business-users?search=owner')).json.results.map((m: any) => m.id), [1]);
    assert.deepEqual((await s.business('GET', '/v3/me/business-users?search=100%25')).json.results, []);
    assert.equal((await s.business('GET', '/v3/me/business-users?page_size=0')).status, 400);
    assert.equal((await s.business('GET', `/v3/me/business-users?next_cursor=${page1.next_cursor}&previous_cursor=${page1.next_cursor}`)).status, 400);
  });

  it('GET /v3/business-users/me: the selected membership', async () => {
    const s = accountServer();
    const mine = BusinessUser.parse((await s.business('GET', '/v3/business-users/me', 'bk_member')).json);
    assert.deepEqual([mine.id, mine.status, mine.role, mine.business.id], [3, 'pending', 'staff', 1]);
  });

  it('leave: needs the password; an owner or the last member cannot leave (400); a member can (204)', async () => {
    const s = accountServer();
    const leave = (key: string, password = PASSWORD) => s.business('POST', '/v3/business-users/me/leave', key, { body: { password } });
    assert.equal((await leave('bk_demo')).status, 400); // owner
    assert.equal((await leave('bk_owner_otp')).status, 400); // admin, but the only member of OTP Business
    assert.equal((await leave('bk_staff', 'wrong password')).status, 400);
    assert.equal((await s.business('POST', '/v3/business-users/me/leave', 'bk_staff', { body: {} })).status, 400);
    assert.equal((await leave('bk_member')).status, 400); // pending: deny instead
    assert.equal((await leave('bk_staff')).status, 204);
    assert.equal((await s.business('GET', '/v3/business-users/me', 'bk_staff')).status, 403);
    assert.equal((await s.business('GET', '/v3/me/business-users', 'bk_staff')).json.results.length, 0);
  });

  it('accept-invitation: pending → verified record; then deny-invitation is a 400', async () => {
    const s = accountServer();
    const res = await s.business('POST', '/v3/business-users/me/accept-invitation', 'bk_member', { body: {} });
    assert.equal(res.status, 200);
    const record = BusinessUser.parse(res.json);
    assert.equal(record.status, 'verified');
    assert.ok(record.verified_at);
    assert.equal((await s.business('POST', '/v3/business-users/me/accept-invitation', 'bk_member', { body: {} })).status, 400);
    assert.equal((await s.business('POST', '/v3/business-users/me/deny-invitation', 'bk_member')).status, 400);
    assert.equal((await s.business('POST', '/v3/business-users/me/accept-invitation', 'bk_demo', { body: [] })).status, 400);
  });

  it('deny-invitation: pending → deleted (204); the key then has no installation (403)', async () => {
    const s = accountServer();
    const res = await s.business('POST', '/v3/business-users/me/deny-invitation', 'bk_member');
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal((await s.business('GET', '/v3/business-users/me', 'bk_member')).status, 403);
    assert.equal((await s.business('POST', '/v3/business-users/me/deny-invitation', 'bk_member')).status, 403);
  });
});

describe('business orders', () => {
  it('lists with cursor paging, newest first, UUIDv7 ids and legacy ids', async () => {
    const s = accountServer();
    await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(101)]) });
    const first = BusinessOrderPage.parse((await s.business('GET', '/v3/orders?page_size=2')).json);
    assert.equal(first.results.length, 2);
    assert.equal(first.results[0]!.legacy_id, null); // the new order
    assert.equal(first.results[1]!.legacy_id, 1003);
    for (const o of first.results) assert.match(o.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const second = BusinessOrderPage.parse((await s.business('GET', `/v3/orders?page_size=2&next_cursor=${first.next_cursor}`)).json);
    assert.deepEqual(second.results.map((o) => o.legacy_id), [1002, 1001]);
    assert.equal(second.next_cursor, null);
  });

  it('searches one column per request, order_id by default', async () => {
    const s = accountServer();
    const ids = async (query: string) => (await s.business('GET', `/v3/orders?${query}`)).json.results.map((o: any) => o.legacy_id);
    assert.deepEqual(await ids('search=1001'), [1001]);
    const uuid = (await s.business('GET', '/v3/orders/1002')).json.id as string;
    assert.deepEqual(await ids(`search=${uuid.slice(-12)}`), [1002]);
    assert.deepEqual(await ids(`search=${uuid.slice(-12)}&search_field=order_id`), [1002]);
    assert.deepEqual(await ids('search=tamu&search_field=customer_name'), [1003]);
    assert.deepEqual(await ids('search=Tamu'), []); // default column is order_id, not the name
    assert.deepEqual(await ids('search=SCP0001002&search_field=tracking_number'), [1002]);
    assert.deepEqual(await ids('status=completed'), [1001]);
    assert.equal((await s.business('GET', '/v3/orders?search=x&search_field=notes')).status, 400);
  });

  it('GET by UUIDv7 or legacy id; other businesses\' orders are 404; pending members are 403', async () => {
    const s = accountServer();
    const legacy = await s.business('GET', '/v3/orders/1001');
    assert.equal(legacy.status, 200);
    const order = BusinessOrder.parse(legacy.json);
    assert.equal(order.net_revenue, String(Number(order.gross_revenue) - Number(order.platform_fee)));
    assert.deepEqual((await s.business('GET', `/v3/orders/${order.id}`)).json, legacy.json);
    assert.deepEqual((await s.business('GET', `/v3/orders/${order.id.toUpperCase()}`)).json, legacy.json);
    assert.equal((await s.business('GET', '/v3/orders/999999')).status, 404);
    assert.equal((await s.business('GET', '/v3/orders/not-an-id')).status, 404);
    assert.equal((await s.business('GET', '/v3/orders/1001', 'bk_owner_otp')).status, 404);
    assert.equal((await s.business('GET', '/v3/orders', 'bk_member')).status, 403);
    assert.equal((await s.business('GET', '/v3/orders/1001', 'bk_member')).status, 403);
  });

  it('PATCH moves status forward, sets tracking and notes, by either id; final states are 400', async () => {
    const s = accountServer();
    const stock = () => s.db.prepare('SELECT stock FROM variants WHERE id = 101').pluck().get() as number;
    const placed = (await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(101, 2)]) })).json;
    const id = (s.db.prepare('SELECT id FROM orders WHERE secret_slug = ?').pluck().get(placed.secret_slug)) as string;
    const patch = (target: string, body: unknown) => s.business('PATCH', `/v3/orders/${target}`, 'bk_demo', { body });
    const processing = await patch(id, { status: 'processing', notes: 'packed' });
    assert.equal(processing.status, 200);
    assert.deepEqual([processing.json.status, processing.json.notes], ['processing', 'packed']);
    const shipped = await patch(id, { status: 'shipped', tracking_number: 'JNE123' });
    assert.equal(BusinessOrder.parse(shipped.json).tracking_number, 'JNE123');
    const publicView = await s.storefront('GET', `/orders/${placed.secret_slug}`);
    assert.equal(publicView.json.shipping.tracking_number, 'JNE123', 'the buyer sees the tracking number');
    assert.equal((await patch(id, { status: 'pending' })).status, 400);
    assert.equal((await patch('1003', { notes: 'legacy id works' })).json.notes, 'legacy id works');
    const before = stock();
    assert.equal((await patch(id, { status: 'cancelled' })).status, 400); // shipped cannot be cancelled
    const other = (await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(101, 2)]) })).json;
    const otherId = s.db.prepare('SELECT id FROM orders WHERE secret_slug = ?').pluck().get(other.secret_slug) as string;
    assert.equal((await patch(otherId, { status: 'cancelled' })).json.status, 'cancelled');
    assert.equal(stock(), before); // the cancelled order's 2 shirts are back
    assert.equal((await patch(otherId, { status: 'processing' })).status, 400);
    assert.equal((await patch(id, {})).status, 400);
    assert.equal((await patch(id, { total: '1' })).status, 400);
    assert.equal((await patch('999999', { notes: 'x' })).status, 404);
    const history = s.db.prepare('SELECT status FROM order_status_history WHERE order_id = ? ORDER BY id').pluck().all(id);
    assert.deepEqual(history, ['pending', 'processing', 'shipped']);
  });
});
