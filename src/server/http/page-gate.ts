import type { Context, MiddlewareHandler } from 'hono';
import { HEADERS, PAGE_NOT_FOUND } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { findPageByUniqueId, pageHasKey, pageOrigins } from '../domain/pages.ts';
import { findStoreById, storeRuntimeActive } from '../domain/stores.ts';
import { applyCors, preflight, refusesStateChange } from './cors.ts';
import { clientIp } from './client-ip.ts';
import { HttpError } from '../errors.ts';
import type { RateLimiter } from '../domain/rate-limiter.ts';
import { applyRateLimit } from './rate-limit.ts';

/**
 * The page key travels in its header; conversion events may carry it as `?page_key=` instead, because
 * `navigator.sendBeacon` cannot set headers (the key is publishable, like the storefront key).
 */
function pageKeyOf(c: Context): string | undefined {
  const header = c.req.header(HEADERS.pageKey);
  if (header !== undefined || c.req.method !== 'POST' || !/\/analytics\/[a-z]+\/events$/.test(c.req.path)) return header;
  return c.req.query('page_key');
}

export const pageNotFound = () => new HttpError(404, 'page_not_found', 'Page not found', undefined, PAGE_NOT_FOUND);

/**
 * Gate of `/v3/pages/{page_unique_id}/*`: resolves page and store from the path, applies CORS with the page's
 * domains (or the business's when the page has none) and the browser IP limiter, then requires the page's own key.
 * Unknown page, wrong key (a storefront key, another page's key) and an inactive store plan are one 404 body.
 */
export function pageGate(db: Db, options: { limiter: RateLimiter; trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const page = findPageByUniqueId(db, c.req.param('page_unique_id') ?? '');
    const verdict = applyCors(c, page && pageOrigins(db, page));
    if (c.req.method === 'OPTIONS') return preflight(c, verdict);
    const limited = applyRateLimit(c, options.limiter, `ip:${clientIp(c, options.trustProxy)}`);
    if (limited) return limited;
    const store = page && findStoreById(db, page.store_id);
    if (!page || !store || !storeRuntimeActive(store) || !pageHasKey(db, page.id, pageKeyOf(c))) throw pageNotFound();
    if (refusesStateChange(c, verdict)) {
      throw new HttpError(403, 'origin_not_allowed', `Origin ${verdict.origin} is not a domain of this page`);
    }
    c.set('page', page);
    c.set('store', store);
    await next();
  };
}
