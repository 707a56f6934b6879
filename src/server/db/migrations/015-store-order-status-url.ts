/**
 * `order_status_url`: the page of the merchant's site that shows an order (`<svc-order-status>`), where the buyer's
 * `public_order_url` leads (`?order=<secret_slug>` added). NULL: the service's own order status page.
 */
export default /* sql */ `
ALTER TABLE stores ADD COLUMN order_status_url TEXT;
`;
