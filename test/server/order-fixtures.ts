import assert from 'node:assert/strict';
import { ErrorBody } from '../../src/contract/index.ts';

/** Shared by the cart, checkout, order and stock tests. */
export const TOKEN = 'X-Service-Guest-Token';

export const variant = (variant_id: unknown, quantity: unknown = 1) => ({ type: 'variant', variant_id, quantity });
export const bundle = (bundle_price_option_id: unknown, quantity: unknown = 1) =>
  ({ type: 'bundle_price_option', bundle_price_option_id, quantity });

/** A valid storefront checkout body for physical items shipped from warehouse 11 (Tebet) to Setiabudi. */
export const physicalCheckout = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  items,
  destination: { location_id: 317402, postal_code: '31790', address: 'Jl. Kenanga No. 5' },
  courier: 'jne',
  courier_service: 'REG',
  warehouse_id: 11,
  payment_method: 'bank_transfer',
  customer: { name: 'Budi Santoso', phone: '081234567890', email: 'budi@example.com' },
  ...extra,
});

/** Bodies that are not even the right shape; each must be a 400 in the error shape naming a field, never a 500. */
export const MALFORMED_BODIES: unknown[] = [
  'not json', '{"items":', '[]', '[{"items":[]}]', 'null', '"text"', '42', 'true', { __proto__: null },
  { items: 'all' }, { items: [variant('abc')] }, { items: [variant(101, -1)] }, { items: [variant(1e308)] },
  { items: [variant(101, 1e21)] }, { items: [{ type: 'nope', variant_id: 101, quantity: 1 }] }, { items: [] },
  { items: [variant('99999999999999999999999')] }, { items: [variant(101)], destination: [] },
  { items: [variant(101)], destination: { location_id: -1 } }, { items: [variant(101)], payment_method: 42 },
];

/** Item bodies of `POST /cart/items` in the same spirit. */
export const MALFORMED_ITEM_BODIES: unknown[] = [
  'not json', '{"type":', '[]', '[{"type":"variant"}]', 'null', '"text"', '42', '', {},
  { type: 'nope', variant_id: 101, quantity: 1 }, { type: ['variant'] }, variant('abc'), variant(-5), variant(101, -1),
  variant(101, 0), variant(101, 1.5), variant(101, '2'), variant(1e308), variant(101, 1e21), variant('99999999999999999999999'),
  variant(101, 1000), bundle(null), variant({ $gt: 0 }),
];

export function assertFieldError(res: { status: number; json: any }, field?: string, code?: string) {
  assert.equal(res.status, 400, JSON.stringify(res.json));
  const body = ErrorBody.parse(res.json);
  assert.ok(body.error.fields && Object.keys(body.error.fields).length > 0, `a field is named: ${JSON.stringify(res.json)}`);
  if (field) assert.ok(field in body.error.fields!, `${field} in ${JSON.stringify(body.error.fields)}`);
  if (code) assert.equal(body.error.code, code);
}
