import type {
  BuyerOrderFields, OrderLine, OrderShipment, PaymentMethodType, PgPaymentInfo, PublicOrder,
} from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { getSubdistrict } from './locations.ts';
import { requireOrder, type OrderRow } from './orders.ts';
import { buildPaymentInstructions, type PaymentChannel } from './payments.ts';
import type { VariantSnapshot } from './pricing.ts';
import type { StoreRow } from './stores.ts';
import { sql, sqlValue } from '../db/statements.ts';

/** An order line as stored: the snapshot holds the variants (and bundle) as they were when the order was placed. */
export type OrderLineRow = {
  variant_id: number | null; bundle_price_option_id: number | null; name: string; quantity: number; unit_price: number; snapshot: string;
};
type LineSnapshot = { variants: VariantSnapshot[]; bundle: { id: number; name: string; slug: string; image_url: string | null } | null };
type StoredDestination = { label: string; postal_code: string | null; address: string | null };
/** The courier service chosen at checkout; `tracking_number` is set by the business when the parcel ships. */
export type StoredShipping = Omit<OrderShipment, 'tracking_number'> & { tracking_number?: string | null };

/**
 * `public_order_url` of an order: the store's order status page (`order_status_url`, the merchant's site) with
 * `?order=<slug>`, which `<svc-order-status>` reads; else the service's own page.
 */
export function publicOrderUrl(baseUrl: string, slug: string, orderStatusUrl: string | null = null): string {
  if (!orderStatusUrl) return `${baseUrl}/order-status.html?order=${encodeURIComponent(slug)}`;
  const url = new URL(orderStatusUrl);
  url.searchParams.set('order', slug);
  return url.href;
}

export const toOrderShipment = (s: StoredShipping): OrderShipment => ({
  courier: s.courier, courier_name: s.courier_name, courier_service: s.courier_service, service_name: s.service_name,
  etd_days_min: s.etd_days_min, etd_days_max: s.etd_days_max, tracking_number: s.tracking_number ?? null,
});

/** The COD fee recorded with the order (in its metadata, as the fee is part of the shipping cost). */
function codFeeOf(order: OrderRow): { cod_fee?: string } {
  const { cod_fee: fee } = JSON.parse(order.metadata) as { cod_fee?: number };
  return fee ? { cod_fee: String(fee) } : {};
}

/**
 * What the public order and the customer's order both show, from an allow-list of columns: internal ones (id, fees,
 * net revenue, affiliate, metadata, warehouse) cannot leak into it.
 */
export function buyerOrderFields(order: OrderRow, lines: OrderLineRow[], baseUrl: string, store: Pick<StoreRow, 'order_status_url'>): BuyerOrderFields {
  const customer = JSON.parse(order.customer) as BuyerOrderFields['customer'];
  return {
    secret_slug: order.secret_slug,
    order_number: order.order_number,
    public_order_url: publicOrderUrl(baseUrl, order.secret_slug, store.order_status_url),
    payment_url: order.payment_url,
    status: order.status as BuyerOrderFields['status'],
    payment_status: order.payment_status as BuyerOrderFields['payment_status'],
    payment_method: order.payment_method,
    sub_payment_method: order.sub_payment_method,
    pg_payment_info: order.pg_payment_info === null ? {} : (JSON.parse(order.pg_payment_info) as PgPaymentInfo),
    payment_expires_at: order.payment_expires_at,
    created_at: order.created_at,
    paid_at: order.paid_at,
    customer: { name: customer.name, phone: customer.phone, email: customer.email ?? null },
    notes: order.notes,
    product_price: String(order.product_price),
    shipping_cost: String(order.shipping_cost),
    ...codFeeOf(order),
    other_income: String(order.other_income),
    other_income_name: order.other_income_name,
    discount_amount: String(order.discount_amount),
    discount_code: order.discount_code,
    gross_revenue: String(order.gross_revenue),
    items: lines.map((l): OrderLine => ({
      type: l.variant_id !== null ? 'variant' : 'bundle_price_option', variant_id: l.variant_id,
      bundle_price_option_id: l.bundle_price_option_id, name: l.name, quantity: l.quantity,
      unit_price: String(l.unit_price), line_total: String(l.unit_price * l.quantity),
    })),
  };
}

/** The slim buyer-facing order: the buyer's fields, the shipment with its recipient, and the lines' snapshots. */
export function toPublicOrder(db: Db, store: StoreRow, order: OrderRow, baseUrl: string): PublicOrder {
  const lines = sql(db, 'SELECT * FROM order_lines WHERE order_id = ? ORDER BY id').all(order.id) as OrderLineRow[];
  const variants: PublicOrder['variants'] = {};
  const bundles: PublicOrder['bundle_price_options'] = {};
  for (const line of lines) {
    const snapshot = JSON.parse(line.snapshot) as LineSnapshot;
    for (const v of snapshot.variants) variants[String(v.id)] = v;
    if (snapshot.bundle) bundles[String(snapshot.bundle.id)] = snapshot.bundle;
  }
  const buyer = buyerOrderFields(order, lines, baseUrl, store);
  const destination = order.destination === null ? null : (JSON.parse(order.destination) as StoredDestination);
  const shipping = order.shipping === null ? null : (JSON.parse(order.shipping) as StoredShipping);
  return {
    ...buyer,
    shipping: shipping && destination && {
      ...toOrderShipment(shipping), recipient_name: buyer.customer.name, phone: buyer.customer.phone, address: destination.address ?? '',
      location_label: destination.label, postal_code: destination.postal_code,
    },
    variants,
    bundle_price_options: bundles,
    store: { unique_id: store.unique_id, name: store.name, logo: store.logo, payment_accounts: store.payment_accounts },
  };
}

export function publicOrder(db: Db, store: StoreRow, slug: string, baseUrl: string): PublicOrder {
  return toPublicOrder(db, store, requireOrder(db, slug, store.id), baseUrl);
}

/** The city printed in a QRIS payload: the store's first warehouse city without "Kota"/"Kabupaten". */
function merchantCity(db: Db, storeId: number): string {
  const locationId = sqlValue(db, 'SELECT location_id FROM warehouses WHERE store_id = ? ORDER BY id LIMIT 1').get(storeId) as number | undefined;
  const city = locationId === undefined ? null : getSubdistrict(db, locationId)?.city_name;
  return city?.replace(/^(Kota Administrasi|Kota|Kabupaten Administrasi|Kabupaten)\s+/i, '') ?? 'Jakarta';
}

export type PaymentOptions = { baseUrl: string; expirySeconds: number; now?: Date };

/**
 * Creates payment instructions for an order, once: an order that already has instructions or a `payment_url`
 * gets them back unchanged. Cancelled orders, and orders paid or expired before any instructions, are a 400.
 */
export function createOrderPayment(db: Db, store: StoreRow, slug: string, options: PaymentOptions): PublicOrder {
  const create = db.transaction(() => {
    const order = requireOrder(db, slug, store.id);
    if (order.status === 'cancelled') throw new HttpError(400, 'invalid_state', 'This order is cancelled');
    if (order.pg_payment_info !== null || order.payment_url !== null) return order;
    if (order.payment_status !== 'unpaid') throw new HttpError(400, 'invalid_state', `This order is already ${order.payment_status}`);
    const method = sql(db, 'SELECT type, channels FROM payment_methods WHERE store_id = ? AND code = ?')
      .get(store.id, order.payment_method) as { type: string; channels: string } | undefined;
    const type = method?.type ?? (JSON.parse(order.metadata) as { payment_type?: string }).payment_type;
    if (!type || type === 'no_payment') throw new HttpError(400, 'invalid_state', 'This order has no payment method to pay with');
    const channels = method ? (JSON.parse(method.channels) as PaymentChannel[]) : [];
    const now = options.now ?? new Date();
    const instructions = buildPaymentInstructions({
      orderId: order.id, secretSlug: order.secret_slug, amount: order.gross_revenue, type: type as PaymentMethodType,
      channel: channels.find((c) => c.code === order.sub_payment_method) ?? null,
      merchant: { id: store.id, name: store.name, city: merchantCity(db, store.id) },
      baseUrl: options.baseUrl, expiresAt: new Date(now.getTime() + options.expirySeconds * 1000).toISOString(),
    });
    sql(db, 'UPDATE orders SET pg_payment_info = ?, payment_url = ?, payment_expires_at = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(instructions.info), instructions.paymentUrl, instructions.expiresAt, now.toISOString(), order.id);
    return requireOrder(db, slug, store.id);
  });
  return toPublicOrder(db, store, create.immediate(), options.baseUrl);
}
