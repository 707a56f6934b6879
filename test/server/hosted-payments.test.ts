// E-wallet, card and invoice are paid on a hosted page (`payment_url`); the reference server's is the payment
// simulator, a dev route. Without dev routes nothing could take those payments: they are neither offered nor accepted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PaymentMethodList, PublicOrder } from '../../src/contract/index.ts';
import { accountServer } from './account-helpers.ts';
import { assertFieldError, physicalCheckout, variant } from './order-fixtures.ts';

const HOSTED = ['ewallet', 'card', 'invoice'];
const channel = (method: string) => (method === 'ewallet' ? 'ovo' : undefined);
const pageOrder = (payment_method: string) => ({
  customer: { name: 'Budi Santoso', phone: '081234567890' },
  destination: { location_id: 317402, postal_code: '31790', address: 'Jl. Kenanga No. 5' },
  items: [variant(104)], shipping_option: { courier: 'jne', courier_service: 'REG', warehouse_id: 11 },
  payment_method, sub_payment_method: channel(payment_method),
});

describe('hosted payment methods without dev routes', () => {
  const s = accountServer({ devRoutes: false });

  it('are left out of payment-method discovery; the others stay', async () => {
    const res = await s.storefront('GET', '/payment-methods');
    assert.equal(res.status, 200);
    assert.deepEqual(PaymentMethodList.parse(res.json).map((m) => m.code), ['bank_transfer', 'virtual_account', 'qris', 'cod']);
  });

  it('are refused at storefront, customer and page checkout and in the summary: 400 naming payment_method', async () => {
    const { access } = await s.login();
    for (const method of HOSTED) {
      const body = physicalCheckout([variant(104)], { payment_method: method, sub_payment_method: channel(method) });
      assertFieldError(await s.storefront('POST', '/checkout', { body }), 'payment_method', 'payment_method_not_allowed');
      assertFieldError(await s.storefront('POST', '/checkout/summary', { body }), 'payment_method', 'payment_method_not_allowed');
      assertFieldError(await s.customer('POST', '/checkout', access, { body }), 'payment_method', 'payment_method_not_allowed');
      assertFieldError(await s.page('POST', '/orders', { body: pageOrder(method) }), 'payment_method', 'payment_method_not_allowed');
    }
    const qris = await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(104)], { payment_method: 'qris' }) });
    assert.equal(qris.status, 201, qris.text);
  });
});

describe('hosted payment methods with dev routes', () => {
  const s = accountServer({ devRoutes: true });

  it('are offered, and their payment_url is the simulator page, which answers', async () => {
    const methods = PaymentMethodList.parse((await s.storefront('GET', '/payment-methods')).json).map((m) => m.code);
    for (const method of ['ewallet', 'card']) assert.ok(methods.includes(method), method); // the demo's invoice is disabled
    const res = await s.page('POST', '/orders', { body: pageOrder('card') });
    assert.equal(res.status, 201, res.text);
    const order = PublicOrder.parse(res.json);
    assert.ok(order.payment_url, 'a hosted payment page');
    const url = new URL(order.payment_url);
    assert.equal((await s.request('GET', url.pathname)).status, 200);
  });
});
