import { expect, html } from '@open-wc/testing';
import '../../../src/elements/cart/cart.ts';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import type { SvcCatalog } from '../../../src/elements/catalog/catalog.ts';
import type { FunnelDetail } from '../../../src/analytics/funnel.ts';
import { sha256Hex } from '../../../src/analytics/sha256.ts';
import type { PublicOrder } from '../../../src/contract/order.ts';
import { clearStorage } from '../support/server.ts';
import { choose, fillCheckout, find, findAll, mount, query, waitFor } from '../elements/helpers.ts';

type Call = unknown[];
type Pixels = { gtag?: unknown; dataLayer?: unknown[]; fbq?: unknown; ttq?: unknown; kwaiq?: unknown };
const w = window as unknown as Pixels;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stand-in pixels recording their calls, as the platforms' snippets define them. */
function standIns() {
  const calls = { gtag: [] as Call[], fbq: [] as Call[], ttq: [] as Call[], kwaiq: [] as Call[] };
  w.gtag = (...args: unknown[]) => calls.gtag.push(args);
  w.fbq = (...args: unknown[]) => calls.fbq.push(args);
  w.ttq = { track: (...args: unknown[]) => calls.ttq.push(args) };
  w.kwaiq = { track: (...args: unknown[]) => calls.kwaiq.push(args) };
  return calls;
}

/** Every `svc-analytics` event that reaches `document`. */
function heard() {
  const events: FunnelDetail[] = [];
  const listener = (e: Event) => events.push((e as CustomEvent<FunnelDetail>).detail);
  document.addEventListener('svc-analytics', listener);
  after(() => document.removeEventListener('svc-analytics', listener));
  return events;
}

const removePixels = () => {
  for (const name of ['gtag', 'dataLayer', 'fbq', 'ttq', 'kwaiq'] as const) delete w[name];
};

describe('analytics of the elements (svc-analytics, data-analytics)', () => {
  beforeEach(() => clearStorage());
  afterEach(removePixels);

  it('without data-analytics the events are dispatched and the forwarding chunk is never loaded', async () => {
    const events = heard();
    const calls = standIns();
    const { storefront } = await mount(html`<div></div>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await waitFor(() => events.some((e) => e.name === 'add_to_cart'));
    await sleep(200);
    expect(performance.getEntriesByType('resource').some((r) => r.name.includes('/analytics/forward'))).to.equal(false);
    expect(calls.fbq).to.have.length(0);
    expect(calls.gtag).to.have.length(0);
  });

  it('a purchase\'s whole funnel reaches gtag, fbq, ttq and kwaiq with the same names, items, values and ids', async () => {
    const events = heard();
    const calls = standIns();
    const { store, storefront } = await mount(html`<div>
      <svc-catalog page-size="4" hide-filter></svc-catalog><div style="height: 100vh"></div><svc-cart></svc-cart><svc-checkout></svc-checkout></div>`);
    store.dataset.analytics = 'ga4 meta tiktok kwai';
    store.dataset.kwaiPixelId = 'kw-1';
    (w.kwaiq as { instance?: unknown }).instance = (id: string) => (id === 'kw-1' ? w.kwaiq : undefined);
    const catalog = store.querySelector<SvcCatalog>('svc-catalog')!;
    const checkout = store.querySelector<SvcCheckout>('svc-checkout')!;

    await waitFor(() => events.some((e) => e.name === 'view_item_list'), 6000, 'view_item_list');
    (await find(catalog, '[part=card]')).click(); // select_item, then the product view: view_item
    await waitFor(() => events.some((e) => e.name === 'view_item'), 6000, 'view_item');
    catalog.shadowRoot!.querySelector('dialog')?.close();

    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 2 });
    const line = storefront.$cart.get().cart!.items[0]!;
    await storefront.cart.update(line.id, 1);
    // a viewport's height of space keeps the cart below the fold in any window (WebKit's is larger than 800×600)
    expect(events.some((e) => e.name === 'view_cart'), 'the cart is below the fold: not viewed yet').to.equal(false);
    store.querySelector('svc-cart')!.scrollIntoView();
    await waitFor(() => events.some((e) => e.name === 'view_cart'), 4000, 'view_cart');

    await fillCheckout(checkout);
    findAll(checkout, '[part~=shipping-option] input').at(-1)!.click(); // the first is chosen already
    choose(checkout, 'payment-method', 'Bank transfer');
    let order: PublicOrder | undefined;
    checkout.addEventListener('svc-order-created', (e) => (order = e.detail.order));
    await waitFor(() => !!checkoutTotal(checkout), 4000, 'summary');
    query<HTMLFormElement>(checkout, 'form')!.requestSubmit();
    await waitFor(() => events.some((e) => e.name === 'purchase'), 8000, 'purchase');

    const names = events.map((e) => e.name);
    for (const name of ['view_item_list', 'select_item', 'view_item', 'add_to_cart', 'remove_from_cart', 'view_cart', 'begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase']) {
      expect(names, name).to.include(name);
    }
    const one = (name: string) => events.find((e) => e.name === name)!;
    expect(one('add_to_cart').params.items).to.deep.equal([{ item_id: 'variant:101', item_name: line.name, ...(line.variant_name ? { item_variant: line.variant_name } : {}), price: Number(line.unit_price), quantity: 2 }]);
    expect(one('add_to_cart').params.value).to.equal(Number(line.unit_price) * 2);
    expect(one('remove_from_cart').params.items[0]!.quantity).to.equal(1);
    expect(one('view_cart').params.value).to.equal(Number(line.unit_price));

    const purchase = one('purchase');
    const digest = sha256Hex(`svc-order:${order!.secret_slug}`).slice(0, 32);
    expect(purchase.event_id).to.equal(`purchase_${digest}`); // the id page-runtime.js gives the same order
    expect(purchase.params).to.include({ currency: 'IDR', value: Number(order!.gross_revenue), transaction_id: digest });
    expect(purchase.params.items.map((i) => i.item_id)).to.deep.equal(['variant:101']);

    // GA4: every step, its own name, the same params and id
    await waitFor(() => calls.gtag.length === events.length, 4000, 'gtag calls');
    expect(calls.gtag.map((c) => c[1])).to.deep.equal(names);
    expect(calls.gtag.at(-1)).to.deep.equal(['event', 'purchase', { ...purchase.params, event_id: purchase.event_id }]);

    // the pixels: their names, the same event id
    const idOf = (name: string) => one(name).event_id;
    expect(calls.fbq.map((c) => [c[1], (c[3] as { eventID: string }).eventID])).to.deep.equal([
      ['ViewContent', idOf('view_item')], ['AddToCart', idOf('add_to_cart')], ['InitiateCheckout', idOf('begin_checkout')],
      ['AddPaymentInfo', idOf('add_payment_info')], ['Purchase', purchase.event_id],
    ]);
    expect(calls.fbq.at(-1)![2]).to.deep.equal({ value: Number(order!.gross_revenue), currency: 'IDR', content_ids: ['variant:101'], order_id: digest });
    expect(calls.ttq.map((c) => [c[0], (c[2] as { event_id: string }).event_id])).to.deep.include(['CompletePayment', purchase.event_id]);
    expect(calls.kwaiq.map((c) => [c[0], (c[1] as { event_id: string }).event_id])).to.deep.equal([
      ['contentView', idOf('view_item')], ['addToCart', idOf('add_to_cart')], ['initiatedCheckout', idOf('begin_checkout')],
      ['addPaymentInfo', idOf('add_payment_info')], ['purchase', purchase.event_id],
    ]);
  });

  it('GTM pages: without gtag the events go to dataLayer as { event, event_id, ecommerce }', async () => {
    const events = heard();
    w.dataLayer = [];
    const { store, storefront } = await mount(html`<div></div>`);
    store.dataset.analytics = 'ga4';
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await waitFor(() => w.dataLayer!.length === 2, 4000, 'dataLayer push');
    const added = events.find((e) => e.name === 'add_to_cart')!;
    expect(w.dataLayer).to.deep.equal([{ ecommerce: null }, { event: 'add_to_cart', event_id: added.event_id, ecommerce: added.params }]);
  });

  it('data-consent="required" holds the events until the page sets "granted"; "denied" drops them', async () => {
    const events = heard();
    const calls = standIns();
    const { store, storefront } = await mount(html`<div></div>`);
    Object.assign(store.dataset, { analytics: 'meta', consent: 'required' });
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await waitFor(() => events.some((e) => e.name === 'add_to_cart'));
    await sleep(300); // the forwarder has had the event
    expect(calls.fbq).to.have.length(0);
    store.dataset.consent = 'granted';
    await waitFor(() => calls.fbq.length === 1, 4000, 'released event');
    expect(calls.fbq[0]).to.deep.equal(['track', 'AddToCart', calls.fbq[0]![2], { eventID: events.find((e) => e.name === 'add_to_cart')!.event_id }]);

    store.dataset.consent = 'required';
    const line = storefront.$cart.get().cart!.items[0]!;
    await storefront.cart.update(line.id, 2);
    await sleep(300);
    store.dataset.consent = 'denied';
    await sleep(100);
    store.dataset.consent = 'granted';
    await sleep(300);
    expect(calls.fbq).to.have.length(1); // the held one was dropped
  });

  it('a pixel that loads after the event still gets it, with its event id', async () => {
    const events = heard();
    const { store, storefront } = await mount(html`<div></div>`);
    store.dataset.analytics = 'meta';
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await waitFor(() => events.some((e) => e.name === 'add_to_cart'));
    await sleep(300);
    const calls: Call[] = [];
    w.fbq = (...args: unknown[]) => calls.push(args); // the snippet arrives late
    await waitFor(() => calls.length === 1, 4000, 'late pixel');
    expect(calls[0]![1]).to.equal('AddToCart');
    expect(calls[0]![3]).to.deep.equal({ eventID: events.find((e) => e.name === 'add_to_cart')!.event_id });
  });
});

const checkoutTotal = (el: SvcCheckout) => /\d/.test(query(el, '[part~=total] dd')?.textContent ?? '');
