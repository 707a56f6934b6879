import { createHash } from 'node:crypto';

/**
 * The digest an order's Purchase event carries (`event_id` = `purchase_` + digest, `custom_data.order_id` = digest):
 * the first 32 hex digits of SHA-256(`svc-order:` + secret slug), as src/analytics/purchase-id.ts computes it in the
 * browser. Stored with each order (`orders.purchase_digest`) so that the analytics relay finds the order a Purchase
 * names without the slug ever reaching it. Also the SQL function `svc_purchase_digest` (the migration's backfill).
 */
export function purchaseDigest(secretSlug: string): string {
  return createHash('sha256').update(`svc-order:${secretSlug}`).digest('hex').slice(0, 32);
}
