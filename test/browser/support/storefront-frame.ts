import { createStorefront } from '../../../src/session/index.ts';

/** Exposes a demo storefront to the parent test page. */
const storefront = createStorefront({ baseUrl: location.origin, storeId: 'demo-store', storeKey: 'sfk_demo', catalogCacheMs: 0 });
(window as unknown as { storefront: typeof storefront }).storefront = storefront;
