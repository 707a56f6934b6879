import type { Context } from 'hono';

export type RateLimitOptions = { limit: number; windowSeconds: number };

/** Fixed-window request counter per key (client IP, API key, OAuth installation). */
export class RateLimiter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  #lastSweep = Date.now();

  constructor(readonly options: RateLimitOptions) {}

  hit(key: string, now = Date.now()): { remaining: number; resetSeconds: number; limited: boolean } {
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.options.windowSeconds * 1000 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return {
      remaining: Math.max(0, this.options.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      limited: window.count > this.options.limit,
    };
  }

  #sweep(now: number): void {
    if (now - this.#lastSweep < this.options.windowSeconds * 1000) return;
    for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key);
    this.#lastSweep = now;
  }
}

export type RateLimitVerdict = ReturnType<RateLimiter['hit']>;
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
