/**
 * Failures a real service produces now and then, on demand. Put them in front of the storefront handlers with
 * `worker.use(...)` / `server.use(...)` (runtime handlers win), e.g. `worker.use(faults.rateLimited({ once: true }))`.
 */
import { http, HttpResponse } from 'msw';
import { storeNotFoundResponse } from './handlers.ts';

export type FaultOptions = {
  /** A route under `/v3/stores/{store}`, MSW path syntax: `/public/items`, `/public/cart/*`. Default every public route. */
  route?: string;
  /** Origin (and prefix) of the service; default `*` (any). */
  baseUrl?: string;
  method?: 'get' | 'post' | 'patch' | 'delete' | 'all';
  /** Answer only the first matching request, then step aside (the retry succeeds). */
  once?: boolean;
};

function fault({ route = '/public/*', baseUrl = '*', method = 'all', once = false }: FaultOptions, respond: () => Response) {
  return http[method](`${baseUrl}/v3/stores/:storeId${route}`, respond, { once });
}

export const faults = {
  /** 429 with a plain-text body (the contract allows it) and `Retry-After` in seconds. */
  rateLimited: ({ retryAfterSeconds = 1, ...options }: FaultOptions & { retryAfterSeconds?: number } = {}) =>
    fault(options, () => new HttpResponse('Too Many Requests', { status: 429, headers: { 'Content-Type': 'text/plain', 'Retry-After': String(retryAfterSeconds) } })),

  /** 503 from a gateway in front of the service: an HTML body, not the service's JSON error shape. */
  unavailable: (options: FaultOptions = {}) =>
    fault(options, () => new HttpResponse('<html><body><h1>503 Service Unavailable</h1></body></html>', { status: 503, headers: { 'Content-Type': 'text/html' } })),

  /** The connection fails (fetch rejects with a TypeError), as when the buyer goes offline. */
  networkError: (options: FaultOptions = {}) => fault(options, () => HttpResponse.error()),

  /** `404 Store not found`: what an unknown store, a wrong key or an inactive plan gets. */
  storeNotFound: (options: FaultOptions = {}) => fault(options, storeNotFoundResponse),
};
