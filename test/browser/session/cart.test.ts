import { expect } from '@open-wc/testing';
import { http, HttpResponse } from 'msw';
import { createStorefront, type Storefront } from '../../../src/session/index.ts';
import { clearStorage, requestCount, resetServerRequests, STORE, waitFor } from '../support/server.ts';
import { startWorker, worker } from '../support/msw.ts';

const CART = '/v3/stores/demo-store/public/cart';
const kaos = (quantity = 1) => ({ type: 'variant' as const, variant_id: 101, quantity });
const TOPI_VARIANT = 0; // resolved in before(): the limited-stock cap (stock 3)

describe('$cart', () => {
  let storefronts: Storefront[] = [];
  const open = () => {
    const storefront = createStorefront({ baseUrl: location.origin, storeId: STORE.id, storeKey: STORE.key, catalogCacheMs: 0 });
    storefronts.push(storefront);
    return storefront;
  };
  let topi = TOPI_VARIANT;
  before(async () => {
    await startWorker();
    const res = await fetch(`/v3/stores/demo-store/public/products/topi-terbatas`, { headers: { 'X-Service-Storefront-Api-Key': STORE.key } });
    topi = (await res.json()).variants[0].id;
  });
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });
  afterEach(() => {
    worker.resetHandlers();
    storefronts.forEach((s) => s.destroy());
    storefronts = [];
    document.querySelectorAll('iframe').forEach((f) => f.remove());
  });

  it('shows an add at once and confirms it with the server cart', async () => {
    const sf = open();
    await sf.cart.load();
    const pending = sf.cart.add(kaos(2), { name: 'Kaos Polos', unit_price: '85000' });
    const optimistic = sf.$cart.get();
    expect(optimistic.pending).to.equal(1);
    expect(optimistic.cart!.item_count).to.equal(2);
    expect(optimistic.cart!.items[0]).to.include({ name: 'Kaos Polos', quantity: 2 });
    expect(optimistic.cart!.items[0].id).to.be.below(0); // a placeholder until the server answers
    await pending;
    const confirmed = sf.$cart.get();
    expect(confirmed).to.include({ pending: 0, status: 'ready', source: 'guest', error: null });
    expect(confirmed.cart!.items[0].id).to.be.above(0);
    expect(confirmed.cart!.items[0].quantity).to.equal(2);
  });

  it('rolls back an update the server refuses (more than the stock)', async () => {
    const sf = open();
    await sf.cart.add({ type: 'variant', variant_id: topi, quantity: 1 });
    const line = sf.$cart.get().cart!.items[0];
    const update = sf.cart.update(line.id, 50);
    expect(sf.$cart.get().cart!.items[0].quantity).to.equal(50);
    const error = await update.catch((e) => e);
    expect(error.status).to.equal(400);
    const after = sf.$cart.get();
    expect(after.cart!.items[0].quantity).to.equal(1);
    expect(after.cart!.item_count).to.equal(1);
    expect(after.error).to.equal(error);
    expect(after.pending).to.equal(0);
  });

  it('rolls back a new line the server refuses, keeping the changes around it', async () => {
    const sf = open();
    await sf.cart.load();
    const first = sf.cart.add(kaos(1));
    const refused = sf.cart.add({ type: 'variant', variant_id: topi, quantity: 99 }, { name: 'Topi', unit_price: '50000' }).catch((e) => e);
    const third = sf.cart.add(kaos(1));
    expect(sf.$cart.get().cart!.items.map((l) => l.quantity)).to.deep.equal([2, 99]);
    await Promise.all([first, refused, third]);
    const cart = sf.$cart.get().cart!;
    expect(cart.items.map((l) => [l.variant_id, l.quantity])).to.deep.equal([[101, 2]]);
    expect((await refused).status).to.equal(400);
  });

  it('rolls back a removal lost on the network', async () => {
    const sf = open();
    await sf.cart.add(kaos(1));
    const line = sf.$cart.get().cart!.items[0];
    worker.use(http.delete(`${location.origin}${CART}/items/${line.id}`, () => HttpResponse.error()));
    const removal = sf.cart.remove(line.id);
    expect(sf.$cart.get().cart!.items).to.have.length(0);
    expect((await removal.catch((e) => e)).name).to.equal('NetworkError');
    expect(sf.$cart.get().cart!.items.map((l) => l.id)).to.deep.equal([line.id]);
  });

  it('sends changes one after another: two first adds make one guest cart', async () => {
    const sf = open();
    await Promise.all([sf.cart.add(kaos(1)), sf.cart.add({ type: 'variant', variant_id: 102, quantity: 1 })]);
    expect(sf.$cart.get().cart!.items).to.have.length(2);
    expect(sf.$session.get().guestToken).to.equal(localStorage.getItem(`svc:${STORE.id}:guest-token`));
  });

  it('keeps the guest cart across a reload (token persisted per store)', async () => {
    const frame = document.createElement('iframe');
    frame.src = '/test/browser/support/storefront-frame.html';
    document.body.append(frame);
    type FrameWindow = Window & { storefront?: Storefront };
    const storefrontOf = () => (frame.contentWindow as FrameWindow).storefront;
    await waitFor(() => !!storefrontOf(), 5000, 'the frame storefront');
    await storefrontOf()!.cart.add(kaos(3));
    const before = storefrontOf();
    const token = before!.$session.get().guestToken;
    expect(token).to.be.a('string');

    const reloaded$ = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.contentWindow!.location.reload();
    await reloaded$;
    await waitFor(() => !!storefrontOf(), 5000, 'the reloaded frame storefront');
    const reloaded = storefrontOf()!;
    expect(reloaded).to.not.equal(before); // a new document, a new storefront: only storage carried the token
    expect(reloaded.$session.get().guestToken).to.equal(token);
    await reloaded.cart.load();
    expect(reloaded.$cart.get().cart!.items.map((l) => [l.variant_id, l.quantity])).to.deep.equal([[101, 3]]);
  });

  it('makes another tab refetch the cart within a second of a change', async () => {
    const [a, b] = [open(), open()];
    await Promise.all([a.cart.load(), b.cart.load()]);
    await resetServerRequests();
    await a.cart.add(kaos(2));
    await waitFor(() => b.$cart.get().cart?.item_count === 2, 1000, 'the other tab to see the change');
    expect(await requestCount('GET', CART)).to.equal(1); // it asked the server, it did not replay
  });
});
