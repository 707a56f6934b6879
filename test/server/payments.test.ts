import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PublicOrder } from '../../src/contract/index.ts';
import { crc16Ccitt } from '../../src/server/domain/payments.ts';
import { escapeHtml } from '../../src/server/routes/payment-simulator.ts';
import { testServer } from './helpers.ts';
import { physicalCheckout, variant } from './order-fixtures.ts';

const { app, db, storefront } = testServer();
const place = async (payment_method: string, sub_payment_method?: string) => {
  const res = await storefront('POST', '/checkout', { body: physicalCheckout([variant(104)], { payment_method, sub_payment_method }) });
  assert.equal(res.status, 201, res.text);
  return PublicOrder.parse(res.json);
};
const pay = async (slug: string) => {
  const res = await storefront('POST', `/orders/${slug}/payment`);
  return { ...res, order: res.status === 200 ? PublicOrder.parse(res.json) : undefined };
};

/** Splits an EMVCo payload into its top-level tag → value map, checking every length. */
function parseTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < payload.length;) {
    const tag = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    assert.ok(Number.isInteger(length) && i + 4 + length <= payload.length, `length of tag ${tag}`);
    fields.set(tag, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

describe('POST /orders/{secret_slug}/payment', () => {
  it('CRC16-CCITT matches the standard check value', () => assert.equal(crc16Ccitt('123456789'), '29B1'));

  it('manual methods: empty pg_payment_info, the store accounts, an expiry for transfers', async () => {
    const order = await place('bank_transfer');
    const { order: paid } = await pay(order.secret_slug);
    assert.deepEqual(paid!.pg_payment_info, {});
    assert.ok(paid!.payment_expires_at && Date.parse(paid!.payment_expires_at) > Date.now());
    assert.equal(paid!.store.payment_accounts[0]?.bank_name, 'BCA');
    const cod = (await pay((await place('cod')).secret_slug)).order!;
    assert.deepEqual([cod.pg_payment_info, cod.payment_url], [{}, null]);
  });

  it('virtual account: bank, 16-digit number, store name, gross amount; the same on a second call', async () => {
    const order = await place('virtual_account', 'mandiri');
    const first = (await pay(order.secret_slug)).order!;
    const info = first.pg_payment_info as Record<string, string>;
    assert.equal(info.type, 'virtual_account');
    assert.deepEqual([info.bank_code, info.bank_name, info.account_name, info.amount], ['mandiri', 'Mandiri', 'Toko Demo', order.gross_revenue]);
    assert.match(info.account_number!, /^88908\d{11}$/);
    assert.equal(first.sub_payment_method, 'mandiri');
    assert.equal(first.payment_expires_at, info.expires_at);
    assert.deepEqual((await pay(order.secret_slug)).order, first);
    const other = (await pay((await place('virtual_account', 'mandiri')).secret_slug)).order!;
    assert.notEqual((other.pg_payment_info as Record<string, string>).account_number, info.account_number);
  });

  it('QRIS: an EMVCo payload with the amount and a valid CRC; the same on a second call', async () => {
    const order = await place('qris');
    const first = (await pay(order.secret_slug)).order!;
    const info = first.pg_payment_info as { type: string; qr_string: string; amount: string };
    assert.equal(info.type, 'qris');
    const tags = parseTlv(info.qr_string);
    assert.deepEqual([tags.get('00'), tags.get('01'), tags.get('53'), tags.get('54'), tags.get('58')], ['01', '12', '360', order.gross_revenue, 'ID']);
    assert.equal(tags.get('59'), 'TOKO DEMO');
    assert.equal(tags.get('60'), 'JAKARTA SELATAN');
    assert.ok(parseTlv(tags.get('51')!).get('00') === 'ID.CO.QRIS.WWW');
    assert.ok(info.qr_string.endsWith(`6304${tags.get('63')}`));
    assert.equal(tags.get('63'), crc16Ccitt(info.qr_string.slice(0, -4)));
    assert.deepEqual((await pay(order.secret_slug)).order, first);
  });

  it('e-wallet and card: a hosted payment_url and a redirect action', async () => {
    for (const [method, channel] of [['ewallet', 'dana'], ['card', undefined]] as const) {
      const order = await place(method, channel);
      const first = (await pay(order.secret_slug)).order!;
      const url = `http://localhost:8787/__reference/pay/${order.secret_slug}`;
      assert.equal(first.payment_url, url);
      assert.deepEqual(first.pg_payment_info, { type: 'redirect', actions: [{ name: 'redirect', method: 'GET', url }], expires_at: first.payment_expires_at });
      assert.deepEqual((await pay(order.secret_slug)).order, first);
    }
  });

  it('without a configured public URL, in process (no listening address): http://localhost', async () => {
    const bare = testServer({ publicUrl: undefined });
    const res = await bare.storefront('POST', '/checkout', { body: physicalCheckout([variant(104)], { payment_method: 'card' }) });
    assert.match(res.json.public_order_url, /^http:\/\/localhost\/order-status\.html\?order=/);
    const paid = await bare.storefront('POST', `/orders/${res.json.secret_slug}/payment`);
    assert.equal(paid.json.payment_url, `http://localhost/__reference/pay/${res.json.secret_slug}`);
  });

  it('is a 400 for cancelled orders and orders paid without instructions, 404 for unknown ones', async () => {
    const cancelled = await place('qris');
    db.prepare("UPDATE orders SET status = 'cancelled' WHERE secret_slug = ?").run(cancelled.secret_slug);
    assert.deepEqual([(await pay(cancelled.secret_slug)).status, (await pay(cancelled.secret_slug)).json.error.code], [400, 'invalid_state']);
    const paidFirst = await place('qris');
    await app.request(`/__reference/orders/${paidFirst.secret_slug}/pay`, { method: 'POST' });
    assert.equal((await pay(paidFirst.secret_slug)).status, 400);
    const withInstructions = await place('qris');
    const instructed = (await pay(withInstructions.secret_slug)).order!;
    await app.request(`/__reference/orders/${withInstructions.secret_slug}/pay`, { method: 'POST' });
    const again = (await pay(withInstructions.secret_slug)).order!;
    assert.deepEqual([again.payment_status, again.pg_payment_info], ['paid', instructed.pg_payment_info]);
    assert.equal((await pay('noSuchOrder')).status, 404);
  });
});

describe('dev payment simulator', () => {
  it('shows an escaped page with amount and method, and its form marks the order paid', async () => {
    const order = await place('virtual_account', 'bca');
    db.prepare('UPDATE stores SET name = ? WHERE id = 1').run('<img src=x onerror=alert(1)> & "Co"');
    const page = await app.request(`/__reference/pay/${order.secret_slug}`);
    db.prepare('UPDATE stores SET name = ? WHERE id = 1').run('Toko Demo');
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type')!, /text\/html/);
    assert.ok(!html.includes('<img src=x') && html.includes('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;'));
    assert.ok(html.includes('virtual_account / bca') && html.includes('Mark as paid'));
    assert.ok(html.replace(/\s/g, ' ').includes(new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 }).format(Number(order.gross_revenue)).replace(/\s/g, ' ')));

    const posted = await app.request(`/__reference/pay/${order.secret_slug}`, { method: 'POST' });
    assert.equal(posted.status, 303);
    assert.equal(posted.headers.get('location'), `/__reference/pay/${order.secret_slug}`);
    const paid = PublicOrder.parse((await storefront('GET', `/orders/${order.secret_slug}`)).json);
    assert.deepEqual([paid.payment_status, paid.status], ['paid', 'processing']);
    assert.ok(paid.paid_at);
    const id = db.prepare('SELECT id FROM orders WHERE secret_slug = ?').pluck().get(order.secret_slug);
    assert.deepEqual(db.prepare('SELECT status, payment_status FROM order_status_history WHERE order_id = ? ORDER BY id').all(id),
      [{ status: 'pending', payment_status: 'unpaid' }, { status: 'processing', payment_status: 'paid' }]);
    assert.ok((await (await app.request(`/__reference/pay/${order.secret_slug}`)).text()).includes('disabled'));
  });

  it('marks any order paid over JSON, once', async () => {
    const order = await place('bank_transfer');
    const res = await app.request(`/__reference/orders/${order.secret_slug}/pay`, { method: 'POST' });
    const paid = PublicOrder.parse(await res.json());
    assert.deepEqual([paid.payment_status, paid.status], ['paid', 'processing']);
    const again = PublicOrder.parse(await (await app.request(`/__reference/orders/${order.secret_slug}/pay`, { method: 'POST' })).json());
    assert.equal(again.paid_at, paid.paid_at);
    assert.equal((await app.request('/__reference/orders/nope/pay', { method: 'POST' })).status, 404);
    assert.equal((await app.request('/__reference/pay/nope')).status, 404);
  });

  it('does not exist without devRoutes', async () => {
    const prod = testServer({ devRoutes: false });
    const order = PublicOrder.parse((await prod.storefront('POST', '/checkout', { body: physicalCheckout([variant(104)]) })).json);
    assert.equal((await prod.app.request(`/__reference/pay/${order.secret_slug}`)).status, 404);
    assert.equal((await prod.app.request(`/__reference/orders/${order.secret_slug}/pay`, { method: 'POST' })).status, 404);
  });

  it('escapes all five HTML-special characters', () => assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;'));
});
