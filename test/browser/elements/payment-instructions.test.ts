import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/payment-instructions/payment-instructions.ts';
import type { SvcPaymentInstructions } from '../../../src/elements/payment-instructions/payment-instructions.ts';
import type { PublicOrder } from '../../../src/contract/order.ts';
import { zoneLabel } from '../../../src/elements/payment-instructions/deadline.ts';
import { requestCount, resetServerRequests } from '../support/server.ts';
import { createPayment, findAll, markPaid, mount, placeOrder, query, textOf, waitFor } from './helpers.ts';

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

  it('virtual account: the deadline in the buyer\'s time zone, a countdown named by the minute', async () => {
    const order = await paymentFor('virtual_account', 'bri');
    const el = await show(order);
    const expires = 'expires_at' in order.pg_payment_info ? order.pg_payment_info.expires_at : '';
    const countdown = textOf(query(el, '[part~=countdown]'));
    expect(countdown).to.include(`Pay before`).and.include(` ${zoneLabel(new Date(expires))}`);
    expect(countdown).to.match(/Time left to pay \d{2}:\d{2}:\d{2}/);
    // the timer's name says hours and minutes: read when the buyer reaches it, never announced every second
    const timer = query(el, '[role=timer]')!;
    expect(timer.getAttribute('aria-label')).to.match(/^Time left to pay: (\d+ h )?\d+ min$/);
    expect(timer.getAttribute('aria-live')).to.equal(null);
  });

  it('the time zone: WIB, WITA, WIT from the clock\'s offset, GMT±h[:mm] for any other', () => {
    const at = (minutesEastOfUtc: number) => zoneLabel({ getTimezoneOffset: () => -minutesEastOfUtc } as Date);
    expect([at(420), at(480), at(540), at(0), at(330), at(-240), at(600)]).to.deep.equal(['WIB', 'WITA', 'WIT', 'GMT', 'GMT+5:30', 'GMT-4', 'GMT+10']);
  });

  it('virtual account: how to pay at its bank by m-banking, internet banking and ATM, each collapsible', async () => {
    const order = await paymentFor('virtual_account', 'bca');
    const el = await show(order);
    const info = order.pg_payment_info as { account_number: string; account_name: string };
    const groups = findAll<HTMLDetailsElement>(el, 'details[part~=steps-group]');
    expect(groups.map((g) => textOf(g.querySelector('summary')))).to.deep.equal(['Mobile banking · BCA mobile', 'Internet banking · KlikBCA', 'ATM BCA']);
    expect(groups.map((g) => g.open)).to.deep.equal([true, false, false]);
    const mobile = [...groups[0].querySelectorAll('li')].map((li) => textOf(li));
    expect(mobile[1]).to.equal('Choose m-Transfer → BCA Virtual Account.');
    expect(mobile[2]).to.equal(`Enter the virtual account number ${info.account_number.replace(/(.{4})(?=.)/g, '$1 ')}.`);
    expect(mobile[3]).to.include(info.account_name).and.include('Rp');
    expect(textOf(groups[2])).to.include('Transaksi Lainnya → Transfer');
    await expect(el).to.be.accessible();
  });

  it('"Check payment status" asks the service now: not received yet, then paid once the provider says so', async () => {
    await resetServerRequests();
    const order = await paymentFor('virtual_account', 'mandiri');
    const { element: el } = await mount<SvcPaymentInstructions>(html`<svc-payment-instructions .order=${order}></svc-payment-instructions>`);
    const path = `/v3/stores/demo-store/public/orders/${order.secret_slug}`;
    const button = await waitFor(() => !!query(el, '[part~=check]'), 2000, 'the check button').then(() => query<HTMLButtonElement>(el, '[part~=check]')!);
    expect(textOf(button)).to.equal('Check payment status');
    button.click();
    await waitFor(() => textOf(query(el, '[part~=check-result]')).startsWith('Not received yet'), 4000, 'the unpaid answer');
    expect(await requestCount('GET', path)).to.equal(1);
    expect(query(el, '[part~=check-result]')!.getAttribute('role')).to.equal('status');

    await markPaid(order.secret_slug); // the reference server's dev route: the provider's confirmation
    button.click();
    await waitFor(() => textOf(query(el, '[part~=state]')).includes('Payment received'), 4000, 'the paid state');
    expect(await requestCount('GET', path)).to.equal(2);
    expect(query(el, '[part~=account-number]')).to.equal(null);
  });

  it('no copy button beside an amount the buyer never types: QRIS and a payment page carry it', async () => {
    const qris = await show(await paymentFor('qris'));
    expect(findAll(qris, '[part~=copy]')).to.have.length(0);
    expect(textOf(query(qris, '[part~=save-qr]'))).to.equal('Save QR');
    const wallet = await show(await paymentFor('ewallet', 'ovo', true));
    expect(textOf(query(wallet, '[part~=amount]'))).to.match(/Rp/);
    expect(findAll(wallet, '[part~=copy]')).to.have.length(0);
  });
});
