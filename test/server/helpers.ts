import { createApp } from '../../src/server/app.ts';
import type { ServerConfigOverrides } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { listenToOrderEvents } from '../../src/server/domain/order-events.ts';
import { ORDER_EVENT_LISTENERS, ROUTE_GROUPS, SEED_SECTIONS } from '../../src/server/index.ts';
import { loadSeed, readSeed } from '../../src/server/seed/load.ts';
import { recordStatus } from './documented-statuses.ts';

export const DEMO = { storeId: 'demo-store', numericId: 1, key: 'sfk_demo', origin: 'http://localhost:8787' } as const;

export const LOOPBACK_PEER = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

/** A fresh in-memory database with the demo seed, put together as createReferenceServer does (listeners, sections). */
export function demoDatabase(path = ':memory:') {
  const db = openDatabase(path);
  listenToOrderEvents(db, ORDER_EVENT_LISTENERS);
  loadSeed(db, readSeed(), SEED_SECTIONS);
  return db;
}

/** A fresh in-memory reference server with the demo seed and its dev routes, called in-process. */
export function testServer(config: ServerConfigOverrides = {}) {
  const db = demoDatabase();
  const devRoutes = config.devRoutes ?? true;
  const app = createApp({ db, routes: ROUTE_GROUPS, config: { publicUrl: 'http://localhost:8787', ...config, devRoutes } });
  // In-process requests have no socket; give them a loopback peer, like a developer's own tools on the machine,
  // so that the dev routes (loopback only) answer them. A test may still pass its own peer.
  // Every answer is also checked against the statuses /v3/openapi.json lists for its route (documented-statuses.ts).
  const inProcess = app.request;
  app.request = async (input, init, env, executionCtx) => {
    const res = await inProcess(input, init, env ?? LOOPBACK_PEER, executionCtx);
    recordStatus(init?.method ?? (input instanceof Request ? input.method : 'GET'), input, res.status, devRoutes);
    return res;
  };

  /** A storefront request: the demo key is sent unless `headers` overrides it (pass `null` to omit a header). */
  async function storefront(method: string, path: string, options: { body?: unknown; headers?: Record<string, string | null>; store?: string } = {}) {
    const headers: Record<string, string> = { 'X-Service-Storefront-Api-Key': DEMO.key };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
    const res = await app.request(`/v3/stores/${options.store ?? DEMO.storeId}/public${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const text = await res.text();
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* plain-text bodies (429) stay in `text` */
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  return { app, db, storefront };
}
