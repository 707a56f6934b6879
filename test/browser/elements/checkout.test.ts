import { expect, html, oneEvent } from '@open-wc/testing';
import { http, HttpResponse, passthrough } from 'msw';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import type { OrderCreatedEvent } from '../../../src/elements/shared/checkout-events.ts';
import { BUYER, clearStorage, orderCount, requestCount, resetServerRequests } from '../support/server.ts';
import { startWorker, worker } from '../support/msw.ts';
import { BUYER_CONTACT, choose, DEST, fillCheckout, findAll, mount, query, textOf, type, waitFor } from './helpers.ts';

const STORE_PATH = '/v3/stores/demo-store';

/** Fills contact (with e-mail) and, when the form asks for it, destination; waits for the shipping options. */
const fill = (el: SvcCheckout, contact = BUYER_CONTACT) => fillCheckout(el, contact);

const total = (el: SvcCheckout) => textOf(query(el, '[part~=total] dd'));
/** The total holds shipping: no "+ shipping" after it. */
const priced = (el: SvcCheckout) => /\d/.test(total(el)) && !query(el, '[part~=total] [part~=total-note]');
const submit = (el: SvcCheckout) => query<HTMLFormElement>(el, 'form')!.requestSubmit();
const placed = (el: SvcCheckout) => waitFor(() => !!query(el, 'svc-payment-instructions'), 6000, 'payment instructions');

describe('<svc-checkout>', () => {
  before(() => startWorker());
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });
  afterEach(() => worker.resetHandlers());

  it('guest: cart → virtual account; two submits make one order and show the instructions', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await el.updateComplete;
    await fill(el);
    choose(el, 'payment-method', 'Virtual account');
    await el.updateComplete;
    choose(el, 'channel', 'BCA');
    await waitFor(() => priced(el), 4000, 'summary total');
    expect(textOf(query(el, '[part~=summary]'))).to.include('Kaos Polos');

    const before = await orderCount();
    const created: OrderCreatedEvent[] = [];
    el.addEventListener('svc-order-created', (e) => created.push(e));
    submit(el);
    submit(el); // a double click
    await placed(el);
    expect(await orderCount()).to.equal(before + 1);
    expect(await requestCount('POST', `${STORE_PATH}/public/checkout`)).to.equal(1);
    expect(created).to.have.length(1);
    expect(created[0].detail.mode).to.equal('guest');
    const instructions = query(el, 'svc-payment-instructions')!;
    await waitFor(() => !!query(instructions, '[part~=account-number]'));
    expect(textOf(query(instructions, '[part~=account-number]'))).to.match(/^\d{16}$/);
    expect(storefront.$cart.get().cart?.items).to.have.length(0); // the server emptied the cart
  });

  it('says "preparing" between the order and its payment, never instructions without payment details', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await el.updateComplete;
    await fill(el);
    choose(el, 'payment-method', 'Bank transfer');
    await waitFor(() => priced(el), 4000, 'summary total');
    // hold what follows the order: the cart's reload (the server emptied it), then the payment
    const hold = (method: 'get' | 'post', path: string) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      worker.use(http[method](`${location.origin}${STORE_PATH}${path}`, async () => (await held, passthrough()), { once: true }));
      return release;
    };
    const releaseCart = hold('get', '/public/cart');
    const releasePayment = hold('post', '/public/orders/:slug/payment');
    const created = oneEvent(el, 'svc-order-created');
    submit(el);
    await waitFor(() => textOf(el).includes('Preparing the payment'), 4000, 'preparing, while the cart reloads');
    expect(query(el, 'svc-payment-instructions'), 'no instructions before the payment exists').to.equal(null);
    releaseCart();
    await created;
    await waitFor(() => textOf(el).includes('Preparing the payment'), 4000, 'preparing, while the payment is created');
    expect(query(el, 'svc-payment-instructions')).to.equal(null);
    releasePayment();
    await placed(el);
    await waitFor(() => findAll(query(el, 'svc-payment-instructions')!, '[part~=account]').length > 0, 4000, 'the store accounts');
  });

  it('validates in the buyer language and keeps what was typed when the server fails', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang: 'id' });
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await el.updateComplete;
    await waitFor(() => findAll(el, '[part~=payment-method]').length > 0);
    type(query(el, '#phone'), '12ab');
    submit(el);
    await waitFor(() => findAll(el, '[part~=field-error]').length > 0);
    expect(textOf(query(el, '#name-error'))).to.equal('Nama lengkap wajib diisi.');
    expect(textOf(query(el, '#phone-error'))).to.include('nomor HP yang valid');
    expect(el.shadowRoot!.activeElement?.id).to.equal('name'); // the first field to fix

    document.querySelector('svc-store')!.setAttribute('lang', 'en');
    submit(el);
    await waitFor(() => textOf(query(el, '#name-error')) === 'Full name is required.');

    await fill(el);
    choose(el, 'payment-method', 'QRIS');
    await waitFor(() => priced(el));
    worker.use(http.post(`${location.origin}${STORE_PATH}/public/checkout`, () =>
      HttpResponse.json({ error: { code: 'internal_error', message: 'Internal error' } }, { status: 500 }), { once: true }));
    const failed = oneEvent(el, 'svc-error');
    submit(el);
    expect((await failed).detail.action).to.equal('checkout');
    await el.updateComplete;
    // a 5xx: the order may exist, so the buyer is told so and offered the same attempt again
    expect(textOf(query(el, '[part~=error]'))).to.include('may or may not have been placed').and.include('Try again');
    expect(query<HTMLInputElement>(el, '#name')!.value).to.equal(BUYER_CONTACT.name);
    expect(query<HTMLTextAreaElement>(el, '#address')!.value).to.equal(DEST.address);
    submit(el); // the retry goes through
    await placed(el);
  });

  it('shows an ineligible discount kindly and applies an eligible one', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await el.updateComplete;
    type(query(el, '#discount'), 'lama50');
    await el.updateComplete;
    query<HTMLButtonElement>(el, '[part~=discount-apply]')!.click();
    await waitFor(() => !!query(el, '[part~=discount-message]'));
    expect(textOf(query(el, '[part~=discount-message]'))).to.equal('Sorry, this code has ended.');
    type(query(el, '#discount'), 'HEMAT10');
    await el.updateComplete;
    query<HTMLButtonElement>(el, '[part~=discount-apply]')!.click();
    await waitFor(() => textOf(query(el, '[part~=discount-message]')).includes('HEMAT10 applied'));
    await fill(el);
    choose(el, 'payment-method', 'Bank transfer');
    await waitFor(() => textOf(query(el, '[part~=totals]')).includes('Discount'));
  });

  it('buy now: digital items have no shipping section and pay by QRIS', async () => {
    const { element: el } = await mount<SvcCheckout>(html`<svc-checkout items='[{"type":"variant","variant_id":109,"quantity":1}]'></svc-checkout>`);
    await waitFor(() => textOf(el).includes('Digital products'), 4000, 'the digital-only notice');
    await fill(el);
    expect(query(el, 'svc-location-picker')).to.equal(null);
    choose(el, 'payment-method', 'QRIS');
    await waitFor(() => priced(el));
    submit(el);
    await placed(el);
    const instructions = query(el, 'svc-payment-instructions')!;
    await waitFor(() => !!query(instructions, 'svg[part~=qr] path'), 4000, 'the QR code');
  });

  it('as narrow as a 320 px phone: an item line puts its total under the name, which keeps the width to read', async () => {
    const { element: el } = await mount<SvcCheckout>(html`<svc-checkout style="display:block;width:288px" items='[{"type":"variant","variant_id":102,"quantity":2}]'></svc-checkout>`);
    await waitFor(() => !!query(el, '[part~=line] .price'), 8000, 'the item line');
    const line = query(el, '[part~=line]')!;
    const name = line.querySelector<HTMLElement>('.name > span')!;
    const total = line.querySelector<HTMLElement>('.price')!;
    expect(name.textContent).to.equal('Kaos Polos Premium');
    const lineHeight = parseFloat(getComputedStyle(name).lineHeight) || 24;
    expect(name.getBoundingClientRect().height, 'the name on one or two lines').to.be.at.most(lineHeight * 2 + 1);
    expect(total.getBoundingClientRect().top, 'the total under the name').to.be.at.least(name.getBoundingClientRect().bottom - 1);
    expect(el.scrollWidth).to.be.at.most(288);
  });

  it('buy now with `shipping` declared: the items are listed before there is a destination, the total after', async () => {
    const digital = (await mount<SvcCheckout>(html`<svc-checkout shipping="none" items='[{"type":"variant","variant_id":109,"quantity":1}]'></svc-checkout>`)).element;
    await waitFor(() => textOf(digital).includes('Digital products'), 4000, 'the digital-only notice');
    const physical = (await mount<SvcCheckout>(html`<svc-checkout page-id="demo-page" page-key="pgk_demo" base-url=${location.origin} shipping="required"
      items='[{"type":"variant","variant_id":101,"quantity":2}]' payment-methods="bank_transfer"></svc-checkout>`)).element;
    await waitFor(() => !!query(physical, 'svc-location-picker'), 4000, 'the destination fields');
    // a partial summary (no 400 for the missing destination) lists the items and an estimate: "+ shipping"
    await waitFor(() => findAll(physical, '[part~=line]').length === 1, 4000, 'the items before a destination');
    await waitFor(() => total(physical).endsWith('+ shipping'), 4000, 'the estimate');
    expect(total(physical)).to.match(/^Rp\s?172[.,]500 \+ shipping$/); // 2 × 85.000 and the store's fee
    await fill(physical);
    choose(physical, 'payment-method', 'Bank transfer');
    await waitFor(() => priced(physical), 4000, 'the summary once a destination is chosen');
  });

  it('signed-in customer: prefilled from the profile, placed through /customers/me/checkout', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.signIn(BUYER);
    await storefront.cart.add({ type: 'variant', variant_id: 102, quantity: 1 });
    await waitFor(() => query<HTMLInputElement>(el, '#email')?.value === BUYER.email, 4000, 'the profile contact');
    await fill(el, { name: query<HTMLInputElement>(el, '#name')!.value, phone: '+6281234567890', email: BUYER.email });
    choose(el, 'payment-method', 'COD');
    await waitFor(() => priced(el));
    const created = oneEvent(el, 'svc-order-created');
    submit(el);
    expect((await created).detail.mode).to.equal('customer');
    await placed(el);
    expect(await requestCount('POST', `${STORE_PATH}/customers/me/checkout`)).to.equal(1);
    expect(textOf(query(el, 'svc-payment-instructions'))).to.include('pay the courier');
    await storefront.signOut();
  });

  it('HTML Mode page: the page routes, the page author’s methods, one order for two submits', async () => {
    const { element: el } = await mount<SvcCheckout>(html`<svc-checkout page-id="demo-page" page-key="pgk_demo" base-url=${location.origin}
      items='[{"type":"variant","variant_id":101,"quantity":2}]' payment-methods="bank_transfer virtual_account:bca,bni"></svc-checkout>`);
    await fill(el);
    expect(findAll(el, '[part~=payment-method]').map((m) => textOf(m))).to.deep.equal(['Bank transfer', 'Virtual account']);
    choose(el, 'payment-method', 'Bank transfer');
    await waitFor(() => priced(el));
    expect(await requestCount('POST', '/v3/pages/demo-page/checkout/summary')).to.be.greaterThan(0);
    const before = await orderCount();
    submit(el);
    submit(el);
    await placed(el);
    expect(await orderCount()).to.equal(before + 1);
    expect(await requestCount('POST', '/v3/pages/demo-page/orders')).to.equal(1);
    await waitFor(() => findAll(query(el, 'svc-payment-instructions')!, '[part~=account]').length === 2, 4000, 'the store accounts');
  });

  it('is accessible, filled in and with errors', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await el.updateComplete;
    submit(el);
    await waitFor(() => findAll(el, '[part~=field-error]').length > 0);
    await waitFor(() => !!query(el, '[part~=totals][aria-busy=false]'), 4000, 'the summary at rest'); // dimmed while it loads
    await expect(el).to.be.accessible();
    await fill(el);
    choose(el, 'payment-method', 'Virtual account');
    await waitFor(() => findAll(el, '[part~=channel]').length > 0);
    await waitFor(() => !!query(el, '[part~=totals][aria-busy=false]'), 4000, 'the summary at rest');
    await expect(el).to.be.accessible();
  });
});
