// Browser entry of the two-page session tests: one storefront per page, driven by Playwright through `window.harness`.
// by its module: the session also imports the routes lazily, and esbuild then initialises them on first import only
import { listCustomerOrders } from '../../src/client/routes/purchases.ts';
import { createStorefront } from '../../src/session/index.ts';

const params = new URLSearchParams(location.search);
const storefront = createStorefront({
  baseUrl: location.origin,
  storeId: 'demo-store',
  storeKey: 'sfk_demo',
  catalogCacheMs: 0,
  proactiveRefresh: params.get('proactive') !== '0',
});

const harness = {
  signIn: () => storefront.signIn({ email: 'buyer@example.com', password: 'correct horse battery' }),
  signOut: () => storefront.signOut(),
  addToCart: (variantId: number, quantity = 1) => storefront.cart.add({ type: 'variant', variant_id: variantId, quantity }).then(() => undefined),
  loadCart: () => storefront.cart.load().then(() => undefined),
  /** Ten different bearer reads at once; each settles to 'ok' or its error code. */
  async tenBearerCalls(): Promise<string[]> {
    const calls = Array.from({ length: 10 }, (_, i) => listCustomerOrders(storefront.client, { page_size: i + 1 }));
    const settled = await Promise.allSettled(calls);
    return settled.map((s) => (s.status === 'fulfilled' ? 'ok' : String((s.reason as { code?: string }).code ?? s.reason)));
  },
  state: () => ({
    session: storefront.$session.get().status,
    customer: storefront.$session.get().customer?.customer.email ?? null,
    cartSource: storefront.$cart.get().source,
    cartCount: storefront.$cart.get().cart?.item_count ?? null,
    storedRefresh: localStorage.getItem('svc:demo-store:refresh') !== null,
  }),
};
(window as unknown as { harness: typeof harness }).harness = harness;
