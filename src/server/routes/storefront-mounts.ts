import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { requireCustomer } from '../http/customer-auth.ts';
import { pageGate } from '../http/page-gate.ts';
import { storeGate } from '../http/store-gate.ts';
import { authRoutes } from './auth.ts';
import { cartMergeRoutes } from './cart-merge.ts';
import { cartRoutes } from './cart.ts';
import { catalogRoutes } from './catalog.ts';
import { checkoutRoutes } from './checkout.ts';
import { customerAccountRoutes } from './customer-account.ts';
import { customerCartRoutes } from './customer-cart.ts';
import { customerProfileRoutes } from './customer-profile.ts';
import { locationRoutes } from './locations.ts';
import { orderRoutes } from './orders.ts';
import { pageRoutes } from './pages.ts';

// The route groups a browser calls (CORS, the client-IP limiter). Each registers its gate before its routes: Hono
// runs handlers in registration order.

/**
 * The storefront under /v3/stores/{store_id}/public, behind the store key: catalog, locations, cart, checkout,
 * public orders, customer sign-in and the merge of a guest cart into the customer's.
 */
export function mountStorefront(app: Hono<AppEnv>, deps: RouteDeps): void {
  app.use('/v3/stores/:store_id/public/*',
    storeGate(deps.stores, { requireKey: true, limiter: deps.browserLimiter, trustProxy: deps.config.trustProxy }));
  const storefront = new Hono<AppEnv>()
    .route('/', catalogRoutes(deps))
    .route('/locations', locationRoutes(deps))
    .route('/cart', cartRoutes(deps))
    .route('/', checkoutRoutes(deps))
    .route('/orders', orderRoutes(deps));
  app.route('/v3/stores/:store_id/public', storefront);
  app.route('/v3/stores/:store_id/public/auth', authRoutes(deps));
  app.route('/v3/stores/:store_id/public/cart/merge', cartMergeRoutes(deps));
}

/** The signed-in customer under /v3/stores/{store_id}/customers/me: a bearer token instead of the store key. */
export function mountCustomerAccount(app: Hono<AppEnv>, deps: RouteDeps): void {
  app.use('/v3/stores/:store_id/customers/me/*',
    storeGate(deps.stores, { requireKey: false, limiter: deps.browserLimiter, trustProxy: deps.config.trustProxy }), requireCustomer(deps.db));
  app.route('/v3/stores/:store_id/customers/me', customerProfileRoutes(deps));
  app.route('/v3/stores/:store_id/customers/me', customerCartRoutes(deps));
  app.route('/v3/stores/:store_id/customers/me', customerAccountRoutes(deps));
}

/** The HTML Mode page runtime under /v3/pages/{page_unique_id}, behind the page key and the page's domains. */
export function mountPageRuntime(app: Hono<AppEnv>, deps: RouteDeps): void {
  app.use('/v3/pages/:page_unique_id/*', pageGate(deps.db, { limiter: deps.browserLimiter, trustProxy: deps.config.trustProxy }));
  app.route('/v3/pages/:page_unique_id', pageRoutes(deps));
}
