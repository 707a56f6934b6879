import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppEnv, RouteDeps, RouteGroup } from './app-env.ts';
import { resolveConfig, type ServerConfigOverrides } from './config.ts';
import type { Db } from './db/database.ts';
import { SignInThrottle } from './domain/login-throttle.ts';
import { RateLimiter } from './domain/rate-limiter.ts';
import { HttpError } from './errors.ts';
import { CatalogCache } from './http/catalog-cache.ts';
import { catalogFastPath } from './http/catalog-fast-path.ts';
import { StoreDirectory } from './http/store-directory.ts';

export type AppOptions = {
  db: Db;
  config?: ServerConfigOverrides;
  /** What the app serves, mounted in this order: the reference server's are `ROUTE_GROUPS` (index.ts). */
  routes: readonly RouteGroup[];
};

/** The server as a Hono app made of `routes`: mount it on any Node server, or call `app.request()` in tests. */
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

export function createAppWithListener({ db, config: overrides, routes }: AppOptions): { app: App; listener: NodeListener; fastPath: FastPath } {
  const config = resolveConfig(overrides);
  const deps: RouteDeps = {
    db, config, browserLimiter: new RateLimiter(config.browserRateLimit), businessLimiter: new RateLimiter(config.businessRateLimit),
    businessAuthFailures: new RateLimiter(config.businessAuthFailureLimit),
    stores: new StoreDirectory(db), catalogCache: new CatalogCache(db), signIns: new SignInThrottle(config.signInThrottle),
  };
  const app = buildApp(deps, routes);
  const fastPath = catalogFastPath(deps);
  const viaHono = getRequestListener(app.fetch);
  return { app, fastPath, listener: (req, res) => (fastPath(req, res) ? ANSWERED : viaHono(req, res)) };
}

const ANSWERED = Promise.resolve();

function buildApp(deps: RouteDeps, routes: readonly RouteGroup[]) {
  const app = new Hono<AppEnv>();
  for (const mount of routes) mount(app, deps);
  app.notFound((c) => c.json({ error: { code: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` } }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(err.toBody(), err.status);
    console.error(err);
    return c.json({ error: { code: 'internal_error', message: 'Internal error' } }, 500);
  });
  return app;
}
