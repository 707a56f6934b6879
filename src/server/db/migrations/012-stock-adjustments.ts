/**
 * The merchant's stock history: every adjustment through the business API with the stock it left and its reason
 * (a count correction, goods received), read back by `GET …/variants/{id}/stock-adjustments`. Checkouts' stock
 * changes are the orders themselves and are not repeated here.
 */
export default /* sql */ `
CREATE TABLE stock_adjustments (
  id INTEGER PRIMARY KEY,
  variant_id INTEGER NOT NULL REFERENCES variants(id),
  delta INTEGER NOT NULL,
  stock_after INTEGER NOT NULL,
  reason TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX stock_adjustments_variant ON stock_adjustments(variant_id, id);
`;
