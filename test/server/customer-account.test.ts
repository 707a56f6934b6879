import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Cart, CourseAccess, CourseContent, CourseSectionList, CustomerOrder, CustomerOrderPage, CustomerProfileResponse,
  ProgressUpdateResponse, PublicOrder, Subscription, SubscriptionPage,
} from '../../src/contract/index.ts';
import { issueTokens } from '../../src/server/domain/customer-tokens.ts';
import { accountServer, BUYER, DEMO, sleep } from './account-helpers.ts';
import { bundle, physicalCheckout, TOKEN, variant } from './order-fixtures.ts';

const FORBIDDEN = ['financial_entity', 'warehouse', 'warehouse_id', 'origin_address', 'analytics', 'net_revenue',
  'platform_fee', 'affiliate', 'metadata', 'crm', 'provider'];

function assertNoForbiddenKeys(value: unknown, path = 'order'): void {
  if (Array.isArray(value)) value.forEach((v, i) => assertNoForbiddenKeys(v, `${path}.${i}`));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      assert.ok(!FORBIDDEN.includes(key), `${path}.${key} must not be in a buyer-safe order`);
      assertNoForbiddenKeys(v, `${path}.${key}`);
    }
  }
}

const { customer: _, ...checkoutWithoutCustomer } = physicalCheckout([variant(101)]);

describe('customer credentials', () => {
  it('needs a valid bearer of this store and no store key; 401 otherwise', async () => {
    const s = accountServer();
    const { access } = await s.login();
    assert.equal((await s.customer('GET', '/profile', access)).status, 200);
    const none = await s.customer('GET', '/profile', null);
    assert.equal(none.status, 401);
    assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.equal((await s.customer('GET', '/profile', 'garbage')).status, 401);
    assert.equal((await s.customer('GET', '/profile', access, { store: 'otp-store' })).status, 401); // another store
    assert.equal((await s.customer('GET', '/cart', access, { headers: { Authorization: 'Basic abc' } })).status, 401);
    await s.auth('jwt/blacklist', { tokens: [access] });
    assert.equal((await s.customer('GET', '/profile', access)).status, 401);
  });

  it('refuses an access token past its lifetime with 401', async () => {
    // a server of 1 s tokens for this alone: the checks above take longer than that on a busy machine
    const s = accountServer({ accessTokenSeconds: 1 });
    const fresh = await s.login();
    await sleep(1100);
    assert.equal((await s.customer('GET', '/orders', fresh.access)).status, 401);
  });
});

describe('profile', () => {
  it('GET and PATCH return customer, store and is_generated_password_reset', async () => {
    const s = accountServer();
    const { access } = await s.login();
    const got = CustomerProfileResponse.parse((await s.customer('GET', '/profile', access)).json);
    assert.equal(got.customer.email, BUYER.email);
    assert.equal(got.store.unique_id, 'demo-store');
    assert.equal(got.is_generated_password_reset, false);
    const patched = await s.customer('PATCH', '/profile', access, { body: { name: 'Budi S.', phone: '+628111111111' } });
    assert.equal(patched.status, 200);
    assert.equal(CustomerProfileResponse.parse(patched.json).customer.name, 'Budi S.');
    assert.equal((await s.customer('PATCH', '/profile', access, { body: {} })).status, 400);
    assert.equal((await s.customer('PATCH', '/profile', access, { body: { email: 'x@example.com' } })).status, 400);
  });

  it('PATCH profile/password needs the current password and revokes the other sign-ins only', async () => {
    const s = accountServer();
    const mine = await s.login();
    const other = await s.login();
    const wrong = await s.customer('PATCH', '/profile/password', mine.access, { body: { current_password: 'nope', new_password: 'new secret 123' } });
    assert.equal(wrong.status, 400);
    assert.equal((await s.customer('PATCH', '/profile/password', mine.access, { body: { new_password: 'new secret 123' } })).status, 400);
    const ok = await s.customer('PATCH', '/profile/password', mine.access, { body: { current_password: BUYER.password, new_password: 'new secret 123' } });
    assert.equal(ok.status, 200);
    CustomerProfileResponse.parse(ok.json);
    assert.equal((await s.customer('GET', '/profile', mine.access)).status, 200);
    assert.equal((await s.customer('GET', '/profile', other.access)).status, 401);
    assert.equal((await s.auth('login', { email: BUYER.email, password: 'new secret 123' })).status, 200);
  });

  it('a generated password is flagged and may be replaced without the current one', async () => {
    const s = accountServer();
    const { access } = await issueTokens(s.db, 3, DEMO.numericId, { accessTokenSeconds: 60, refreshTokenSeconds: 60 });
    assert.equal((await s.customer('GET', '/profile', access)).json.is_generated_password_reset, true);
    const res = await s.customer('PATCH', '/profile/password', access, { body: { new_password: 'chosen by me' } });
    assert.equal(res.status, 200);
    assert.equal(res.json.is_generated_password_reset, false);
  });
});

describe('customer cart and checkout', () => {
  it('adds (201), updates and deletes items', async () => {
    const s = accountServer();
    const { access } = await s.login();
    assert.deepEqual(Cart.parse((await s.customer('GET', '/cart', access)).json).items, []);
    const added = await s.customer('POST', '/cart/items', access, { body: variant(101, 2) });
    assert.equal(added.status, 201);
    const line = Cart.parse(added.json).items[0]!;
    assert.equal(line.quantity, 2);
    const updated = await s.customer('PATCH', `/cart/items/${line.id}`, access, { body: { quantity: 5 } });
    assert.equal(Cart.parse(updated.json).items[0]!.quantity, 5);
    assert.equal((await s.customer('DELETE', `/cart/items/${line.id}`, access)).json.items.length, 0);
    assert.equal((await s.customer('DELETE', `/cart/items/${line.id}`, access)).status, 404);
    assert.equal((await s.customer('POST', '/cart/items', access, { body: variant(2101) })).status, 400); // another store's variant
  });

  it('checks out the cart as a public order (201), empties it, and honours Idempotency-Key', async () => {
    const s = accountServer();
    const { access } = await s.login();
    await s.customer('POST', '/cart/items', access, { body: variant(101, 2) });
    const { items: _items, customer: _c, ...body } = physicalCheckout([]);
    const headers = { 'Idempotency-Key': 'customer-checkout-1' };
    const res = await s.customer('POST', '/checkout', access, { body, headers });
    assert.equal(res.status, 201, res.text);
    const order = PublicOrder.parse(res.json);
    assert.equal(order.customer.name, 'Budi Santoso'); // from the profile
    assert.equal(order.items[0]!.quantity, 2);
    assert.equal((await s.customer('GET', '/cart', access)).json.items.length, 0);
    const replay = await s.customer('POST', '/checkout', access, { body, headers });
    assert.equal(replay.status, 201);
    assert.equal(replay.json.secret_slug, order.secret_slug);
    assert.equal((await s.customer('POST', '/checkout', access, { body })).status, 400); // cart is empty now
    const mine = CustomerOrderPage.parse((await s.customer('GET', '/orders', access)).json);
    assert.equal(mine.results[0]!.secret_slug, order.secret_slug);
  });

  it('delivers a digital item to the account\'s e-mail when the body names none', async () => {
    const s = accountServer();
    const { access } = await s.login();
    const body = { items: [variant(109)], payment_method: 'qris', customer: { name: 'Budi', phone: '081234567890' } };
    const res = await s.customer('POST', '/checkout', access, { body });
    assert.equal(res.status, 201, res.text);
    assert.equal(PublicOrder.parse(res.json).customer.email, BUYER.email);
  });

  it('takes direct items (the cart stays) and the same validation as the public checkout', async () => {
    const s = accountServer();
    const { access } = await s.login();
    await s.customer('POST', '/cart/items', access, { body: variant(102, 1) });
    const direct = await s.customer('POST', '/checkout', access, { body: { ...checkoutWithoutCustomer, shipping_cost: '1' } });
    assert.equal(direct.status, 201);
    assert.notEqual(direct.json.shipping_cost, '1'); // recomputed by the server
    assert.deepEqual(direct.json.items.map((i: any) => i.variant_id), [101]);
    assert.equal((await s.customer('GET', '/cart', access)).json.items.length, 1);
    const other = { ...checkoutWithoutCustomer, customer: { name: 'Someone Else', phone: '081200000000' } };
    assert.equal((await s.customer('POST', '/checkout', access, { body: other })).json.customer.name, 'Someone Else');
    assert.equal((await s.customer('POST', '/checkout', access, { body: { ...checkoutWithoutCustomer, payment_method: 'no_payment' } })).status, 400);
    assert.equal((await s.customer('POST', '/checkout', access, { body: { ...checkoutWithoutCustomer, destination: undefined } })).status, 400);
    const generated = await issueTokens(s.db, 3, DEMO.numericId, { accessTokenSeconds: 60, refreshTokenSeconds: 60 });
    const noPhone = await s.customer('POST', '/checkout', generated.access, { body: checkoutWithoutCustomer });
    assert.equal(noPhone.status, 400); // the profile has no phone: send customer
    assert.ok('customer.phone' in noPhone.json.error.fields);
  });
});

describe('cart merge', () => {
  it('adds the guest quantities into the customer cart and consumes the guest cart', async () => {
    const s = accountServer();
    const { access } = await s.login();
    await s.customer('POST', '/cart/items', access, { body: variant(101, 1) });
    const guest = await s.storefront('POST', '/cart/items', { body: variant(101, 2) });
    const token = guest.headers.get(TOKEN)!;
    await s.storefront('POST', '/cart/items', { body: bundle(1, 1), headers: { [TOKEN]: token } });
    const merged = await s.storefront('POST', '/cart/merge', { headers: { [TOKEN]: token, Authorization: `Bearer ${access}` } });
    assert.equal(merged.status, 200);
    assert.equal(merged.headers.get(TOKEN), token);
    const cart = Cart.parse(merged.json);
    assert.equal(cart.items.find((i) => i.variant_id === 101)!.quantity, 3);
    assert.equal(cart.items.find((i) => i.bundle_price_option_id === 1)!.quantity, 1);
    assert.equal((await s.storefront('GET', '/cart', { headers: { [TOKEN]: token } })).json.items.length, 0);
    const again = await s.storefront('POST', '/cart/merge', { headers: { [TOKEN]: token, Authorization: `Bearer ${access}` } });
    assert.equal(again.json.items.find((i: any) => i.variant_id === 101).quantity, 3);
  });

  it('needs the bearer (401) and the store key (404)', async () => {
    const s = accountServer();
    const { access } = await s.login();
    assert.equal((await s.storefront('POST', '/cart/merge')).status, 401);
    const otp = await s.storefront('POST', '/cart/merge', { store: 'otp-store', headers: { 'X-Service-Storefront-Api-Key': 'sfk_otp', Authorization: `Bearer ${access}` } });
    assert.equal(otp.status, 401);
    assert.equal((await s.storefront('POST', '/cart/merge', { headers: { 'X-Service-Storefront-Api-Key': null, Authorization: `Bearer ${access}` } })).status, 404);
  });
});

describe('customer orders', () => {
  it('lists the buyer-safe orders, newest first, with cursor paging', async () => {
    const s = accountServer();
    const { access } = await s.login();
    const first = CustomerOrderPage.parse((await s.customer('GET', '/orders?page_size=1', access)).json);
    assert.equal(first.results[0]!.legacy_id, 1002);
    assert.ok(first.next_cursor);
    const second = CustomerOrderPage.parse((await s.customer('GET', `/orders?page_size=1&next_cursor=${first.next_cursor}`, access)).json);
    assert.equal(second.results[0]!.legacy_id, 1001);
    assert.equal(second.next_cursor, null); // 1003 is a guest order, not the customer's
    const back = CustomerOrderPage.parse((await s.customer('GET', `/orders?page_size=1&previous_cursor=${second.previous_cursor}`, access)).json);
    assert.equal(back.results[0]!.legacy_id, 1002);
    assert.equal((await s.customer('GET', '/orders?page_size=0', access)).status, 400);
    assert.equal((await s.customer('GET', '/orders?status=completed', access)).json.results.length, 1);
  });

  it('shows an order by UUIDv7 or legacy id with every buyer field and nothing internal', async () => {
    const s = accountServer();
    const { access } = await s.login();
    const byLegacy = await s.customer('GET', '/orders/1001', access);
    assert.equal(byLegacy.status, 200);
    const order = CustomerOrder.parse(byLegacy.json); // strict: unknown keys fail
    assertNoForbiddenKeys(byLegacy.json);
    assert.match(order.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual((await s.customer('GET', `/orders/${order.id}`, access)).json, byLegacy.json);
    assert.equal(order.status_history.length, 4);
    assert.equal(order.completed_at, '2024-11-06T09:30:00Z');
    assert.equal(order.shipment?.tracking_number, 'JNE0001001');
    assert.equal(order.destination?.location_id, 327301);
    assert.equal(order.store.name, 'Toko Demo');
    assert.equal(order.store.payment_accounts.length, 2);
    assert.deepEqual(order.store.display, { show_logo: true, show_payment_accounts: true, show_courier_etd: true });
    assert.equal(order.dropshipper?.display_gross_revenue, '324500');
    assert.ok(order.public_order_url.includes(order.secret_slug));
    const total = Number(order.product_price) + Number(order.shipping_cost) + Number(order.other_income) - Number(order.discount_amount);
    assert.equal(Number(order.gross_revenue), total);
    // the bundle line is expanded into its component variants
    assert.ok(order.final_variants.length > order.items.filter((i) => i.type === 'variant').length);
    assert.equal(order.final_variants.find((v) => v.variant_id === 102)?.quantity, 2);
  });

  it('does not show other customers\' or guest orders', async () => {
    const s = accountServer();
    const { access } = await s.login();
    assert.equal((await s.customer('GET', '/orders/1003', access)).status, 404);
    assert.equal((await s.customer('GET', '/orders/not-an-id', access)).status, 404);
    const other = await issueTokens(s.db, 3, DEMO.numericId, { accessTokenSeconds: 60, refreshTokenSeconds: 60 });
    assert.equal((await s.customer('GET', '/orders/1001', other.access)).status, 404);
    assert.equal((await s.customer('GET', '/orders', other.access)).json.results.length, 0);
  });
});

describe('subscriptions', () => {
  it('lists (newest first) and shows the customer\'s subscriptions', async () => {
    const s = accountServer();
    const { access } = await s.login();
    const list = SubscriptionPage.parse((await s.customer('GET', '/subscriptions', access)).json);
    assert.deepEqual(list.results.map((r) => r.id), [2, 1]);
    assert.equal((await s.customer('GET', '/subscriptions?status=active', access)).json.results.length, 1);
    const one = Subscription.parse((await s.customer('GET', '/subscriptions/1', access)).json);
    assert.equal(one.price, '99000');
    assert.equal((await s.customer('GET', '/subscriptions/999', access)).status, 404);
    assert.equal((await s.customer('GET', '/subscriptions/abc', access)).status, 404);
  });
});

describe('courses', () => {
  it('gives access, sections, contents and progress updates', async () => {
    const s = accountServer();
    const { access } = await s.login();
    const list = (await s.customer('GET', '/courses', access)).json;
    assert.deepEqual(list.results.map((c: any) => c.id), [1, 2]);
    const course = CourseAccess.parse((await s.customer('GET', '/courses/1', access)).json);
    assert.equal(course.access.status, 'active');
    assert.deepEqual(course.progress, { completed_contents: 0, total_contents: 4, percent: 0 });
    const sections = CourseSectionList.parse((await s.customer('GET', '/courses/1/sections', access)).json);
    assert.deepEqual(sections.map((x) => x.contents.length), [2, 2]);
    const content = CourseContent.parse((await s.customer('GET', '/courses/1/contents/3', access)).json);
    assert.equal(content.type, 'video');
    const update = await s.customer('PATCH', '/courses/1/contents/3/progress', access, { body: { completed: true, position_seconds: 900 } });
    assert.equal(update.status, 200);
    const progress = ProgressUpdateResponse.parse(update.json);
    assert.deepEqual(progress.course_progress, { completed_contents: 1, total_contents: 4, percent: 25 });
    assert.equal((await s.customer('GET', '/courses/1/sections', access)).json[1].contents[0].completed, true);
    assert.equal((await s.customer('PATCH', '/courses/1/contents/3/progress', access, { body: {} })).status, 400);
    assert.equal((await s.customer('GET', '/courses/1/contents/5', access)).status, 404); // content of another course
  });

  it('expired access keeps the outline but closes contents (403); no grant is 404', async () => {
    const s = accountServer();
    const { access } = await s.login();
    assert.equal((await s.customer('GET', '/courses/2', access)).json.access.status, 'expired');
    assert.equal((await s.customer('GET', '/courses/2/sections', access)).status, 200);
    assert.equal((await s.customer('GET', '/courses/2/contents/5', access)).status, 403);
    assert.equal((await s.customer('PATCH', '/courses/2/contents/5/progress', access, { body: { completed: true } })).status, 403);
    const other = await issueTokens(s.db, 3, DEMO.numericId, { accessTokenSeconds: 60, refreshTokenSeconds: 60 });
    assert.equal((await s.customer('GET', '/courses/1', other.access)).status, 404);
  });
});
