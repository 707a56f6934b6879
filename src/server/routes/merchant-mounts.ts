import type { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { businessAuth } from '../http/business-auth.ts';
import { businessCatalogRoutes } from './business-catalog.ts';
import { businessPageRoutes } from './business-pages.ts';
import { storefrontSetupRoutes } from './storefront-setup.ts';

/**
 * Merchant self-service on the business API: storefront set-up, landing pages and the catalog, behind the business
 * credential gate. Under /v3/stores/{store_id} only the set-up and catalog sub-paths are business routes: /public/*
 * and /customers/me/* stay the storefront's.
 */
export function mountMerchant(app: Hono<AppEnv>, deps: RouteDeps): void {
  const business = businessAuth(deps);
  const storePaths = ['storefront-keys', 'allowed-origins', 'categories', 'products', 'variants', 'bundles', 'bundle-price-options'];
  for (const path of ['/v3/stores', '/v3/stores/:store_id', ...storePaths.map((p) => `/v3/stores/:store_id/${p}/*`)]) app.use(path, business);
  app.route('/v3/stores', storefrontSetupRoutes(deps));
  app.route('/v3/stores', businessCatalogRoutes(deps));
  app.use('/v3/landing-pages/*', business);
  app.route('/v3/landing-pages', businessPageRoutes(deps));
}
