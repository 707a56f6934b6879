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

  /** The verdict {@link hit} would give without counting this request: `limited` once the limit is used up. */
  peek(key: string, now = Date.now()): RateLimitVerdict {
    const window = this.#windows.get(key);
    const count = window && window.resetAt > now ? window.count : 0;
    return {
      remaining: Math.max(0, this.options.limit - count),
      resetSeconds: window && window.resetAt > now ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : this.options.windowSeconds,
      limited: count >= this.options.limit,
    };
  }

  #sweep(now: number): void {
    if (now - this.#lastSweep < this.options.windowSeconds * 1000) return;
    for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key);
    this.#lastSweep = now;
  }
}

export type RateLimitVerdict = ReturnType<RateLimiter['hit']>;
