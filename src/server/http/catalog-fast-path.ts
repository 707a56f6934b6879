import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADERS } from '../../contract/index.ts';
import { STORE_KEY_PARAM } from '../../contract/constants.ts';
import type { RouteDeps } from '../app-env.ts';
import { storeRuntimeActive } from '../domain/stores.ts';
import { clientAddress } from './client-ip.ts';
import { corsHeaders } from './cors.ts';
import { storeKey } from './store-gate.ts';
import { rateLimitHeaders, TOO_MANY_REQUESTS } from './rate-limit.ts';

const STOREFRONT_TARGET = /^\/v3\/stores\/([\w.-]+)\/public\//;
const READ = { [HEADERS.storeKey.toLowerCase()]: 'key', origin: 'origin', 'if-none-match': 'ifNoneMatch', 'x-forwarded-for': 'forwardedFor' } as const;
type ReadHeaders = Partial<Record<(typeof READ)[keyof typeof READ], string>>;

/**
 * The four request headers the fast path reads, from `rawHeaders`: cheaper than node building `req.headers`.
 * `undefined` when one of them is repeated, so the app decides how to combine them.
 */
function readHeaders(raw: string[]): ReadHeaders | undefined {
  const found: ReadHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = READ[raw[i].toLowerCase() as keyof typeof READ];
    if (!name) continue;
    if (found[name] !== undefined) return undefined;
    found[name] = raw[i + 1]!;
  }
  return found;
}

/**
 * Answers a storefront GET whose serialised answer is cached, straight from node:http, before Hono builds a Request:
 * the same gate (store directory, exact-origin CORS, the browser limiter) and the same bytes and headers as the Hono
 * route, at a fraction of the cost. Anything else — a cache miss, an unknown store or key, a preflight — is left to
 * the app, untouched and uncounted. Returns whether it answered.
 */
export function catalogFastPath(deps: RouteDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { stores, catalogCache, browserLimiter, config } = deps;
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const target = req.url ?? '';
    const pathId = STOREFRONT_TARGET.exec(target)?.[1];
    if (!pathId) return false;
    const headers = readHeaders(req.rawHeaders);
    if (!headers) return false;
    const key = storeKey(headers.key, 'GET', target, () => new URLSearchParams(target.slice(target.indexOf('?') + 1)).get(STORE_KEY_PARAM) ?? undefined);
    if (!key) return false;
    const found = stores.find(pathId);
    if (!found || !storeRuntimeActive(found.store) || !found.keys.has(key)) return false;
    const answer = catalogCache.lookup(found.store.id, target);
    if (!answer) return false;

    const verdict = browserLimiter.hit(`ip:${clientAddress(headers.forwardedFor, req.socket.remoteAddress, config.trustProxy)}`);
    const out = Object.assign(corsHeaders(headers.origin, found.store.origins).headers, rateLimitHeaders(browserLimiter, verdict));
    if (verdict.limited) {
      out['Content-Type'] = 'text/plain; charset=UTF-8';
      res.writeHead(429, out).end(TOO_MANY_REQUESTS);
      return true;
    }
    out.ETag = answer.etag;
    out['Cache-Control'] = 'no-cache';
    if (headers.ifNoneMatch === answer.etag) {
      res.writeHead(304, out).end();
    } else {
      out['Content-Type'] = 'application/json';
      out['Content-Length'] = answer.length;
      res.writeHead(200, out).end(answer.body);
    }
    return true;
  };
}
