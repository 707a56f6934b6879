import type { Context } from 'hono';
import type { RateLimiter, RateLimitVerdict } from '../domain/rate-limiter.ts';

export const TOO_MANY_REQUESTS = 'Too many requests, please retry later.';

/** `X-Ratelimit-Limit/-Remaining/-Reset` (seconds until the window ends), and `Retry-After` past the limit. */
export function rateLimitHeaders(limiter: RateLimiter, verdict: RateLimitVerdict): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Ratelimit-Limit': String(limiter.options.limit),
    'X-Ratelimit-Remaining': String(verdict.remaining),
    'X-Ratelimit-Reset': String(verdict.resetSeconds),
  };
  if (verdict.limited) headers['Retry-After'] = String(verdict.resetSeconds);
  return headers;
}

/**
 * Counts the request and sets the rate-limit headers on whatever answer follows. Past the limit it returns the
 * plain-text 429 with `Retry-After` the contract warns clients about.
 */
export function applyRateLimit(c: Context, limiter: RateLimiter, key: string): Response | undefined {
  const verdict = limiter.hit(key);
  const headers = rateLimitHeaders(limiter, verdict);
  for (const name in headers) c.header(name, headers[name]);
  return verdict.limited ? c.text(TOO_MANY_REQUESTS, 429) : undefined;
}
