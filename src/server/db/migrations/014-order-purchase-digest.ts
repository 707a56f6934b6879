/**
 * `purchase_digest`: the id an order's Purchase conversion event is known by (db/purchase-digest.ts), so that the
 * analytics relay can tell a real purchase of a page from a made-up one by an index look-up. Checkout and the seed
 * write it; existing orders get theirs from `svc_purchase_digest`, the function openDatabase registers before
 * migrating.
 */
export default /* sql */ `
ALTER TABLE orders ADD COLUMN purchase_digest TEXT;
UPDATE orders SET purchase_digest = svc_purchase_digest(secret_slug);
CREATE INDEX orders_page_purchase ON orders(page_id, purchase_digest) WHERE page_id IS NOT NULL;
`;
