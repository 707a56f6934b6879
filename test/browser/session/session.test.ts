import { expect } from '@open-wc/testing';
import { getGuestCart } from '../../../src/client/index.ts';
import { createStorefront, type Storefront } from '../../../src/session/index.ts';
import { BUYER, clearStorage, demoClient, resetServerRequests, STORE, storedRefresh, waitFor } from '../support/server.ts';

const kaos = (quantity = 1) => ({ type: 'variant' as const, variant_id: 101, quantity });

describe('$session', () => {
  let storefronts: Storefront[] = [];
  const open = (options: { storeId?: string; storeKey?: string } = {}) => {
    const storefront = createStorefront({ baseUrl: location.origin, storeId: STORE.id, storeKey: STORE.key, catalogCacheMs: 0, ...options });
    storefronts.push(storefront);
    return storefront;
  };
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });
  afterEach(async () => {
    // sign the buyer out on the server side too, so later tests start from a clean customer cart
    for (const sf of storefronts) {
      if (sf.$session.get().status === 'authenticated') {
        const cart = sf.$cart.get().cart;
        for (const line of cart?.items ?? []) await sf.cart.remove(line.id).catch(() => {});
        await sf.signOut();
      }
      sf.destroy();
    }
    storefronts = [];
  });

  it('describes the store and the anonymous state before sign-in', () => {
    const sf = open();
    expect(sf.$session.get()).to.include({ storeId: STORE.id, baseUrl: location.origin, status: 'anonymous', customer: null, hasTokens: false });
  });

  it('signs in, loads the profile and merges the guest cart into the customer cart', async () => {
    const sf = open();
    await sf.cart.add(kaos(2));
    const guestToken = sf.$session.get().guestToken!;
    expect(await sf.signIn(BUYER)).to.deep.equal({ status: 'signed-in' });
    await waitFor(() => sf.$session.get().customer !== null, 2000, 'the profile');
    expect(sf.$session.get()).to.include({ status: 'authenticated', hasTokens: true });
    expect(sf.$session.get().customer!.customer.email).to.equal(BUYER.email);
    const cart = sf.$cart.get();
    expect(cart.source).to.equal('customer');
    expect(cart.cart!.items.find((l) => l.variant_id === 101)!.quantity).to.be.at.least(2);
    // the guest cart on the server is now empty
    const guest = await getGuestCart(demoClient());
    expect(localStorage.getItem(`svc:${STORE.id}:guest-token`)).to.equal(guestToken);
    expect(guest.items).to.deep.equal([]);
  });

  it('walks the one-time-code sign-in through the stores', async () => {
    const sf = open({ storeId: 'otp-store', storeKey: 'sfk_otp' });
    expect((await sf.signIn(BUYER)).status).to.equal('otp-required');
    expect(sf.$session.get()).to.include({ status: 'otp-required', otpEmail: BUYER.email });
    const { messages } = await (await fetch(`/__reference/mailbox?to=${encodeURIComponent(BUYER.email)}`)).json();
    const mail = messages.find((m: { kind: string }) => m.kind === 'otp');
    const code = (typeof mail.data === 'string' ? JSON.parse(mail.data) : mail.data).code;
    await sf.verifyOtp({ otp: code });
    expect(sf.$session.get().status).to.equal('authenticated');
  });

  it('keeps the previous state and reports the error of a failed sign-in', async () => {
    const sf = open();
    const error = await sf.signIn({ email: BUYER.email, password: 'wrong password' }).catch((e) => e);
    expect(error.code).to.equal('invalid_credentials');
    expect(sf.$session.get()).to.include({ status: 'anonymous', error });
  });

  it('carries sign-in, cart changes and sign-out to another tab within a second', async () => {
    const [a, b] = [open(), open()];
    await Promise.all([a.cart.load(), b.cart.load()]);
    await a.signIn(BUYER);
    await waitFor(() => b.$session.get().status === 'authenticated' && b.$session.get().customer !== null, 1000, 'sign-in in tab B');
    await waitFor(() => b.$cart.get().source === 'customer', 1000, 'the customer cart in tab B');

    const before = b.$cart.get().cart!.item_count;
    await a.cart.add(kaos(1));
    await waitFor(() => b.$cart.get().cart!.item_count === before + 1, 1000, 'the cart change in tab B');

    const line = a.$cart.get().cart!.items.find((l) => l.variant_id === 101)!;
    await a.cart.remove(line.id);
    await a.signOut();
    await waitFor(() => b.$session.get().status === 'anonymous', 1000, 'sign-out in tab B');
    expect(b.$session.get().customer).to.equal(null);
    await waitFor(() => b.$cart.get().source === 'guest', 1000, 'the guest cart in tab B');
    expect(storedRefresh()).to.equal(null);
  });
});
