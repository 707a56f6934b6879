import type { RateLimitOptions } from './http/rate-limit.ts';
import type { AnalyticsSender } from './domain/analytics-outbox.ts';

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
  /** Customer access token lifetime, in seconds (also `expires_in`). */
  accessTokenSeconds: number;
  /** Customer refresh token lifetime from sign-in, in seconds; rotation never extends it (`refresh_expires_in`). */
  refreshTokenSeconds: number;
  /** Failed sign-ins / code checks per store and e-mail before further attempts get 429. */
  loginFailureLimit: RateLimitOptions;
  /** One-time sign-in code lifetime, in seconds. */
  otpSeconds: number;
  /** Password reset link lifetime, in seconds. */
  resetTokenSeconds: number;
  /** Machine (business API key) requests: per key, a bucket separate from the browser limiter. */
  businessRateLimit: RateLimitOptions;
  /** Forwards outbox conversion events to the ad platforms; unset = off (events stay in the outbox). */
  analyticsSender?: AnalyticsSender;
};

export function resolveConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    browserRateLimit: { limit: 600, windowSeconds: 60 },
    trustProxy: false,
    devRoutes: true,
    paymentExpirySeconds: 24 * 60 * 60,
    accessTokenSeconds: 15 * 60,
    refreshTokenSeconds: 30 * 24 * 60 * 60,
    loginFailureLimit: { limit: 5, windowSeconds: 15 * 60 },
    otpSeconds: 10 * 60,
    resetTokenSeconds: 60 * 60,
    businessRateLimit: { limit: 300, windowSeconds: 60 },
    ...overrides,
  };
}
