import type { BusinessOrder, BusinessOrderUpdate, OrderLine, SearchField } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { keysetPage } from '../db/paging.ts';
import { HttpError, fieldError } from '../errors.ts';
import { likePattern } from './business-users.ts';
import { emitOrderEvent } from './order-events.ts';
import { recordStatus, type OrderRow } from './orders.ts';
import { sql, sqlValue } from '../db/statements.ts';

type Row = OrderRow & {
  legacy_id: number | null; page_id: number | null; customer_id: number | null; platform_fee: number; net_revenue: number;
  affiliate: string | null; updated_at: string; store_unique_id: string; store_name: string;
};

const SELECT = `SELECT -o.rowid AS sort_key, o.*, s.unique_id AS store_unique_id, s.name AS store_name
  FROM orders o JOIN stores s ON s.id = o.store_id WHERE s.business_id = ?`;

/** One searchable column per request; the default `order_id` matches the UUID (or part of it) and legacy ids. */
const SEARCH: Record<SearchField, (term: string) => [string, unknown[]]> = {
  order_id: (t) => ["(o.id LIKE ? ESCAPE '\\' OR CAST(o.legacy_id AS TEXT) = ?)", [likePattern(t.toLowerCase()), t]],
  // what the buyer reads out: case and surrounding spaces do not matter
  order_number: (t) => ['o.order_number = ?', [t.trim().toUpperCase()]],
  secret_slug: (t) => ['o.secret_slug = ?', [t]],
  customer_name: (t) => ["json_extract(o.customer, '$.name') LIKE ? ESCAPE '\\'", [likePattern(t)]],
  customer_phone: (t) => ["json_extract(o.customer, '$.phone') LIKE ? ESCAPE '\\'", [likePattern(t)]],
  customer_email: (t) => ["json_extract(o.customer, '$.email') LIKE ? ESCAPE '\\'", [likePattern(t)]],
  tracking_number: (t) => ["json_extract(o.shipping, '$.tracking_number') = ?", [t]],
};

function toBusinessOrder(db: Db, o: Row): BusinessOrder {
  const lines = sql(db, 'SELECT variant_id, bundle_price_option_id, name, quantity, unit_price FROM order_lines WHERE order_id = ? ORDER BY id')
    .all(o.id) as { variant_id: number | null; bundle_price_option_id: number | null; name: string; quantity: number; unit_price: number }[];
  const shipping = o.shipping === null ? null : (JSON.parse(o.shipping) as Record<string, unknown>);
  const customer = JSON.parse(o.customer) as BusinessOrder['customer'];
  return {
    id: o.id, legacy_id: o.legacy_id,
    store: { id: o.store_id, unique_id: o.store_unique_id, name: o.store_name },
    page_id: o.page_id, customer_id: o.customer_id, secret_slug: o.secret_slug, order_number: o.order_number,
    status: o.status as BusinessOrder['status'], payment_status: o.payment_status as BusinessOrder['payment_status'],
    payment_method: o.payment_method, sub_payment_method: o.sub_payment_method,
    customer: { name: customer.name, phone: customer.phone, email: customer.email ?? null }, notes: o.notes,
    destination: o.destination === null ? null : (JSON.parse(o.destination) as Record<string, unknown>),
    shipping, tracking_number: (shipping?.tracking_number as string | undefined) ?? null, warehouse_id: o.warehouse_id,
    items: lines.map((l): OrderLine => ({
      type: l.variant_id !== null ? 'variant' : 'bundle_price_option', variant_id: l.variant_id, bundle_price_option_id: l.bundle_price_option_id,
      name: l.name, quantity: l.quantity, unit_price: String(l.unit_price), line_total: String(l.unit_price * l.quantity),
    })),
    product_price: String(o.product_price), shipping_cost: String(o.shipping_cost), other_income: String(o.other_income),
    discount_amount: String(o.discount_amount), discount_code: o.discount_code, gross_revenue: String(o.gross_revenue),
    platform_fee: String(o.platform_fee), net_revenue: String(o.net_revenue),
    affiliate: o.affiliate === null ? null : (JSON.parse(o.affiliate) as unknown),
    created_at: o.created_at, updated_at: o.updated_at, paid_at: o.paid_at,
  };
}

export type BusinessOrdersQuery = {
  search?: string; search_field?: SearchField; status?: string; payment_status?: string;
  page_size?: number; next_cursor?: string; previous_cursor?: string;
};

/** Orders of every store of the business, newest first. */
export function listBusinessOrders(db: Db, businessId: number, q: BusinessOrdersQuery) {
  const where: string[] = [];
  const params: unknown[] = [businessId];
  if (q.search) {
    const [sql, values] = SEARCH[q.search_field ?? 'order_id'](q.search);
    where.push(sql);
    params.push(...values);
  }
  if (q.status) {
    where.push('o.status = ?');
    params.push(q.status);
  }
  if (q.payment_status) {
    where.push('o.payment_status = ?');
    params.push(q.payment_status);
  }
  const sql = `${SELECT}${where.map((w) => ` AND ${w}`).join('')}`;
  const page = keysetPage<Row & { sort_key: number }>(db, { sql, params, keyColumns: ['sort_key'] }, q);
  return { ...page, results: page.results.map((row) => toBusinessOrder(db, row)) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** By UUIDv7 `id`, or by the legacy numeric id of a migrated order; other businesses' orders do not exist here. */
function findRow(db: Db, businessId: number, id: string): Row | undefined {
  if (/^\d{1,15}$/.test(id)) return sql(db, `${SELECT} AND o.legacy_id = ?`).get(businessId, Number(id)) as Row | undefined;
  if (UUID.test(id)) return sql(db, `${SELECT} AND o.id = ?`).get(businessId, id.toLowerCase()) as Row | undefined;
  return undefined;
}

/** The merchant's view of any order by its UUID, with its business (webhook payloads). */
export function businessOrderById(db: Db, orderId: string): { businessId: number; order: BusinessOrder } | undefined {
  const businessId = sqlValue(db, 'SELECT s.business_id FROM orders o JOIN stores s ON s.id = o.store_id WHERE o.id = ?').get(orderId) as number | undefined;
  const row = businessId === undefined ? undefined : findRow(db, businessId, orderId);
  return row && { businessId: businessId!, order: toBusinessOrder(db, row) };
}

export function getBusinessOrder(db: Db, businessId: number, id: string): BusinessOrder | undefined {
  const row = findRow(db, businessId, id);
  return row && toBusinessOrder(db, row);
}

/** Status moves forward only; cancelled and completed are final. */
const NEXT: Record<string, string[]> = {
  pending: ['processing', 'cancelled'], processing: ['shipped', 'cancelled'], shipped: ['completed'], completed: [], cancelled: [],
};

/** Gives the order's stock back (a cancelled order no longer holds its items). */
function restock(db: Db, orderId: string): void {
  const lines = sql(db, 'SELECT variant_id, quantity, snapshot FROM order_lines WHERE order_id = ?').all(orderId) as
    { variant_id: number | null; quantity: number; snapshot: string }[];
  const put = sql(db, 'UPDATE variants SET stock = stock + ? WHERE id = ?');
  for (const l of lines) {
    const parts = l.variant_id !== null ? [{ variant_id: l.variant_id, quantity: 1 }]
      : ((JSON.parse(l.snapshot) as { components?: { variant_id: number; quantity: number }[] }).components ?? []);
    for (const p of parts) put.run(p.quantity * l.quantity, p.variant_id);
  }
}

export function updateBusinessOrder(db: Db, businessId: number, id: string, patch: BusinessOrderUpdate): BusinessOrder | undefined {
  return db.transaction(() => {
    const row = findRow(db, businessId, id);
    if (!row) return undefined;
    const at = new Date().toISOString();
    let statusChanged = false;
    if (patch.status !== undefined && patch.status !== row.status) {
      if (!NEXT[row.status]?.includes(patch.status)) {
        throw new HttpError(400, 'invalid_state', `A ${row.status} order cannot become ${patch.status}`, { status: 'Not allowed from the current status' });
      }
      if (patch.status === 'cancelled') restock(db, row.id);
      sql(db, 'UPDATE orders SET status = ? WHERE id = ?').run(patch.status, row.id);
      recordStatus(db, row.id, patch.status, row.payment_status, at);
      statusChanged = true;
    }
    if (patch.tracking_number !== undefined) {
      if (row.shipping === null) throw fieldError('tracking_number', 'This order has nothing to ship');
      const shipping = { ...(JSON.parse(row.shipping) as object), tracking_number: patch.tracking_number };
      sql(db, 'UPDATE orders SET shipping = ? WHERE id = ?').run(JSON.stringify(shipping), row.id);
    }
    if (patch.notes !== undefined) sql(db, 'UPDATE orders SET notes = ? WHERE id = ?').run(patch.notes, row.id);
    sql(db, 'UPDATE orders SET updated_at = ? WHERE id = ?').run(at, row.id);
    // Last, so the event's order snapshot carries the tracking number and notes of the same request.
    if (statusChanged) emitOrderEvent(db, { type: 'order.status_changed', orderId: row.id, previousStatus: row.status });
    return toBusinessOrder(db, findRow(db, businessId, row.id)!);
  }).immediate();
}
