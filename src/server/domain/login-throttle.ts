import type { RateLimitOptions } from '../http/rate-limit.ts';

/**
 * Counts failed sign-ins (and failed one-time codes) per store and e-mail. Once `limit` failures fall in one window,
 * every further attempt is refused until the window ends, even with the right password, so guessing stays slow.
 */
export class FailureThrottle {
  readonly #failures = new Map<string, { count: number; resetAt: number }>();

  constructor(readonly options: RateLimitOptions) {}

  /** Seconds until attempts are allowed again, or 0 when they are allowed now. */
  blockedFor(key: string, now = Date.now()): number {
    const entry = this.#failures.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.options.limit ? Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) : 0;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.#failures.get(key);
    if (!entry || entry.resetAt <= now) this.#failures.set(key, { count: 1, resetAt: now + this.options.windowSeconds * 1000 });
    else entry.count += 1;
    if (this.#failures.size > 10_000) for (const [k, e] of this.#failures) if (e.resetAt <= now) this.#failures.delete(k);
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }
}
