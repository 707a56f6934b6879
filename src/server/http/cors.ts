import type { Context } from 'hono';
import { HEADERS } from '../../contract/index.ts';

const EXPOSED_LIST = [HEADERS.guestToken, 'X-Ratelimit-Limit', 'X-Ratelimit-Remaining', 'X-Ratelimit-Reset', 'Retry-After'].join(', ');
const ALLOWED_HEADERS = ['Content-Type', 'Authorization', HEADERS.storeKey, HEADERS.guestToken, HEADERS.pageKey, HEADERS.idempotencyKey];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type CorsVerdict = { origin: string | undefined; allowed: boolean };

/**
 * Exact-origin CORS: an Origin in the allow-list is echoed (never `*`), everything varies on Origin, and the headers
 * a client needs to read (guest token, rate-limit metadata) are exposed. A `null` origin is never allowed.
 */
export function corsHeaders(origin: string | undefined, allowedOrigins: ReadonlySet<string> | undefined) {
  const allowed = !!origin && origin !== 'null' && !!allowedOrigins?.has(origin);
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (allowed) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Expose-Headers'] = EXPOSED_LIST;
  }
  return { verdict: { origin, allowed } satisfies CorsVerdict, headers };
}

/** {@link corsHeaders} on a Hono context. */
export function applyCors(c: Context, allowedOrigins: ReadonlySet<string> | undefined): CorsVerdict {
  const { verdict, headers } = corsHeaders(c.req.header('origin'), allowedOrigins);
  for (const name in headers) c.header(name, headers[name]);
  return verdict;
}

/** The answer to a preflight: the allow headers only when the origin is allowed, so the browser refuses others. */
export function preflight(c: Context, verdict: CorsVerdict): Response {
  if (verdict.allowed) {
    c.header('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
    c.header('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
    // Chromium's cap (2 h): later page loads skip the preflight. A revoked origin still cannot read an answer (no
    // Access-Control-Allow-Origin on it) nor change state (refusesStateChange), whatever the browser cached.
    c.header('Access-Control-Max-Age', '7200');
  }
  return c.body(null, 204);
}

/**
 * Requests without an Origin (server to server, curl) pass; a browser request from an origin that is not allowed
 * may not change state, even though the browser would hide the answer from it.
 */
export function refusesStateChange(c: Context, verdict: CorsVerdict): boolean {
  return verdict.origin !== undefined && !verdict.allowed && !SAFE_METHODS.has(c.req.method);
}
