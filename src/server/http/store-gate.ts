import type { MiddlewareHandler } from 'hono';
import { HEADERS, STORE_NOT_FOUND } from '../../contract/index.ts';
import { KEY_IN_QUERY_ROUTES, STORE_KEY_PARAM } from '../../contract/constants.ts';
import { storeRuntimeActive, type StoreRow } from '../domain/stores.ts';
import { applyCors, preflight, refusesStateChange } from './cors.ts';
import { clientIp } from './client-ip.ts';
import { HttpError } from '../errors.ts';
import type { RateLimiter } from '../domain/rate-limiter.ts';
import { applyRateLimit } from './rate-limit.ts';
import type { StoreDirectory } from './store-directory.ts';

export const storeNotFound = () => new HttpError(404, 'store_not_found', 'Store not found', undefined, STORE_NOT_FOUND);

/** The key header, else on a public catalog GET the `store_key` query parameter (docs/contract-gaps.md). */
export function storeKey(header: string | undefined, method: string, path: string, query: () => string | undefined): string {
  if (header !== undefined) return header;
  return (method === 'GET' && KEY_IN_QUERY_ROUTES.test(path) ? query() : undefined) ?? '';
}

export type StoreGateOptions = {
  /** `/public/*` needs the storefront key; `/customers/me/*` authenticates with the bearer instead. */
  requireKey: boolean;
  /** Applied after CORS headers are set (so a 429 is readable by the page) and before the key is checked. */
  limiter: RateLimiter;
  trustProxy: boolean;
};

/**
 * Resolves `{store_id}` (numeric id or public unique_id), applies the store's CORS allow-list and the browser rate
 * limit, then checks the key and the plan. Every way of not reaching an active store answers the same 404 body.
 */
export function storeGate(stores: StoreDirectory, options: StoreGateOptions): MiddlewareHandler<{ Variables: { store: StoreRow } }> {
  return async (c, next) => {
    const found = stores.find(c.req.param('store_id') ?? '');
    const store = found?.store;
    const verdict = applyCors(c, store?.origins);
    if (c.req.method === 'OPTIONS') return preflight(c, verdict);
    const limited = applyRateLimit(c, options.limiter, `ip:${clientIp(c, options.trustProxy)}`);
    if (limited) return limited;
    if (!store || !storeRuntimeActive(store)) throw storeNotFound();
    if (options.requireKey && !found.keys.has(storeKey(c.req.header(HEADERS.storeKey), c.req.method, c.req.path, () => c.req.query(STORE_KEY_PARAM)))) {
      throw storeNotFound();
    }
    if (refusesStateChange(c, verdict)) {
      throw new HttpError(403, 'origin_not_allowed', `Origin ${verdict.origin} is not an allowed origin of this store`);
    }
    c.set('store', store);
    await next();
  };
}
