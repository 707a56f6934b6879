import type { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { businessAuth } from '../http/business-auth.ts';
import { requireCustomer } from '../http/customer-auth.ts';
import { pageGate } from '../http/page-gate.ts';
import { RateLimiter } from '../domain/rate-limiter.ts';
import { storeGate } from '../http/store-gate.ts';
import '../seed/accounts-seed.ts'; // registers the customers / pages / business users seed sections
import '../seed/history-seed.ts'; // registers migrated orders, subscriptions and courses
import { authRoutes } from './auth.ts';
import { businessIdentityRoutes } from './business.ts';
import { businessOrderRoutes } from './business-orders.ts';
import { cartMergeRoutes } from './cart-merge.ts';
import { customerAccountRoutes } from './customer-account.ts';
import { customerCartRoutes } from './customer-cart.ts';
import { customerProfileRoutes } from './customer-profile.ts';
import { devReferenceRoutes } from './dev-reference.ts';
import { mountIntegrationRoutes } from './integration-mounts.ts';
import { mountMerchantRoutes } from './merchant-mounts.ts';
import { openApiRoutes } from './openapi.ts';
import { pageRoutes } from './pages.ts';

/**
 * Mounts everything outside the storefront public tables: customer auth and account, the HTML Mode page
 * runtime, business routes and integrations (OAuth, webhooks), the dev windows and the OpenAPI document. Gates are registered before routes
 * (Hono runs handlers in registration order). The public store gate of `createApp` already covers /public/*.
 */
export function mountAccountRoutes(app: Hono<AppEnv>, deps: RouteDeps): void {
  const { db, config } = deps;

  app.route('/v3/stores/:store_id/public/auth', authRoutes(deps));
  app.route('/v3/stores/:store_id/public/cart/merge', cartMergeRoutes(deps));

  // Bearer instead of the store key; CORS and the browser limiter as on /public/*.
  app.use('/v3/stores/:store_id/customers/me/*',
    storeGate(deps.stores, { requireKey: false, limiter: deps.browserLimiter, trustProxy: config.trustProxy }), requireCustomer(db));
  app.route('/v3/stores/:store_id/customers/me', customerProfileRoutes(deps));
  app.route('/v3/stores/:store_id/customers/me', customerCartRoutes(deps));
  app.route('/v3/stores/:store_id/customers/me', customerAccountRoutes(deps));

  app.use('/v3/pages/:page_unique_id/*', pageGate(db, { limiter: deps.browserLimiter, trustProxy: config.trustProxy }));
  app.route('/v3/pages/:page_unique_id', pageRoutes(deps));

  // Machine credentials: one limiter bucket per API key or OAuth installation, apart from the browser IP limiter.
  const business = businessAuth(db, new RateLimiter(config.businessRateLimit));
  for (const prefix of ['/v3/me/*', '/v3/business-users/*', '/v3/orders/*']) app.use(prefix, business);
  app.route('/v3', businessIdentityRoutes(deps));
  app.route('/v3/orders', businessOrderRoutes(deps));
  mountIntegrationRoutes(app, deps, business); // OAuth, installations, webhook endpoints
  mountMerchantRoutes(app, deps, business); // storefront set-up, landing pages, catalog

  app.route('/v3', openApiRoutes(config));
  if (config.devRoutes) app.route('/__reference', devReferenceRoutes(deps));
}
