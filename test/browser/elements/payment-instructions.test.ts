import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/payment-instructions/payment-instructions.ts';
import type { SvcPaymentInstructions } from '../../../src/elements/payment-instructions/payment-instructions.ts';
import type { PublicOrder } from '../../../src/contract/order.ts';
import { createPayment, findAll, markPaid, placeOrder, query, textOf, waitFor } from './helpers.ts';

const show = (order: PublicOrder) =>
  fixture<SvcPaymentInstructions>(html`<svc-payment-instructions lang="en" .order=${order}></svc-payment-instructions>`);
const paymentFor = async (method: string, sub?: string, digital = false) => createPayment((await placeOrder(method, sub, digital)).secret_slug);

describe('<svc-payment-instructions>', () => {
  it('virtual account: bank, number with a copy button, amount and a live countdown', async () => {
    const order = await paymentFor('virtual_account', 'bni');
    const el = await show(order);
    expect(textOf(query(el, '[part~=details]'))).to.include('BNI');
    expect(textOf(query(el, '[part~=account-number]'))).to.equal(('account_number' in order.pg_payment_info) ? order.pg_payment_info.account_number : '?');
    expect(findAll(el, '[part~=copy]')).to.have.length(2);
    const first = textOf(query(el, '[role=timer]'));
    expect(first).to.match(/^\d{2}:\d{2}:\d{2}$/);
    await waitFor(() => textOf(query(el, '[role=timer]')) !== first, 2500, 'the countdown to tick');
    query<HTMLButtonElement>(el, '[part~=account-number] + [part~=copy]')!.click();
    await waitFor(() => textOf(query(el, '[part~=account-number] + [part~=copy]')).includes('Copied'));
    await expect(el).to.be.accessible();
  });

  it('QRIS: draws the QR code from the QR string (lean-qr loaded on demand)', async () => {
    const el = await show(await paymentFor('qris'));
    await waitFor(() => !!query(el, 'svg[part~=qr] path'), 4000, 'the QR code');
    const svg = query(el, 'svg[part~=qr]')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.include('QRIS');
    // a real QR code: a 7×7 finder pattern in the top-left corner starts the path
    expect(svg.querySelector('path')!.getAttribute('d')).to.match(/^M0 0h7v1h-7z/);
    await expect(el).to.be.accessible();
  });

  it("bank transfer: the store's accounts to copy", async () => {
    const el = await show(await paymentFor('bank_transfer'));
    const accounts = findAll(el, '[part~=account]');
    expect(accounts).to.have.length(2);
    expect(textOf(accounts[0])).to.include('BCA').and.include('1234567890');
    await expect(el).to.be.accessible();
  });

  it('cash on delivery: what happens next', async () => {
    const el = await show(await paymentFor('cod'));
    expect(textOf(query(el, '[part~=note]'))).to.include('pay the courier');
  });

  for (const [method, sub] of [['ewallet', 'dana'], ['card', undefined]] as const) {
    it(`${method}: a button to the provider's payment page`, async () => {
      const order = await paymentFor(method, sub, true);
      const el = await show(order);
      expect(query<HTMLAnchorElement>(el, '[part~=pay-link]')!.href).to.equal(order.payment_url);
      await expect(el).to.be.accessible();
    });
  }

  it('paid: says so instead of the instructions', async () => {
    const order = await paymentFor('virtual_account', 'bca');
    const el = await show(await markPaid(order.secret_slug));
    expect(textOf(query(el, '[part~=state]'))).to.include('Payment received');
    expect(query(el, '[part~=account-number]')).to.equal(null);
  });
});
