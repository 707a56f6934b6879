import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppEnv, RouteDeps } from './app-env.ts';
import { resolveConfig, type ServerConfigOverrides } from './config.ts';
import type { Db } from './db/database.ts';
import { CatalogCache } from './http/catalog-cache.ts';
import { catalogFastPath } from './http/catalog-fast-path.ts';
import { HttpError } from './errors.ts';
import { RateLimiter } from './domain/rate-limiter.ts';
import { StoreDirectory } from './http/store-directory.ts';
import { storeGate } from './http/store-gate.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { locationRoutes } from './routes/locations.ts';
import { cartRoutes } from './routes/cart.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { orderRoutes } from './routes/orders.ts';
import { paymentSimulatorRoutes } from './routes/payment-simulator.ts';
import { loopbackOnly } from './routes/dev-reference.ts';
import { SignInThrottle } from './domain/login-throttle.ts';
import { mountAccountRoutes } from './routes/account-mounts.ts';

export type AppOptions = { db: Db; config?: ServerConfigOverrides };

/** The reference server as a Hono app: mount it on any Node server, or call `app.request()` in tests. */
export function createApp(options: AppOptions): App {
  return createAppWithListener(options).app;
}
export type App = ReturnType<typeof buildApp>;
/** Settles once the answer is written (at once when the fast path answered). */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The app and the node:http request listener to serve it with: cached catalog answers go out from the fast path
 * (http/catalog-fast-path.ts), everything else through Hono. Both share one limiter, store directory and cache.
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createAppWithListener({ db, config: overrides }: AppOptions): { app: App; listener: NodeListener; fastPath: FastPath } {
  const config = resolveConfig(overrides);
  const deps: RouteDeps = {
    db, config, browserLimiter: new RateLimiter(config.browserRateLimit), stores: new StoreDirectory(db), catalogCache: new CatalogCache(db),
    signIns: new SignInThrottle(config.signInThrottle),
  };
  const app = buildApp(deps);
  const fastPath = catalogFastPath(deps);
  const viaHono = getRequestListener(app.fetch);
  return { app, fastPath, listener: (req, res) => (fastPath(req, res) ? ANSWERED : viaHono(req, res)) };
}

const ANSWERED = Promise.resolve();

function buildApp(deps: RouteDeps) {
  const { config } = deps;
  const app = new Hono<AppEnv>();

  app.use('/v3/stores/:store_id/public/*', storeGate(deps.stores, { requireKey: true, limiter: deps.browserLimiter, trustProxy: config.trustProxy }));
  const storefront = new Hono<AppEnv>()
    .route('/', catalogRoutes(deps))
    .route('/locations', locationRoutes(deps))
    .route('/cart', cartRoutes(deps))
    .route('/', checkoutRoutes(deps))
    .route('/orders', orderRoutes(deps));
  app.route('/v3/stores/:store_id/public', storefront);
  if (config.devRoutes) {
    app.use('/__reference/*', loopbackOnly); // covers the dev windows mounted in account-mounts.ts too
    app.route('/__reference', paymentSimulatorRoutes(deps));
  }
  mountAccountRoutes(app, deps); // customer auth and account, page runtime, business routes, openapi

  app.notFound((c) => c.json({ error: { code: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` } }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(err.toBody(), err.status);
    console.error(err);
    return c.json({ error: { code: 'internal_error', message: 'Internal error' } }, 500);
  });
  return app;
}
