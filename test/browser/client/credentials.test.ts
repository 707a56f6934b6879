import { expect } from '@open-wc/testing';
import {
  addGuestCartItem, ApiError, getCheckoutSummary, getGuestCart, getPageSummary, getProduct, getProfile, getPublicOrder,
  listItems, mergeGuestCart, searchLocations, signIn, type Client,
} from '../../../src/client/index.ts';
import { credentialsFor } from '../../../src/client/credentials.ts';
import { BUYER, clearStorage, demoClient, PAGE, recordingFetch, STORE } from '../support/server.ts';

const STORE_KEY = 'x-service-storefront-api-key';
const GUEST = 'x-service-guest-token';
const PAGE_KEY = 'x-service-page-api-key';
const BEARER = 'authorization';

/** A client holding every credential at once, so each test shows that only the right one leaves. */
function fullClient() {
  const recorder = recordingFetch();
  const client = demoClient({ pageId: PAGE.id, pageKey: PAGE.key, fetch: recorder.fetch });
  return { client, sent: recorder.sent };
}
const lastTo = (sent: ReturnType<typeof recordingFetch>['sent'], fragment: string) =>
  [...sent].reverse().find((request) => request.path.includes(fragment))!;

async function signedInClient(): Promise<{ client: Client; sent: ReturnType<typeof recordingFetch>['sent'] }> {
  const full = fullClient();
  await addGuestCartItem(full.client, { type: 'variant', variant_id: 101, quantity: 1 }); // a guest token exists
  expect(await signIn(full.client, BUYER)).to.deep.equal({ status: 'signed-in' });
  return full;
}

describe('credential layers', () => {
  let clients: Client[] = [];
  beforeEach(() => clearStorage());
  afterEach(() => {
    clients.forEach((c) => c.destroy());
    clients = [];
  });

  it('decides the layers from the path alone', () => {
    const store = '/v3/stores/demo-store';
    expect(credentialsFor(`${store}/public/items`)).to.deep.equal({ storeKey: true, guestToken: false, bearer: false, pageKey: false });
    expect(credentialsFor(`${store}/public/cart/items/4`)).to.deep.equal({ storeKey: true, guestToken: true, bearer: false, pageKey: false });
    expect(credentialsFor(`${store}/public/cart/merge`)).to.deep.equal({ storeKey: true, guestToken: true, bearer: true, pageKey: false });
    expect(credentialsFor(`${store}/public/checkout`)).to.deep.equal({ storeKey: true, guestToken: true, bearer: false, pageKey: false });
    expect(credentialsFor(`${store}/public/orders/abc`)).to.deep.equal({ storeKey: true, guestToken: false, bearer: false, pageKey: false });
    expect(credentialsFor(`${store}/public/auth/jwt/refresh`)).to.deep.equal({ storeKey: true, guestToken: false, bearer: false, pageKey: false });
    expect(credentialsFor(`${store}/customers/me/profile`)).to.deep.equal({ storeKey: false, guestToken: false, bearer: true, pageKey: false });
    expect(credentialsFor('/v3/pages/demo-page/checkout/summary')).to.deep.equal({ storeKey: false, guestToken: false, bearer: false, pageKey: true });
    expect(credentialsFor('/v3/storesX/demo/public/items')).to.deep.equal({ storeKey: false, guestToken: false, bearer: false, pageKey: false });
  });

  it('sends the store key, and nothing else, to catalog and lookup routes', async () => {
    const { client, sent } = await signedInClient();
    clients.push(client);
    await listItems(client, { page_size: 2 });
    await getProduct(client, 'kaos-polos');
    await searchLocations(client, { search: 'coblong' });
    const reads = sent.filter((r) => /\/public\/(items|products|locations)/.test(r.path));
    expect(reads.map((r) => r.path.split('/').at(-1))).to.deep.equal(['items', 'kaos-polos', 'locations']);
    for (const request of reads) {
      // catalog reads carry it as `store_key` (CORS-simple: no preflight), other reads as the header
      const catalog = !request.path.includes('/locations');
      expect(request.query.get('store_key'), request.path).to.equal(catalog ? STORE.key : null);
      expect(request.headers[STORE_KEY], request.path).to.equal(catalog ? undefined : STORE.key);
      expect(request.headers, request.path).to.not.have.any.keys(GUEST, BEARER, PAGE_KEY);
    }
  });

  it('captures the guest token from the response header, persists it per store and sends it back', async () => {
    const { client, sent } = fullClient();
    clients.push(client);
    const first = await getGuestCart(client);
    expect(first.items).to.deep.equal([]);
    expect(sent[0].headers).to.not.have.key(GUEST); // none yet: the server issues one
    const token = localStorage.getItem(`svc:${STORE.id}:guest-token`);
    expect(token).to.match(/^[0-9a-f-]{36}$/);
    await addGuestCartItem(client, { type: 'variant', variant_id: 101, quantity: 1 });
    await getCheckoutSummary(client, { payment_method: 'bank_transfer', destination: { location_id: 317401 } }).catch(() => {});
    for (const request of sent.slice(1)) {
      expect(request.headers[GUEST], request.path).to.equal(token);
      expect(request.headers[STORE_KEY]).to.equal(STORE.key);
      expect(request.headers, request.path).to.not.have.any.keys(BEARER, PAGE_KEY);
    }
  });

  it('keeps guest tokens of two stores apart', async () => {
    const { client } = fullClient();
    const other = demoClient({ storeId: 'otp-store', storeKey: 'sfk_otp' });
    clients.push(client, other);
    await getGuestCart(client);
    await getGuestCart(other);
    const a = localStorage.getItem('svc:demo-store:guest-token');
    const b = localStorage.getItem('svc:otp-store:guest-token');
    expect(a).to.be.a('string');
    expect(b).to.be.a('string').and.not.equal(a);
  });

  it('does not send the guest token to public order routes', async () => {
    const { client, sent } = fullClient();
    clients.push(client);
    await getGuestCart(client);
    await getPublicOrder(client, 'no-such-order').catch(() => {});
    const request = lastTo(sent, '/public/orders/');
    expect(request.headers[STORE_KEY]).to.equal(STORE.key);
    expect(request.headers).to.not.have.any.keys(GUEST, BEARER, PAGE_KEY);
  });

  it('sends only the bearer to /customers/me/* (no store key, no guest token)', async () => {
    const { client, sent } = await signedInClient();
    clients.push(client);
    const profile = await getProfile(client);
    expect(profile.customer.email).to.equal(BUYER.email);
    const request = lastTo(sent, '/customers/me/profile');
    expect(request.headers[BEARER]).to.match(/^Bearer .+/);
    expect(request.headers).to.not.have.any.keys(STORE_KEY, GUEST, PAGE_KEY);
    // the sign-in itself carried the store key only
    const login = lastTo(sent, '/public/auth/login');
    expect(login.headers[STORE_KEY]).to.equal(STORE.key);
    expect(login.headers).to.not.have.any.keys(GUEST, BEARER, PAGE_KEY);
  });

  it('sends store key, guest token and bearer to cart merge', async () => {
    const { client, sent } = await signedInClient();
    clients.push(client);
    const merged = await mergeGuestCart(client);
    expect(merged.items.some((line) => line.variant_id === 101)).to.equal(true);
    const request = lastTo(sent, '/public/cart/merge');
    expect(request.headers[STORE_KEY]).to.equal(STORE.key);
    expect(request.headers[GUEST]).to.equal(client.guestToken());
    expect(request.headers[BEARER]).to.match(/^Bearer /);
    expect(request.headers).to.not.have.key(PAGE_KEY);
  });

  it('sends only the page key to /pages/*', async () => {
    const { client, sent } = await signedInClient();
    clients.push(client);
    await searchLocations(client, { search: 'coblong' }, { via: 'page' });
    await getPageSummary(client, { items: [{ type: 'variant', variant_id: 101, quantity: 1 }], payment_method: 'bank_transfer', destination: { location_id: 317401 } }).catch(() => {});
    for (const request of sent.filter((r) => r.path.startsWith('/v3/pages/'))) {
      expect(request.headers[PAGE_KEY], request.path).to.equal(PAGE.key);
      expect(request.headers, request.path).to.not.have.any.keys(STORE_KEY, GUEST, BEARER);
    }
  });

  it('refuses a bearer route without a session, without sending anything', async () => {
    const { client, sent } = fullClient();
    clients.push(client);
    const error = await getProfile(client).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect(error.code).to.equal('not_signed_in');
    expect(sent).to.have.length(0);
  });

  it('reports "Store not found" once, with the likely causes, and throws a typed error every time', async () => {
    const logged: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args.join(' '));
    try {
      const client = demoClient({ storeKey: 'sfk_wrong' });
      clients.push(client);
      for (let i = 0; i < 3; i += 1) {
        const error = await listItems(client).catch((e) => e);
        expect(error).to.be.instanceOf(ApiError);
        expect(error).to.include({ status: 404, code: 'store_not_found', message: 'Store not found', path: '/v3/stores/demo-store/public/items' });
      }
      await getGuestCart(client).catch(() => {});
    } finally {
      console.error = original;
    }
    const reports = logged.filter((line) => line.includes('Store not found'));
    expect(reports).to.have.length(1);
    for (const cause of ['storefront API key', 'store id', 'plan', 'allowed origin']) expect(reports[0]).to.include(cause);
  });
});
