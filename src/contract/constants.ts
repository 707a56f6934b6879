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

/** Most units of one cart line. */
export const MAX_LINE_QUANTITY = 999;
