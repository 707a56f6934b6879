import type { RateLimitOptions } from './http/rate-limit.ts';

/** Everything a deployment or a test may tune. Defaults suit the demo; tests pass small limits and lifetimes. */
export type ServerConfig = {
  /** Public address of this server for `public_order_url` and `payment_url`; unset → the origin the request came to. */
  publicUrl?: string;
  /** Browser routes (storefront, guest cart, page runtime): per client IP. */
  browserRateLimit: RateLimitOptions;
  /** Honour X-Forwarded-For for the client IP (only behind a trusted proxy). */
  trustProxy: boolean;
  /** Dev-only routes under /__reference (mailbox, outbox, payment simulator). */
  devRoutes: boolean;
  /** How long payment instructions stay valid, in seconds. */
  paymentExpirySeconds: number;
};

export function resolveConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    browserRateLimit: { limit: 600, windowSeconds: 60 },
    trustProxy: false,
    devRoutes: true,
    paymentExpirySeconds: 24 * 60 * 60,
    ...overrides,
  };
}
