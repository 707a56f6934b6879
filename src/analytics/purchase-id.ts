import { sha256Hex } from './sha256.ts';

/**
 * The id of an order's purchase, the same for page-runtime.js and the elements: the first 32 hex digits of
 * SHA-256(`svc-order:` + secret slug). A reload or a second report of the order gives the same id, so the platforms
 * count it once, and the secret slug itself never reaches them. `eventId` is `purchase_` + `digest`.
 */
export function purchaseIds(secretSlug: string): { digest: string; eventId: string } {
  const digest = sha256Hex(`svc-order:${secretSlug}`).slice(0, 32);
  return { digest, eventId: `purchase_${digest}` };
}
