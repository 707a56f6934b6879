import type { Hono } from 'hono';
import type { Db } from './db/database.ts';
import type { ServerConfig } from './config.ts';
import type { SignInThrottle } from './domain/login-throttle.ts';
import type { StoreRow } from './domain/stores.ts';
import type { CatalogCache } from './http/catalog-cache.ts';
import type { RateLimiter } from './domain/rate-limiter.ts';
import type { StoreDirectory } from './http/store-directory.ts';

/** Per-request values the gates put on the context. */
export type AppEnv = { Variables: { store: StoreRow } & Record<string, unknown> };

/** What every route module is built from. */
export type RouteDeps = {
  db: Db;
  config: ServerConfig;
  browserLimiter: RateLimiter;
  /** One bucket per business API key or OAuth installation, shared by every business route group. */
  businessLimiter: RateLimiter;
  /** Failed business logins (unknown API key or token) per client address, shared by every business route group. */
  businessAuthFailures: RateLimiter;
  /** Shared by the Hono gate and the node-level catalog fast path, like the limiter and the cache. */
  stores: StoreDirectory;
  catalogCache: CatalogCache;
  /** Every password and code check (customer and business sign-ins, leave, password change) counts here. */
  signIns: SignInThrottle;
};

/** A part of the server's HTTP surface: registers its gates, then its routes (index.ts lists them in order). */
export type RouteGroup = (app: Hono<AppEnv>, deps: RouteDeps) => void;
