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

/**
 * Counts the request and sets `X-Ratelimit-Limit/-Remaining/-Reset` (seconds until the window ends) on whatever
 * answer follows. Past the limit it returns the plain-text 429 with `Retry-After` the contract warns clients about.
 */
export function applyRateLimit(c: Context, limiter: RateLimiter, key: string): Response | undefined {
  const { remaining, resetSeconds, limited } = limiter.hit(key);
  c.header('X-Ratelimit-Limit', String(limiter.options.limit));
  c.header('X-Ratelimit-Remaining', String(remaining));
  c.header('X-Ratelimit-Reset', String(resetSeconds));
  if (!limited) return undefined;
  c.header('Retry-After', String(resetSeconds));
  return c.text('Too many requests, please retry later.', 429);
}
