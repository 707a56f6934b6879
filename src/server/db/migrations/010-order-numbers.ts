/**
 * `order_number`: the short number a buyer quotes to the merchant ("261122-7K3M9Q"), unique per store. The secret
 * slug cannot serve (it opens the order) and the UUID is neither short nor meant for buyers. Checkout writes it
 * (`placeOrder`); the trigger numbers any other insert (seeded history, older rows): migrated orders keep the
 * number the merchant already knew them by, their legacy id. Hex digits are a subset of the checkout's alphabet.
 */
export default /* sql */ `
ALTER TABLE orders ADD COLUMN order_number TEXT;
UPDATE orders SET order_number = COALESCE(CAST(legacy_id AS TEXT), strftime('%y%m%d', created_at) || '-' || upper(hex(randomblob(3))));
CREATE UNIQUE INDEX orders_store_number ON orders(store_id, order_number);
CREATE TRIGGER orders_number_default AFTER INSERT ON orders WHEN NEW.order_number IS NULL
BEGIN
  UPDATE orders SET order_number = COALESCE(CAST(NEW.legacy_id AS TEXT), strftime('%y%m%d', NEW.created_at) || '-' || upper(hex(randomblob(3))))
  WHERE id = NEW.id;
END;
`;
