import type { RateLimitOptions } from './domain/rate-limiter.ts';
import type { AnalyticsSender } from './domain/analytics-outbox.ts';
import { DEFAULT_SIGN_IN_THROTTLE, type SignInThrottleOptions } from './domain/login-throttle.ts';

/** Everything a deployment or a test may tune. Defaults suit the demo; tests pass small limits and lifetimes. */
export type ServerConfig = {
  /** Public address for `public_order_url`, `payment_url` and the OAuth issuer; unset → the listening address, never the Host header. */
  publicUrl?: string;
  /** Browser routes (storefront, guest cart, page runtime): per client IP. */
  browserRateLimit: RateLimitOptions;
  /** Honour X-Forwarded-For for the client IP (only behind a trusted proxy). */
  trustProxy: boolean;
  /**
   * Dev-only routes under /__reference (mailbox, outbox, webhook log, payment simulator): off unless set; when on
   * they answer loopback peers only (docs/security.md).
   */
  devRoutes: boolean;
  /** How long payment instructions stay valid, in seconds. */
  paymentExpirySeconds: number;
  /** Days a guest cart is kept after its last change (an empty one: one day). Customer carts are kept. */
  guestCartDays: number;
  /** Customer access token lifetime, in seconds (also `expires_in`). */
  accessTokenSeconds: number;
  /** Customer refresh token lifetime from sign-in, in seconds; rotation never extends it (`refresh_expires_in`). */
  refreshTokenSeconds: number;
  /** Password and code checks: backoff per account and client, a budget per account (domain/login-throttle.ts). */
  signInThrottle: SignInThrottleOptions;
  /** One-time sign-in code lifetime, in seconds. */
  otpSeconds: number;
  /** Password reset link lifetime, in seconds. */
  resetTokenSeconds: number;
  /** Reset e-mails per customer (store and address) in a window; past it the same answer, no e-mail. */
  resetMailLimit: RateLimitOptions;
  /** Machine requests: per business API key or per OAuth installation, buckets separate from the browser limiter. */
  businessRateLimit: RateLimitOptions;
  /** Failed business logins (a wrong API key or token) per client address before every request from it is a 429. */
  businessAuthFailureLimit: RateLimitOptions;
  /** Conversion events other than Purchase, per page and client IP (a Purchase is bounded by the page's orders). */
  analyticsRateLimit: RateLimitOptions;
  /** The largest `custom_data.value` (IDR) an event other than Purchase may carry; a Purchase carries its order's. */
  analyticsMaxValue: number;
  /** Forwards outbox conversion events to the ad platforms; unset = off (events stay in the outbox). */
  analyticsSender?: AnalyticsSender;
  /** OAuth for business apps. */
  oauth: OAuthConfig;
  /** Webhook delivery (events are always recorded; `deliver: false` keeps them undelivered in the log). */
  webhooks: WebhookConfig;
  /**
   * A folder served at /dist/ with CORS for the stores' allowed origins: svc-storefront's browser folder, so that a
   * merchant's site loads the elements from the server (routes/browser-files.ts). Unset: not served.
   */
  browserFiles?: string;
  /** A folder served at /demo/img/: the demo catalog's product images. Unset: not served. */
  demoImages?: string;
};

export type OAuthConfig = {
  /** Access token lifetime (`expires_in`), seconds. */
  accessTokenSeconds: number;
  /** Each refresh token's lifetime, seconds; rotation issues a fresh one, so an app in use stays connected. */
  refreshTokenSeconds: number;
  /** Authorization code lifetime, seconds (single use in any case). */
  codeSeconds: number;
  /** How long the consent page stays valid between signing in and approving, seconds. */
  consentSeconds: number;
  /** Fetch client metadata documents for URL client ids (none are fetched when false). */
  metadataDocuments: boolean;
  /** How long a fetched client metadata document (and its JWKS) is reused, seconds. */
  metadataCacheSeconds: number;
  /** Development only: fetch metadata documents and JWKS from loopback addresses too (never private or link-local ones). */
  allowLoopback: boolean;
};

export type WebhookConfig = {
  /** Run the in-process delivery worker (createReferenceServer starts it). */
  deliver: boolean;
  /** How often the worker looks for due deliveries besides being woken by new events, ms. */
  pollIntervalMs: number;
  /** Per-attempt timeout, ms; a timeout counts as a failed attempt. */
  timeoutMs: number;
  /** Attempts per delivery before it is marked `failed`. */
  maxAttempts: number;
  /** Delay before the 2nd attempt, ms; doubled for each further attempt up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Development only: accept and deliver to loopback endpoints too (never private or link-local ones). */
  allowLoopback: boolean;
};

/** `Partial<ServerConfig>` with the nested groups partial too: `{ webhooks: { maxAttempts: 2 } }` keeps other defaults. */
export type ServerConfigOverrides = Partial<Omit<ServerConfig, 'oauth' | 'webhooks' | 'signInThrottle'>> & {
  signInThrottle?: Partial<SignInThrottleOptions>;
  oauth?: Partial<OAuthConfig>;
  webhooks?: Partial<WebhookConfig>;
};

export function resolveConfig(overrides: ServerConfigOverrides = {}): ServerConfig {
  const { oauth, webhooks, signInThrottle, ...flat } = overrides;
  return {
    browserRateLimit: { limit: 600, windowSeconds: 60 },
    trustProxy: false,
    devRoutes: false,
    paymentExpirySeconds: 24 * 60 * 60,
    guestCartDays: 30,
    accessTokenSeconds: 15 * 60,
    refreshTokenSeconds: 30 * 24 * 60 * 60,
    otpSeconds: 10 * 60,
    resetTokenSeconds: 60 * 60,
    resetMailLimit: { limit: 3, windowSeconds: 15 * 60 },
    businessRateLimit: { limit: 300, windowSeconds: 60 },
    businessAuthFailureLimit: { limit: 20, windowSeconds: 10 * 60 },
    analyticsRateLimit: { limit: 200, windowSeconds: 10 * 60 },
    analyticsMaxValue: 100_000_000,
    ...flat,
    signInThrottle: { ...DEFAULT_SIGN_IN_THROTTLE, ...signInThrottle },
    oauth: {
      accessTokenSeconds: 60 * 60, refreshTokenSeconds: 90 * 24 * 60 * 60, codeSeconds: 60, consentSeconds: 10 * 60,
      metadataDocuments: true, metadataCacheSeconds: 5 * 60, allowLoopback: false, ...oauth,
    },
    webhooks: {
      deliver: true, pollIntervalMs: 1000, timeoutMs: 10_000, maxAttempts: 8, backoffBaseMs: 5000, backoffMaxMs: 60 * 60 * 1000, allowLoopback: false,
      ...webhooks,
    },
  };
}
