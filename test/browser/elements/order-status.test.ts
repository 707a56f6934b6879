import { expect, html, oneEvent } from '@open-wc/testing';
import '../../../src/elements/order-status/order-status.ts';
import type { SvcOrderStatus } from '../../../src/elements/order-status/order-status.ts';
import { clearStorage, requestCount, resetServerRequests } from '../support/server.ts';
import { getOrder, markPaid, mount, placeOrder, query, textOf, type, waitFor } from './helpers.ts';

const orderPath = (slug: string) => `/v3/stores/demo-store/public/orders/${slug}`;

describe('<svc-order-status>', () => {
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });

  it('creates the missing payment, polls while unpaid, stops once paid', async () => {
    const order = await placeOrder('virtual_account', 'bri');
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug} poll-interval="150"></svc-order-status>`);
    const created = await oneEvent(el, 'svc-payment-created');
    expect('account_number' in created.detail.order.pg_payment_info).to.equal(true);
    await waitFor(() => !!query(el, 'svc-payment-instructions'), 4000);
    expect(textOf(query(el, '[part~=status]'))).to.equal('Awaiting payment');
    expect(textOf(query(el, '[part~=section]'))).to.include('Kaos Polos');
    await waitFor(async () => (await requestCount('GET', orderPath(order.secret_slug))) >= 3, 4000, 'polling');

    await markPaid(order.secret_slug);
    await waitFor(() => textOf(query(el, '[part~=status]')) === 'Paid · processing', 4000, 'the paid status');
    expect(textOf(query(el, '[role=status]'))).to.include('Payment received');
    const polls = await requestCount('GET', orderPath(order.secret_slug));
    await new Promise((r) => setTimeout(r, 600));
    expect(await requestCount('GET', orderPath(order.secret_slug))).to.equal(polls); // stopped
  });

  it('pauses while the tab is hidden and checks at once when it is back', async () => {
    const order = await placeOrder('qris');
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug} poll-interval="150"></svc-order-status>`);
    await waitFor(() => !!query(el, 'svc-payment-instructions'), 4000);
    const hidden = Object.getOwnPropertyDescriptor(Document.prototype, 'hidden')!;
    try {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((r) => setTimeout(r, 300)); // a request in flight may still land
      const paused = await requestCount('GET', orderPath(order.secret_slug));
      await new Promise((r) => setTimeout(r, 700));
      expect(await requestCount('GET', orderPath(order.secret_slug))).to.equal(paused);
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(async () => (await requestCount('GET', orderPath(order.secret_slug))) > paused, 1000, 'a check on return');
    } finally {
      delete (document as { hidden?: boolean }).hidden;
      Object.defineProperty(Document.prototype, 'hidden', hidden);
    }
  });

  it('reads ?order= and lets the buyer correct their details (PATCH)', async () => {
    const order = await placeOrder('bank_transfer');
    history.replaceState(null, '', `?order=${order.secret_slug}`);
    try {
      const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status></svc-order-status>`);
      await waitFor(() => !!query(el, '[part~=edit]'), 4000);
      query<HTMLButtonElement>(el, '[part~=edit]')!.click();
      await el.updateComplete;
      type(query(el, '#phone'), 'not a phone');
      query<HTMLFormElement>(el, 'form')!.requestSubmit();
      await el.updateComplete;
      expect(textOf(query(el, '#phone-error'))).to.include('valid phone number');
      type(query(el, '#phone'), '0811 2222 3333');
      expect(query<HTMLTextAreaElement>(el, '#address')!.spellcheck, 'no red underline under "Jl."').to.equal(false);
      type(query(el, '#address'), 'Jl. Cihampelas No. 8');
      query<HTMLFormElement>(el, 'form')!.requestSubmit();
      await waitFor(() => !query(el, 'form'), 4000, 'the saved details');
      const saved = await getOrder(order.secret_slug);
      expect(saved.customer.phone).to.equal('0811 2222 3333');
      expect(saved.shipping?.address).to.equal('Jl. Cihampelas No. 8');
      expect(textOf(el)).to.include('0811 2222 3333');
      await expect(el).to.be.accessible();
    } finally {
      history.replaceState(null, '', location.pathname);
    }
  });

  it('says so when the order does not exist', async () => {
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug="no-such-order"></svc-order-status>`);
    await waitFor(() => textOf(query(el, '[part~=state]')).includes('not found'), 4000);
  });

  it('a cash-on-delivery order is being processed, not awaiting payment', async () => {
    const order = await placeOrder('cod');
    const { store, element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`, { lang: 'id' });
    await waitFor(() => !!query(el, '[part~=status]'), 4000, 'the order');
    expect(textOf(query(el, '[part~=status]'))).to.equal('Diproses — bayar saat barang tiba');
    expect(textOf(el)).to.not.include('Menunggu pembayaran');
    store.setAttribute('lang', 'en');
    await waitFor(() => textOf(query(el, '[part~=status]')) === 'Processing — pay on delivery', 2000, 'English');
  });

  it('every copy button is one size: the order number\'s and the instructions\'', async () => {
    const order = await placeOrder('virtual_account', 'bni');
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`);
    const instructions = await waitFor(() => !!query(el, 'svc-payment-instructions')?.shadowRoot?.querySelector('[part~=account-number]'), 4000, 'the instructions')
      .then(() => query(el, 'svc-payment-instructions')!);
    const buttons = [query(el, '[part~=order-number-copy]')!, ...instructions.shadowRoot!.querySelectorAll<HTMLElement>('[part~=copy]')];
    expect(buttons).to.have.length(3);
    const size = (b: HTMLElement) => [b.getBoundingClientRect().height, getComputedStyle(b).fontSize, getComputedStyle(b).paddingInlineStart].join(' ');
    expect(new Set(buttons.map(size)).size, buttons.map(size).join(' | ')).to.equal(1);
    expect(buttons[0].getBoundingClientRect().height).to.be.at.least(44);
  });
});
