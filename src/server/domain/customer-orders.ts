import type { CustomerOrder } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { keysetPage } from '../db/paging.ts';
import type { OrderRow } from './orders.ts';
import type { VariantSnapshot } from './pricing.ts';
import { buyerOrderFields, toOrderShipment, type OrderLineRow, type StoredShipping } from './public-order.ts';
import type { StoreRow } from './stores.ts';
import { sql } from '../db/statements.ts';

type Row = OrderRow & { legacy_id: number | null; updated_at: string };
type LineSnapshot = { variants?: VariantSnapshot[]; components?: { variant_id: number; quantity: number }[] };
type StoredDestination = { location_id: number; label: string; postal_code: string | null; address: string | null };
type StoredDropshipper = { name: string; phone?: string | null; product_price: number; gross_revenue: number };

const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

function displayFlags(db: Db, storeId: number): CustomerOrder['store']['display'] {
  const row = sql(db, 'SELECT show_logo, show_payment_accounts, show_courier_etd FROM store_display WHERE store_id = ?').get(storeId) as
    Record<string, number> | undefined;
  return { show_logo: row?.show_logo !== 0, show_payment_accounts: row?.show_payment_accounts !== 0, show_courier_etd: row?.show_courier_etd !== 0 };
}

/** Bundles expanded into their component variants, quantities multiplied and summed per variant. */
function finalVariants(lines: OrderLineRow[]): CustomerOrder['final_variants'] {
  const byId = new Map<number, CustomerOrder['final_variants'][number]>();
  for (const line of lines) {
    const snap = JSON.parse(line.snapshot) as LineSnapshot;
    const parts = line.variant_id !== null ? [{ variant_id: line.variant_id, quantity: 1 }] : (snap.components ?? []);
    for (const part of parts) {
      const v = snap.variants?.find((s) => s.id === part.variant_id);
      const seen = byId.get(part.variant_id);
      const quantity = part.quantity * line.quantity + (seen?.quantity ?? 0);
      byId.set(part.variant_id, seen ? { ...seen, quantity } : {
        variant_id: part.variant_id, name: v?.name ?? line.name, product_name: v?.product_name ?? line.name,
        product_slug: v?.product_slug ?? null, item_type: v?.item_type ?? 'physical', image_url: v?.image_url ?? null, quantity,
      });
    }
  }
  return [...byId.values()];
}

/**
 * The buyer-safe order, built from an allow-list: financial entity, warehouse, origin address, analytics, net
 * revenue, platform fee, provider internals, CRM, affiliate and raw metadata are never read into it.
 */
export function toCustomerOrder(db: Db, store: StoreRow, order: Row, baseUrl: string): CustomerOrder {
  const lines = sql(db, 'SELECT variant_id, bundle_price_option_id, name, quantity, unit_price, snapshot FROM order_lines WHERE order_id = ? ORDER BY id')
    .all(order.id) as OrderLineRow[];
  const history = sql(db, 'SELECT status, payment_status, at FROM order_status_history WHERE order_id = ? ORDER BY at, id')
    .all(order.id) as CustomerOrder['status_history'];
  const firstAt = (status: string) => history.find((h) => h.status === status)?.at ?? null;
  const destination = parse<StoredDestination>(order.destination);
  const shipping = parse<StoredShipping>(order.shipping);
  // Only the display part of the metadata is read: the rest of it stays internal.
  const dropshipper = (JSON.parse(order.metadata) as { dropshipper?: StoredDropshipper }).dropshipper;
  return {
    ...buyerOrderFields(order, lines, baseUrl, store),
    id: order.id,
    legacy_id: order.legacy_id,
    updated_at: order.updated_at,
    shipped_at: firstAt('shipped'),
    completed_at: firstAt('completed'),
    cancelled_at: firstAt('cancelled'),
    destination: destination && {
      location_id: destination.location_id, location_label: destination.label,
      postal_code: destination.postal_code ?? null, address: destination.address ?? null,
    },
    shipment: shipping && toOrderShipment(shipping),
    final_variants: finalVariants(lines),
    status_history: history,
    dropshipper: dropshipper ? {
      name: dropshipper.name, phone: dropshipper.phone ?? null,
      display_product_price: String(dropshipper.product_price), display_gross_revenue: String(dropshipper.gross_revenue),
    } : null,
    store: {
      unique_id: store.unique_id, name: store.name, logo: store.logo,
      display: displayFlags(db, store.id), payment_accounts: store.payment_accounts,
    },
  };
}

export type CustomerOrdersPage = { page_size?: number; next_cursor?: string; previous_cursor?: string; status?: string };

/** The customer's orders in this store, newest first (keyset on the insertion order). */
export function listCustomerOrders(db: Db, store: StoreRow, customerId: number, q: CustomerOrdersPage, baseUrl: string) {
  const page = keysetPage<Row & { sort_key: number }>(db, {
    sql: `SELECT -rowid AS sort_key, * FROM orders WHERE store_id = ? AND customer_id = ? ${q.status ? 'AND status = ?' : ''}`,
    params: [store.id, customerId, ...(q.status ? [q.status] : [])],
    keyColumns: ['sort_key'],
  }, q);
  return { ...page, results: page.results.map(({ sort_key: _, ...row }) => toCustomerOrder(db, store, row as Row, baseUrl)) };
}

/** One order of the customer by its UUIDv7 id or, for migrated orders, its legacy numeric id. */
export function findCustomerOrder(db: Db, store: StoreRow, customerId: number, orderId: string): Row | undefined {
  const column = /^\d+$/.test(orderId) ? 'legacy_id' : 'id';
  const value = column === 'legacy_id' ? Number(orderId) : orderId.toLowerCase();
  return sql(db, `SELECT * FROM orders WHERE ${column} = ? AND store_id = ? AND customer_id = ?`).get(value, store.id, customerId) as Row | undefined;
}
