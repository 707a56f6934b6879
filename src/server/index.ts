import type { RouteGroup } from './app-env.ts';
import { createAppWithListener, type App, type NodeListener } from './app.ts';
import { resolveConfig, type ServerConfigOverrides } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { defaultDatabasePath } from './db/default-path.ts';
import { startHousekeeping } from './domain/housekeeping.ts';
import { allowOrigin, parseOriginGrant } from './domain/merchant-origins.ts';
import { listenToOrderEvents, type OrderEventListener } from './domain/order-events.ts';
import { normalizePublicUrl } from './http/public-url.ts';
import { mountBrowserFiles } from './routes/browser-files.ts';
import { mountBusinessAccounts } from './routes/business-mounts.ts';
import { mountDevReference } from './routes/dev-reference.ts';
import { mountIntegrations } from './routes/integration-mounts.ts';
import { mountMerchant } from './routes/merchant-mounts.ts';
import { mountOpenApi } from './routes/openapi.ts';
import { mountCustomerAccount, mountPageRuntime, mountStorefront } from './routes/storefront-mounts.ts';
import { loadAccounts } from './seed/accounts-seed.ts';
import { loadHistory } from './seed/history-seed.ts';
import { loadIntegrations } from './seed/integrations-seed.ts';
import { loadSeed, readSeed, withAbsoluteImages, type SeedSection } from './seed/load.ts';
import type { Seed } from './seed/schema.ts';
import { recordWebhookEvent } from './webhooks/events.ts';
import { startWebhookWorker } from './webhooks/worker.ts';

export { createApp, createAppWithListener, type App, type NodeListener } from './app.ts';
export { resolveConfig, type ServerConfig, type ServerConfigOverrides } from './config.ts';
export { openDatabase } from './db/database.ts';
export { allowOrigin, parseOriginGrant, type OriginGrant } from './domain/merchant-origins.ts';
export { DEMO_SEED_FILE, loadSeed, readSeed, withAbsoluteImages } from './seed/load.ts';
export { startWebhookWorker, type WebhookWorker } from './webhooks/worker.ts';
export {
  DEFAULT_TOLERANCE_SECONDS, signWebhookPayload, verifyWebhookSignature, type VerifyWebhookOptions, type WebhookVerification,
} from './webhooks/verify.ts';

// What the reference server is made of.

/** Its HTTP surface, mounted in this order (each group registers its gates before its routes). */
export const ROUTE_GROUPS: readonly RouteGroup[] = [
  mountStorefront, // /v3/stores/{id}/public: catalog, locations, cart, checkout, orders, customer sign-in
  mountCustomerAccount, // /v3/stores/{id}/customers/me: profile, cart, orders, subscriptions, courses
  mountPageRuntime, // /v3/pages/{id}: the HTML Mode landing-page checkout and analytics
  mountBusinessAccounts, // /v3/me, /v3/business-users, /v3/orders
  mountIntegrations, // /v3/oauth/*, /v3/webhook-endpoints
  mountMerchant, // /v3/stores (set-up, catalog), /v3/landing-pages
  mountOpenApi, // /v3/openapi.json
  mountDevReference, // /__reference: mailbox, outbox, webhook log, payment simulator (dev only, loopback only)
  mountBrowserFiles, // /dist/ (svc-storefront's browser folder) and /demo/img/, when configured
];

/** The sections of a seed file after businesses, stores and catalog, in order (later ones refer to earlier ones). */
export const SEED_SECTIONS: readonly SeedSection[] = [loadAccounts, loadHistory, loadIntegrations];

/** Who hears of each order change, inside its transaction: the webhooks record the event and its deliveries. */
export const ORDER_EVENT_LISTENERS: readonly OrderEventListener[] = [recordWebhookEvent];

export type ReferenceServerOptions = {
  /** SQLite file, or `:memory:`. Default: `reference.sqlite` in a per-user state directory (db/default-path.ts). */
  db?: string;
  /** A seed file path, a seed object, or `false` for an empty database. The demo seed by default. */
  seed?: string | Seed | false;
  config?: ServerConfigOverrides;
  /**
   * The dev-only routes under /__reference (mailbox with codes and reset links, outbox, webhook log, payment
   * simulator), for loopback clients only. Off by default; same as `config.devRoutes`.
   */
  devRoutes?: boolean;
  /**
   * The server's public address for `payment_url`, `public_order_url` and the OAuth issuer (same as
   * `config.publicUrl`). Unset: the address a connection arrives at, never a request's Host header.
   */
  publicUrl?: string;
  /**
   * The address the seed's site-relative images (`/demo/img/…`) are made absolute against when it is loaded into an
   * empty database, so that they show on a merchant's site too. Default: `publicUrl`; unset, they stay as written.
   */
  seedImageBase?: string;
  /**
   * Origins a merchant's site under development calls from, added at every start (existing databases too):
   * `http://localhost:3000` for every store and its pages, `demo-store=http://localhost:3000` for one store.
   */
  allowOrigins?: string[];
};

export type ReferenceServer = {
  app: App;
  /** Serve with this (`http.createServer(listener)`): it answers cached catalog reads before Hono. */
  listener: NodeListener;
  db: Db;
  close(): void;
};

/**
 * Opens the database with the order-event listeners, seeds it when empty (with the seed sections), applies
 * `allowOrigins`, builds the app of the route groups and starts the webhook worker and the hourly housekeeping.
 */
export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  const grants = (options.allowOrigins ?? []).map(parseOriginGrant); // before opening anything: a typo fails fast
  const publicUrl = options.publicUrl ?? options.config?.publicUrl;
  const checkedPublicUrl = publicUrl === undefined ? {} : { publicUrl: normalizePublicUrl(publicUrl) };
  const db = openDatabase(options.db ?? defaultDatabasePath());
  listenToOrderEvents(db, ORDER_EVENT_LISTENERS);
  try {
    if (options.seed !== false) {
      const seed = typeof options.seed === 'object' ? options.seed : readSeed(options.seed);
      const imageBase = options.seedImageBase ?? checkedPublicUrl.publicUrl;
      loadSeed(db, imageBase ? withAbsoluteImages(seed, imageBase) : seed, SEED_SECTIONS);
    }
    for (const grant of grants) allowOrigin(db, grant);
  } catch (err) {
    db.close();
    throw err;
  }
  const config = resolveConfig({ ...options.config, ...(options.devRoutes === undefined ? {} : { devRoutes: options.devRoutes }), ...checkedPublicUrl });
  const { app, listener } = createAppWithListener({ db, config, routes: ROUTE_GROUPS });
  const worker = config.webhooks.deliver ? startWebhookWorker(db, config.webhooks) : undefined;
  const housekeeping = startHousekeeping(db, config);
  return {
    app,
    listener,
    db,
    close: () => {
      worker?.stop(); // timers cleared and requests aborted first: nothing may touch the database after this
      housekeeping.stop();
      db.close();
    },
  };
}
