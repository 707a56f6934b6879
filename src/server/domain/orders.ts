import { randomBytes } from 'node:crypto';
import type { Customer, PublicOrderUpdate } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { purchaseDigest } from '../db/purchase-digest.ts';
import { fieldError, HttpError, notFound } from '../errors.ts';
import { emitOrderEvent } from './order-events.ts';
import { outOfStock, quote, type PricedLine, type QuoteInput, type QuoteStore, type StockNeed } from './pricing.ts';
import { sql } from '../db/statements.ts';

export type PlaceOrderInput = QuoteInput & { customer: Customer; notes?: string };
export type PlacedOrder = { id: string; secretSlug: string };
export type PlaceOrderContext = {
  pageId?: number;
  customerId?: number;
  now?: Date;
  /** Runs inside the order transaction (e.g. emptying the cart the order came from): it fails or commits with it. */
  onCreated?: (order: PlacedOrder) => void;
};

/** The reference server's stand-in for the platform's fee: stored for business reports, never shown to buyers. */
const PLATFORM_FEE_RATE = 0.01;

/** A UUIDv7: 48-bit Unix milliseconds, version 7, then random bits with the RFC 4122 variant. */
export function uuidv7(ms = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An unguessable slug (24 base62 characters ≈ 143 bits), without modulo bias. */
export function randomSlug(length = 24): string {
  let slug = '';
  while (slug.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && slug.length < length) slug += BASE62[byte % 62];
    }
  }
  return slug;
}

/** Crockford's base32: no I, L, O or U, so a number read out over the phone cannot be misheard as another. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new order's `order_number`, "261122-7K3M9Q": the day (UTC), then 6 random characters (30 bits), unique within
 * the store. Random rather than sequential so that it does not tell anyone how many orders a store takes. Called
 * inside the order transaction, which holds the write lock, so the check cannot race another checkout.
 */
export function newOrderNumber(db: Db, storeId: number, at: string): string {
  const day = at.slice(2, 10).replaceAll('-', '');
  const taken = sql(db, 'SELECT 1 FROM orders WHERE store_id = ? AND order_number = ?');
  for (;;) {
    const number = `${day}-${[...randomBytes(6)].map((b) => CROCKFORD[b & 31]).join('')}`;
    if (!taken.get(storeId, number)) return number;
  }
}

export function recordStatus(db: Db, orderId: string, status: string, paymentStatus: string, at: string): void {
  sql(db, 'INSERT INTO order_status_history (order_id, status, payment_status, at) VALUES (?, ?, ?, ?)')
    .run(orderId, status, paymentStatus, at);
}

/** Takes the lines' stock; a guarded UPDATE so that stock can never go below zero even if a check was missed. */
function takeStock(db: Db, lines: PricedLine[]): void {
  const demand = new Map<number, { quantity: number; index: number; need: StockNeed }>();
  lines.forEach((line, index) => {
    for (const need of line.needs) {
      const seen = demand.get(need.variantId);
      demand.set(need.variantId, { quantity: (seen?.quantity ?? 0) + need.perUnit * line.quantity, index: seen?.index ?? index, need });
    }
  });
  const take = sql(db, 'UPDATE variants SET stock = stock - ? WHERE id = ? AND stock >= ?');
  for (const [variantId, { quantity, index, need }] of demand) {
    if (take.run(quantity, variantId, quantity).changes !== 1) throw outOfStock(`items.${index}.quantity`, need);
  }
}

const lineName = (l: PricedLine) => (l.variantName ? `${l.name} (${l.variantName})` : l.name);

/**
 * Creates an order in one IMMEDIATE transaction: the quote (prices, shipping, stock check) is taken under the
 * write lock, stock is decremented, order, lines and the first status row are written, then `onCreated` runs.
 * Any failure leaves nothing behind. Used by public checkout, customer checkout and page orders alike.
 */
export function placeOrder(db: Db, store: QuoteStore, input: PlaceOrderInput, context: PlaceOrderContext = {}): PlacedOrder {
  const place = db.transaction((): PlacedOrder => {
    const q = quote(db, store, input, { forOrder: true });
    if (!input.customer.email && q.lines.some((l) => l.itemType === 'digital')) {
      throw fieldError('customer.email', 'An e-mail address is required to deliver digital items', 'email_required');
    }
    takeStock(db, q.lines);
    const at = (context.now ?? new Date()).toISOString();
    const order: PlacedOrder = { id: uuidv7(), secretSlug: randomSlug() };
    const platformFee = Math.round(q.grossRevenue * PLATFORM_FEE_RATE);
    const destination = q.destination && {
      location_id: q.destination.id, label: q.destination.label, postal_code: q.destination.postalCode, address: q.destination.address,
    };
    const shipping = q.shipping && {
      courier: q.shipping.courier, courier_name: q.shipping.courierName, courier_service: q.shipping.service,
      service_name: q.shipping.serviceName, etd_days_min: q.shipping.etdMin, etd_days_max: q.shipping.etdMax,
    };
    const customer = { name: input.customer.name, phone: input.customer.phone, email: input.customer.email ?? null };
    sql(db, 
      `INSERT INTO orders (id, store_id, page_id, customer_id, secret_slug, purchase_digest, order_number, payment_method, sub_payment_method, customer, notes,
         destination, shipping, warehouse_id, product_price, shipping_cost, other_income, other_income_name, discount_amount,
         discount_code, gross_revenue, platform_fee, net_revenue, metadata, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(order.id, store.id, context.pageId ?? null, context.customerId ?? null, order.secretSlug, purchaseDigest(order.secretSlug), newOrderNumber(db, store.id, at), q.payment.code,
      q.payment.channel?.code ?? null, JSON.stringify(customer), input.notes ?? null, destination && JSON.stringify(destination),
      shipping && JSON.stringify(shipping), q.shipping?.warehouseId ?? null, q.productPrice, q.shippingCost, q.otherIncome,
      q.otherIncomeName, q.discountAmount, q.discountCode, q.grossRevenue, platformFee, q.grossRevenue - platformFee,
      JSON.stringify({ payment_type: q.payment.type, weight_grams: q.totals.weightGrams, ...(q.codFee > 0 && { cod_fee: q.codFee }) }), at, at);
    const insertLine = sql(db, 
      'INSERT INTO order_lines (order_id, variant_id, bundle_price_option_id, name, quantity, unit_price, snapshot) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const l of q.lines) {
      const bundle = l.bundlePriceOptionId === null ? null : { id: l.bundlePriceOptionId, name: l.name, slug: l.slug, image_url: l.imageUrl };
      const snapshot = { variants: l.variants, bundle, components: l.needs.map((n) => ({ variant_id: n.variantId, quantity: n.perUnit })) };
      insertLine.run(order.id, l.variantId, l.bundlePriceOptionId, lineName(l), l.quantity, l.unitPrice, JSON.stringify(snapshot));
    }
    recordStatus(db, order.id, 'pending', 'unpaid', at);
    emitOrderEvent(db, { type: 'order.created', orderId: order.id });
    context.onCreated?.(order);
    return order;
  });
  return place.immediate();
}

export type OrderRow = {
  id: string; store_id: number; secret_slug: string; order_number: string; status: string; payment_status: string; payment_method: string;
  sub_payment_method: string | null; pg_payment_info: string | null; payment_url: string | null; payment_expires_at: string | null;
  customer: string; notes: string | null; destination: string | null; shipping: string | null; warehouse_id: number | null;
  product_price: number; shipping_cost: number; other_income: number; other_income_name: string | null; discount_amount: number;
  discount_code: string | null; gross_revenue: number; metadata: string; created_at: string; paid_at: string | null;
};

/** An order by its secret slug, within one store (`storeId` omitted: any store, for the dev payment simulator). */
export function findOrder(db: Db, slug: string, storeId?: number): OrderRow | undefined {
  return (storeId === undefined
    ? sql(db, 'SELECT * FROM orders WHERE secret_slug = ?').get(slug)
    : sql(db, 'SELECT * FROM orders WHERE secret_slug = ? AND store_id = ?').get(slug, storeId)) as OrderRow | undefined;
}

export function requireOrder(db: Db, slug: string, storeId?: number): OrderRow {
  const order = findOrder(db, slug, storeId);
  if (!order) throw notFound('Order not found');
  return order;
}

/** Buyers may edit contact data, address and notes only while the order is unpaid and not cancelled. */
export function updatePublicOrder(db: Db, storeId: number, slug: string, update: PublicOrderUpdate, now = new Date()): void {
  const order = requireOrder(db, slug, storeId);
  if (order.status === 'cancelled' || order.payment_status !== 'unpaid') {
    throw new HttpError(400, 'invalid_state', 'This order can no longer be changed');
  }
  let destination = order.destination;
  if (update.address !== undefined) {
    if (destination === null) throw fieldError('address', 'This order has nothing to ship, so it has no address');
    destination = JSON.stringify({ ...JSON.parse(destination), address: update.address });
  }
  const customer = { ...(JSON.parse(order.customer) as Record<string, unknown>), ...update.customer };
  sql(db, 'UPDATE orders SET customer = ?, destination = ?, notes = ?, updated_at = ? WHERE id = ?')
    .run(JSON.stringify(customer), destination, update.notes ?? order.notes, now.toISOString(), order.id);
}

/**
 * Marks an order paid (dev simulator, later the provider webhook); paying a paid order again changes nothing.
 * Publishes `order.paid` and, as the status moves to processing, `order.status_changed`.
 */
export function markOrderPaid(db: Db, slug: string, now = new Date()): OrderRow {
  return db.transaction(() => {
    const order = requireOrder(db, slug);
    if (order.payment_status === 'paid') return order;
    if (order.status === 'cancelled' || order.payment_status !== 'unpaid') {
      throw new HttpError(400, 'invalid_state', `A ${order.status}, ${order.payment_status} order cannot be paid`);
    }
    const at = now.toISOString();
    sql(db, "UPDATE orders SET payment_status = 'paid', status = 'processing', paid_at = ?, updated_at = ? WHERE id = ?")
      .run(at, at, order.id);
    recordStatus(db, order.id, 'processing', 'paid', at);
    emitOrderEvent(db, { type: 'order.paid', orderId: order.id });
    if (order.status !== 'processing') emitOrderEvent(db, { type: 'order.status_changed', orderId: order.id, previousStatus: order.status });
    return requireOrder(db, slug);
  }).immediate();
}
