import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/payment-instructions/payment-instructions.ts';
import type { SvcPaymentInstructions } from '../../../src/elements/payment-instructions/payment-instructions.ts';
import type { PublicOrder } from '../../../src/contract/order.ts';
import { createPayment, placeOrder, query } from './helpers.ts';

const show = (order: PublicOrder) =>
  fixture<SvcPaymentInstructions>(html`<svc-payment-instructions lang="en" .order=${order}></svc-payment-instructions>`);

describe('<svc-payment-instructions>: where "Pay now" may lead', () => {
  let order: PublicOrder; // a real e-wallet order with a hosted payment page
  before(async () => (order = await createPayment((await placeOrder('ewallet', 'dana', true)).secret_slug)));

  for (const payment_url of ['javascript:alert(document.domain)', 'http://evil.example/pay', 'data:text/html,<script>alert(1)</script>', '//evil.example/pay', '/pay']) {
    it(`no pay link to ${payment_url}`, async () => {
      const el = await show({ ...order, payment_url });
      expect(query(el, '[part~=pay-link]')).to.equal(null);
    });
  }

  for (const payment_url of ['https://pay.example/checkout/123', 'http://localhost:8787/__reference/pay/x', 'http://127.0.0.1:8787/__reference/pay/x', 'http://[::1]:8787/pay']) {
    it(`a pay link to ${payment_url}`, async () => {
      const el = await show({ ...order, payment_url });
      expect(query<HTMLAnchorElement>(el, '[part~=pay-link]')!.href).to.equal(new URL(payment_url).href);
    });
  }
});
