import * as z from 'zod/mini';

/**
 * Merchant set-up through the business API: storefront keys and allowed origins of the business's stores, landing
 * page keys and domains. Paths and payloads are ours (commerce-service-v3.md names the areas only); see
 * docs/contract-gaps.md "Merchant self-service".
 */

/** Storefront and page keys are publishable (they go into the merchant's HTML), so they are listed in full. */
const PublishableKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{4,100}$/, 'A key is 4 to 100 letters, digits, _ or -'));

/**
 * An exact browser origin, `scheme://host[:port]`: normalised (lower-case host, default port dropped, a trailing
 * `/` ignored); paths, queries, fragments, credentials and wildcards are refused, since a browser never sends them.
 */
export const OriginInput = z.pipe(z.string().check(z.maxLength(300)), z.transform((value, ctx) => {
  const origin = normaliseOrigin(value);
  if (origin === undefined) {
    ctx.issues.push({ code: 'custom', input: value, message: 'Expected an exact origin scheme://host[:port], without a path or wildcard' });
    return z.NEVER;
  }
  return origin;
}));

/** `https://Shop.Example:443/` → `https://shop.example`; anything that is not a bare http(s) origin → undefined. */
export function normaliseOrigin(value: string): string | undefined {
  if (/[*\s]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !value.includes('?') && !value.includes('#');
  if (!['http:', 'https:'].includes(url.protocol) || !bare || !/^[a-z][a-z0-9+.-]*:\/\/[^/]+\/?$/i.test(value)) return undefined;
  return url.origin;
}

export const StorePlanState = z.object({
  plan: z.enum(['free', 'lite', 'basic', 'pro', 'ultimate']),
  business_status: z.enum(['active', 'inactive']),
  paid: z.boolean(),
  /** Basic, Pro or Ultimate, active and paid: otherwise the storefront answers `Store not found`, keys or not. */
  storefront_active: z.boolean(),
});

export const StoreSetup = z.object({
  id: z.int(),
  unique_id: z.string(),
  name: z.string(),
  plan_state: StorePlanState,
  storefront_keys: z.array(z.string()),
  allowed_origins: z.array(z.string()),
  /** The merchant's order status page, where the buyer's `public_order_url` leads; null: the service's own page. */
  order_status_url: z.nullable(z.string()),
});
export type StoreSetup = z.infer<typeof StoreSetup>;
export const StoreSetupList = z.array(StoreSetup);

/**
 * A page of the merchant's site that shows an order (`<svc-order-status>`, which reads `?order=`): an absolute
 * http(s) URL without credentials or fragment; `public_order_url` is this address with `order=<secret_slug>` added.
 */
export const OrderStatusUrl = z.string().check(z.maxLength(2000), z.refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash && !value.includes('#');
  } catch {
    return false;
  }
}, 'Expected an absolute http(s) URL without credentials or fragment'));
/** PATCH /v3/stores/{store_id}: the store's storefront settings; `null` goes back to the default. */
export const StoreSettingsUpdate = z.strictObject({ order_status_url: z.optional(z.nullable(OrderStatusUrl)) });

export const StorefrontKey = z.object({ key: z.string() });
export const StorefrontKeyList = z.array(z.string());
/** POST …/storefront-keys: a generated key, or the merchant's own (e.g. moved from another system). */
export const StorefrontKeyCreate = z.strictObject({ key: z.optional(PublishableKey) });
/** Rotation replaces the key at once: the old one is refused from the next request on. */
export const KeyRotation = z.object({ key: z.string(), replaces: z.string() });

export const OriginList = z.array(z.string());
export const OriginBody = z.strictObject({ origin: OriginInput });
export const OriginQuery = z.object({ origin: OriginInput });
export const AddedOrigin = z.object({ origin: z.string(), created: z.boolean() });

export const LandingPageSetup = z.object({
  id: z.int(),
  unique_id: z.string(),
  title: z.string(),
  store: z.object({ id: z.int(), unique_id: z.string() }),
  keys: z.array(z.string()),
  /** Empty: the page is called from its business's domains. */
  domains: z.array(z.string()),
});
export type LandingPageSetup = z.infer<typeof LandingPageSetup>;
export const LandingPageSetupList = z.array(LandingPageSetup);
export const PageKeyCreate = StorefrontKeyCreate;
