import { expect } from '@open-wc/testing';
import { bypass, http, HttpResponse, passthrough } from 'msw';
import { createStorefront, type Storefront } from '../../../src/session/index.ts';
import { BUYER, clearStorage, orderCount, requestCount, resetServerRequests, STORE, waitFor } from '../support/server.ts';
import { startWorker, worker } from '../support/msw.ts';

const CHECKOUT = `${location.origin}/v3/stores/demo-store/public/checkout`;
const SUMMARY = '/v3/stores/demo-store/public/checkout/summary';
const contact = { name: 'Rina Pembeli', phone: '+6281298765432' };
const destination = { location_id: 317401, address: 'Jl. Melati 5, Jakarta' };

/** A guest storefront with one line in the cart and every checkout input chosen. */
async function readyCheckout(open: () => Storefront): Promise<Storefront> {
  const sf = open();
  await sf.cart.add({ type: 'variant', variant_id: 103, quantity: 1 });
  sf.checkout.update({ contact, destination, paymentMethod: 'bank_transfer' });
  const [option] = await sf.checkout.loadShippingOptions();
  sf.checkout.update({ shippingOption: { courier: option.courier, courier_service: option.courier_service, warehouse_id: option.warehouse_id } });
  return sf;
}

describe('$checkout', () => {
  let storefronts: Storefront[] = [];
  const open = () => {
    const sf = createStorefront({ baseUrl: location.origin, storeId: STORE.id, storeKey: STORE.key, catalogCacheMs: 0, summaryDebounceMs: 100 });
    storefronts.push(sf);
    return sf;
  };
  before(() => startWorker());
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });
  afterEach(() => {
    worker.resetHandlers();
    storefronts.forEach((s) => s.destroy());
    storefronts = [];
    document.querySelectorAll('button').forEach((b) => b.remove());
  });

  it('recomputes the summary once after a burst of input changes, and again when the cart changes', async () => {
    const sf = await readyCheckout(open);
    // (a partial summary may come first, from before the courier was chosen)
    await waitFor(() => sf.$checkout.get().summaryStatus === 'ready' && !sf.$checkout.get().summary!.shipping_pending, 2000, 'the summary');
    const summary = sf.$checkout.get().summary!;
    expect(Object.keys(summary)).to.include.members(['product_price', 'shipping_cost', 'other_income', 'other_income_name', 'gross_revenue']);
    expect(Number(summary.shipping_cost)).to.be.above(0);

    await resetServerRequests();
    sf.checkout.update({ discountCode: 'HEMAT10' });
    sf.checkout.update({ notes: 'pagar hijau' });
    sf.checkout.update({ discountCode: 'HEMAT10' });
    // the burst's one summary, with the discount (waited for: a busy machine answers late, not never)
    await waitFor(() => sf.$checkout.get().summaryStatus === 'ready' && Number(sf.$checkout.get().summary!.discount_amount) > 0, 2000, 'the discounted summary');
    expect(await requestCount('POST', SUMMARY)).to.equal(1);

    const before = sf.$checkout.get().summary!.product_price;
    await sf.cart.add({ type: 'variant', variant_id: 103, quantity: 1 });
    await waitFor(() => sf.$checkout.get().summary!.product_price === String(Number(before) * 2), 2000, 'the summary of the new cart');
  });

  it('places one order on a double click', async () => {
    const sf = await readyCheckout(open);
    const ordersBefore = await orderCount();
    const button = document.createElement('button');
    const placed: Promise<unknown>[] = [];
    button.addEventListener('click', () => placed.push(sf.checkout.placeOrder()));
    document.body.append(button);
    button.click();
    button.click();
    button.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
    const [first, second] = await Promise.all(placed);
    expect(first).to.equal(second);
    expect(await orderCount()).to.equal(ordersBefore + 1);
    expect(await requestCount('POST', '/v3/stores/demo-store/public/checkout')).to.equal(1);
    const state = sf.$checkout.get();
    expect(state).to.include({ status: 'placed', idempotencyKey: null });
    expect(state.order!.secret_slug).to.be.a('string');
    await waitFor(() => sf.$cart.get().cart!.items.length === 0, 1000, 'the emptied cart');
  });

  it('keeps the idempotency key across a retry, so a lost answer cannot make a second order', async () => {
    const sf = await readyCheckout(open);
    const ordersBefore = await orderCount();
    const keys: string[] = [];
    let createdSlug = '';
    worker.use(http.post(CHECKOUT, async ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      if (keys.length > 1) return passthrough();
      const res = await fetch(bypass(request)); // the server creates the order...
      createdSlug = (await res.json()).secret_slug;
      return HttpResponse.error(); // ...and the answer is lost on the way back
    }));
    const lost = await sf.checkout.placeOrder().catch((e) => e);
    expect(lost.name).to.equal('NetworkError');
    const kept = sf.$checkout.get().idempotencyKey;
    expect(kept).to.be.a('string').and.equal(keys[0]);
    expect(sf.$checkout.get().status).to.equal('error');

    const order = await sf.checkout.placeOrder();
    expect(keys).to.deep.equal([kept, kept]);
    expect(order.secret_slug).to.equal(createdSlug);
    expect(await orderCount()).to.equal(ordersBefore + 1);
    expect(sf.$checkout.get().idempotencyKey).to.equal(null); // renewed for the next order
  });

  it('renews the idempotency key when the cart changes after a refused attempt', async () => {
    const sf = await readyCheckout(open);
    worker.use(http.post(CHECKOUT, () => HttpResponse.json({ error: { code: 'out_of_stock', message: 'Only 1 left', fields: { 'items.0.quantity': 'Only 1 left' } } },
      { status: 400 }), { once: true }));
    await sf.checkout.placeOrder().catch(() => {});
    const first = sf.$checkout.get().idempotencyKey;
    expect(first).to.be.a('string');
    await sf.cart.add({ type: 'variant', variant_id: 104, quantity: 1 });
    expect(sf.$checkout.get().idempotencyKey).to.equal(null);
    const keys: string[] = [];
    worker.use(http.post(CHECKOUT, ({ request }) => (keys.push(request.headers.get('Idempotency-Key')!), passthrough())));
    await sf.checkout.placeOrder();
    expect(keys).to.have.length(1);
    expect(keys[0]).to.not.equal(first);
  });

  it('after an attempt with no answer, a changed order keeps its key: the order the server made comes back, never a second', async () => {
    const sf = await readyCheckout(open);
    const ordersBefore = await orderCount();
    const keys: string[] = [];
    let createdSlug = '';
    worker.use(http.post(CHECKOUT, async ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      if (keys.length > 1) return passthrough();
      const res = await fetch(bypass(request)); // the server creates the order, the answer is lost
      createdSlug = ((await res.json()) as { secret_slug: string }).secret_slug;
      return HttpResponse.error();
    }));
    await sf.checkout.placeOrder().catch(() => {});
    sf.checkout.update({ notes: 'pagar hijau' }); // the buyer changes something before trying again
    const order = await sf.checkout.placeOrder();
    expect(new Set(keys).size, 'one key for every attempt').to.equal(1);
    expect(order.secret_slug).to.equal(createdSlug);
    expect(await orderCount()).to.equal(ordersBefore + 1);
  });

  it('after an attempt that never reached the server, a changed order is placed as changed, under the same key', async () => {
    const sf = await readyCheckout(open);
    const ordersBefore = await orderCount();
    const keys: string[] = [];
    worker.use(http.post(CHECKOUT, ({ request }) => (keys.push(request.headers.get('Idempotency-Key') ?? ''), keys.length > 1 ? passthrough() : HttpResponse.error())));
    await sf.checkout.placeOrder().catch(() => {});
    sf.checkout.update({ notes: 'pagar hijau' });
    const order = await sf.checkout.placeOrder();
    expect(keys).to.have.length(2);
    expect(keys[1]).to.equal(keys[0]);
    expect(order.notes).to.equal('pagar hijau');
    expect(await orderCount()).to.equal(ordersBefore + 1);
  });

  it('a payment method refused for the items (COD for an e-book) leaves the summary priced without it: its lines and fee stay', async () => {
    const checkout = open().createCheckout();
    checkout.update({ items: [{ type: 'variant', variant_id: 109, quantity: 1 }] });
    await waitFor(() => checkout.$checkout.get().summaryStatus === 'ready', 2000, 'the summary');
    checkout.update({ paymentMethod: 'cod' });
    await waitFor(() => checkout.$checkout.get().summaryStatus === 'error', 2000, 'the refusal');
    const state = checkout.$checkout.get();
    expect(state.error).to.include({ code: 'payment_method_not_allowed' });
    expect(state.summary?.items?.map((line) => line.variant_id)).to.deep.equal([109]);
    expect(state.summary).to.include({ product_price: '49000', other_income: '2500', gross_revenue: '51500' });
    expect(state.lines).to.have.length(1);
    checkout.destroy();
  });

  it('checks out a signed-in customer through /customers/me/checkout with the cart lines', async () => {
    const sf = await readyCheckout(open);
    await sf.signIn(BUYER);
    await waitFor(() => sf.$cart.get().source === 'customer', 2000, 'the customer cart');
    const order = await sf.checkout.placeOrder();
    expect(order.customer.name).to.equal(contact.name);
    await waitFor(() => sf.$cart.get().cart!.items.length === 0, 1000, 'the emptied customer cart');
    await sf.signOut();
  });

  it('a payment created at checkout reaches a view of the order already open, without a read of its own', async () => {
    const sf = await readyCheckout(open);
    const order = await sf.checkout.placeOrder();
    const view = sf.orders.$order(order.secret_slug);
    await sf.orders.load(order.secret_slug); // an <svc-order-status> of the order, shown before its payment
    const reads = await requestCount('GET', `/v3/stores/demo-store/public/orders/${order.secret_slug}`);
    const shown = view.get();
    const paid = await sf.checkout.createPayment(order);
    expect(view.get()).to.equal(paid);
    expect(paid).to.not.equal(shown);
    expect(await requestCount('GET', `/v3/stores/demo-store/public/orders/${order.secret_slug}`)).to.equal(reads);
  });

  it('applies an eligible discount code and reports an unknown one as ineligible', async () => {
    const sf = await readyCheckout(open);
    const good = await sf.checkout.applyDiscount('HEMAT10');
    expect(good.eligible).to.equal(true);
    expect(sf.$checkout.get().discountCode).to.equal('HEMAT10');
    const bad = await sf.checkout.applyDiscount('NOPE');
    expect(bad).to.include({ eligible: false, reason: 'not_found' });
    expect(sf.$checkout.get().discountCode).to.equal(null);
  });
});
