/**
 * Plain values of the contract, without zod: browser code imports them from here (importing them from the schema
 * modules would pull zod into the bundle, since those modules build their schemas when loaded).
 */
export const HEADERS = {
  storeKey: 'X-Service-Storefront-Api-Key',
  guestToken: 'X-Service-Guest-Token',
  pageKey: 'X-Service-Page-Api-Key',
  idempotencyKey: 'Idempotency-Key',
  businessKey: 'X-Service-Api-Key',
} as const;

/**
 * Extension (docs/contract-gaps.md, "Store key on catalog reads"): the public catalog GETs also take the storefront key as this
 * query parameter. Without the key header they are CORS "simple" requests: no preflight before a first visit's
 * catalog. Exact-origin CORS applies as with the header.
 */
export const STORE_KEY_PARAM = 'store_key';
/** The public catalog reads that accept {@link STORE_KEY_PARAM} (GET only): a request target or path. */
export const KEY_IN_QUERY_ROUTES = /^\/v3\/stores\/[^/?]+\/public\/(items|products|bundle-price-options|categories|payment-methods|variants)(\/|\?|$)/;

/** Most units of one cart line. */
export const MAX_LINE_QUANTITY = 999;
