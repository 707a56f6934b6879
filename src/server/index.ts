import { createAppWithListener, type App, type NodeListener } from './app.ts';
import { resolveConfig, type ServerConfigOverrides } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { defaultDatabasePath } from './db/default-path.ts';
import { allowOrigin, parseOriginGrant } from './domain/merchant-origins.ts';
import { normalizePublicUrl } from './http/public-url.ts';
import { loadSeed, readSeed } from './seed/load.ts';
import type { Seed } from './seed/schema.ts';
import { startHousekeeping } from './domain/housekeeping.ts';
import { startWebhookWorker } from './webhooks/worker.ts';

export { createApp, createAppWithListener, type App, type NodeListener } from './app.ts';
export { resolveConfig, type ServerConfig, type ServerConfigOverrides } from './config.ts';
export { openDatabase } from './db/database.ts';
export { allowOrigin, parseOriginGrant, type OriginGrant } from './domain/merchant-origins.ts';
export { DEMO_SEED_FILE, loadSeed, readSeed } from './seed/load.ts';
export { startWebhookWorker, type WebhookWorker } from './webhooks/worker.ts';
export {
  DEFAULT_TOLERANCE_SECONDS, signWebhookPayload, verifyWebhookSignature, type VerifyWebhookOptions, type WebhookVerification,
} from './webhooks/verify.ts';

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
 * Opens the database, seeds it when empty, applies `allowOrigins`, builds the app and starts the webhook worker and
 * the hourly housekeeping (guest carts).
 */
export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  const grants = (options.allowOrigins ?? []).map(parseOriginGrant); // before opening anything: a typo fails fast
  const publicUrl = options.publicUrl ?? options.config?.publicUrl;
  const checkedPublicUrl = publicUrl === undefined ? {} : { publicUrl: normalizePublicUrl(publicUrl) };
  const db = openDatabase(options.db ?? defaultDatabasePath());
  try {
    if (options.seed !== false) loadSeed(db, typeof options.seed === 'object' ? options.seed : readSeed(options.seed));
    for (const grant of grants) allowOrigin(db, grant);
  } catch (err) {
    db.close();
    throw err;
  }
  const config = resolveConfig({ ...options.config, ...(options.devRoutes === undefined ? {} : { devRoutes: options.devRoutes }), ...checkedPublicUrl });
  const { app, listener } = createAppWithListener({ db, config });
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
