import type { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { businessAuth } from '../http/business-auth.ts';
import { businessIdentityRoutes } from './business.ts';
import { businessOrderRoutes } from './business-orders.ts';

/**
 * The business API's own accounts and orders: /v3/me, /v3/business-users, /v3/orders, behind a business API key or
 * OAuth access token. Every business group gates with `deps.businessLimiter`: one bucket per key or installation.
 */
export function mountBusinessAccounts(app: Hono<AppEnv>, deps: RouteDeps): void {
  const business = businessAuth(deps);
  for (const prefix of ['/v3/me/*', '/v3/business-users/*', '/v3/orders/*']) app.use(prefix, business);
  app.route('/v3', businessIdentityRoutes(deps));
  app.route('/v3/orders', businessOrderRoutes(deps));
}
