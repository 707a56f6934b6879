/**
 * Indexes for look-ups by parent id that scanned whole tables (found with EXPLAIN QUERY PLAN over every statement
 * the tests run). `cart_items` matters most: its partial unique indexes cannot serve `WHERE cart_id = ?`, so every
 * cart read scanned every line of every cart.
 */
export default /* sql */ `
CREATE INDEX cart_items_cart ON cart_items(cart_id, id);
CREATE INDEX order_status_history_order ON order_status_history(order_id, at, id);
CREATE INDEX store_keys_store ON store_keys(store_id);
CREATE INDEX pages_store ON pages(store_id);
CREATE INDEX warehouses_store ON warehouses(store_id, id);
CREATE INDEX webhook_endpoints_business ON webhook_endpoints(business_id, id);
CREATE INDEX course_sections_course ON course_sections(course_id, position, id);
`;
