import { randomUUID } from 'node:crypto';
import { MAX_LINE_QUANTITY, type Cart, type CartItemInput, type CartLine } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { fieldError, notFound } from '../errors.ts';
import { itemTotals, lookupItem, outOfStock, priceItem, type PricedLine } from './pricing.ts';
import { sql } from '../db/statements.ts';

/** A cart belongs to a guest token or to a signed-in customer, always within one store. */
export type CartOwner = { guestToken: string } | { customerId: number };
export type CartRow = { id: number; store_id: number; guest_token: string | null; customer_id: number | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuestToken = (value: string | undefined | null): value is string => !!value && UUID.test(value);

const now = () => new Date().toISOString();

export function findCart(db: Db, storeId: number, owner: CartOwner): CartRow | undefined {
  return ('guestToken' in owner
    ? sql(db, 'SELECT * FROM carts WHERE store_id = ? AND guest_token = ?').get(storeId, owner.guestToken.toLowerCase())
    : sql(db, 'SELECT * FROM carts WHERE store_id = ? AND customer_id = ?').get(storeId, owner.customerId)) as CartRow | undefined;
}

export function createCart(db: Db, storeId: number, owner: CartOwner): CartRow {
  const token = 'guestToken' in owner ? owner.guestToken.toLowerCase() : null;
  const customerId = 'customerId' in owner ? owner.customerId : null;
  const id = sql(db, 'INSERT INTO carts (store_id, guest_token, customer_id, updated_at) VALUES (?, ?, ?, ?)')
    .run(storeId, token, customerId, now()).lastInsertRowid;
  return { id: Number(id), store_id: storeId, guest_token: token, customer_id: customerId };
}

/**
 * The guest cart of a token in this store. A missing, malformed or unknown token (another store's included) gets
 * a new cart under a fresh random token, created at once so that the token works on the next call.
 */
export function openGuestCart(db: Db, storeId: number, token: string | undefined): CartRow & { guest_token: string } {
  const found = isGuestToken(token) ? findCart(db, storeId, { guestToken: token }) : undefined;
  return (found ?? createCart(db, storeId, { guestToken: randomUUID() })) as CartRow & { guest_token: string };
}

export function findCustomerCart(db: Db, storeId: number, customerId: number): CartRow {
  return findCart(db, storeId, { customerId }) ?? createCart(db, storeId, { customerId });
}

type ItemRow = { id: number; variant_id: number | null; bundle_price_option_id: number | null; quantity: number };

const toInput = (row: ItemRow): CartItemInput => (row.variant_id !== null
  ? { type: 'variant', variant_id: row.variant_id, quantity: row.quantity }
  : { type: 'bundle_price_option', bundle_price_option_id: row.bundle_price_option_id!, quantity: row.quantity });

function itemRows(db: Db, cartId: number): ItemRow[] {
  return sql(db, 'SELECT id, variant_id, bundle_price_option_id, quantity FROM cart_items WHERE cart_id = ? ORDER BY id')
    .all(cartId) as ItemRow[];
}

/** The cart's items as checkout item inputs (the item source when a checkout body has no `items`). */
export function cartItemInputs(db: Db, cartId: number): CartItemInput[] {
  return itemRows(db, cartId).map(toInput);
}

const toCartLine = (id: number, l: PricedLine): CartLine => ({
  id, type: l.type, variant_id: l.variantId, bundle_price_option_id: l.bundlePriceOptionId, quantity: l.quantity,
  name: l.name, variant_name: l.variantName, slug: l.slug, image_url: l.imageUrl, item_type: l.itemType,
  unit_price: String(l.unitPrice), compare_at_price: l.compareAtPrice === null ? null : String(l.compareAtPrice),
  line_total: String(l.lineTotal), available_quantity: l.available,
});

/** The Cart response; items whose product has left the store's catalog are left out. */
export function cartView(db: Db, storeId: number, cartId: number): Cart {
  const priced = itemRows(db, cartId).flatMap((row) => {
    const line = lookupItem(db, storeId, toInput(row));
    return line ? [{ id: row.id, line }] : [];
  });
  const totals = itemTotals(priced.map((p) => p.line));
  return {
    items: priced.map((p) => toCartLine(p.id, p.line)),
    item_count: totals.itemCount,
    subtotal: String(totals.productPrice),
    currency: 'IDR',
    requires_shipping: totals.requiresShipping,
    total_weight_grams: totals.weightGrams,
  };
}

const touch = (db: Db, cartId: number) => sql(db, 'UPDATE carts SET updated_at = ? WHERE id = ?').run(now(), cartId);

/** Checks that the line's quantity is in stock (errors name the `quantity` field of the item body). */
function assertLineInStock(line: PricedLine): void {
  for (const need of line.needs) {
    if (need.perUnit * line.quantity > need.stock) throw outOfStock('quantity', need);
  }
}

/** Adds an item; the same variant or bundle price option again adds to the quantity of its line. */
export function addCartItem(db: Db, storeId: number, cartId: number, item: CartItemInput): void {
  db.transaction(() => {
    const existing = (item.type === 'variant'
      ? sql(db, 'SELECT id, quantity FROM cart_items WHERE cart_id = ? AND variant_id = ?').get(cartId, item.variant_id)
      : sql(db, 'SELECT id, quantity FROM cart_items WHERE cart_id = ? AND bundle_price_option_id = ?').get(cartId, item.bundle_price_option_id)
    ) as { id: number; quantity: number } | undefined;
    const quantity = (existing?.quantity ?? 0) + item.quantity;
    if (quantity > MAX_LINE_QUANTITY) throw fieldError('quantity', `A cart line holds at most ${MAX_LINE_QUANTITY}`);
    const line = priceItem(db, storeId, { ...item, quantity }, (name) => name);
    assertLineInStock(line);
    if (existing) sql(db, 'UPDATE cart_items SET quantity = ? WHERE id = ?').run(quantity, existing.id);
    else {
      sql(db, 'INSERT INTO cart_items (cart_id, variant_id, bundle_price_option_id, quantity) VALUES (?, ?, ?, ?)')
        .run(cartId, line.variantId, line.bundlePriceOptionId, quantity);
    }
    touch(db, cartId);
  })();
}

function itemOfCart(db: Db, cartId: number, itemId: number): ItemRow {
  const row = sql(db, 'SELECT id, variant_id, bundle_price_option_id, quantity FROM cart_items WHERE id = ? AND cart_id = ?')
    .get(itemId, cartId) as ItemRow | undefined;
  if (!row) throw notFound('Cart item not found');
  return row;
}

export function setCartItemQuantity(db: Db, storeId: number, cartId: number, itemId: number, quantity: number): void {
  const row = itemOfCart(db, cartId, itemId);
  const line = priceItem(db, storeId, { ...toInput(row), quantity }, (name) => name);
  assertLineInStock(line);
  sql(db, 'UPDATE cart_items SET quantity = ? WHERE id = ?').run(quantity, itemId);
  touch(db, cartId);
}

export function removeCartItem(db: Db, cartId: number, itemId: number): void {
  itemOfCart(db, cartId, itemId);
  sql(db, 'DELETE FROM cart_items WHERE id = ?').run(itemId);
  touch(db, cartId);
}

export function clearCart(db: Db, cartId: number): void {
  sql(db, 'DELETE FROM cart_items WHERE cart_id = ?').run(cartId);
  touch(db, cartId);
}
