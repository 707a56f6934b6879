import type { AnalyticsEvent } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';
import { fieldError } from '../errors.ts';

/** `purchase_` + the order's digest (db/purchase-digest.ts): the only event id a Purchase may have. */
const PURCHASE_ID = /^purchase_([0-9a-f]{32})$/;

/**
 * A Purchase is relayed only for a real order of this page: its `event_id` must be the one derived from the order
 * (as page-runtime.js sends it), and the value and currency are the order's, whatever the request said. Being tied
 * to the order's id, it lands in the outbox once per order and provider. Anything else is a 400 naming the field.
 */
export function vetPurchase(db: Db, pageId: number, event: AnalyticsEvent): AnalyticsEvent {
  const digest = PURCHASE_ID.exec(event.event_id)?.[1];
  if (!digest) throw fieldError('event_id', 'A Purchase is identified by its order: purchase_ followed by the order\'s 32-digit digest');
  const orderId = event.custom_data?.order_id;
  if (orderId !== undefined && orderId !== digest) throw fieldError('custom_data.order_id', 'order_id must be the digest of the order event_id names');
  const order = sql(db, 'SELECT gross_revenue FROM orders WHERE page_id = ? AND purchase_digest = ?').get(pageId, digest) as
    { gross_revenue: number } | undefined;
  if (!order) throw fieldError('event_id', 'No order of this page has this purchase id');
  return { ...event, custom_data: { ...event.custom_data, value: order.gross_revenue, currency: 'IDR', order_id: digest } };
}

/** Events other than Purchase carry what the browser says; the value at least must be one a shop could mean. */
export function vetValue(event: AnalyticsEvent, maxValue: number): AnalyticsEvent {
  const value = event.custom_data?.value;
  if (value !== undefined && value > maxValue) throw fieldError('custom_data.value', `value must be at most ${maxValue}`);
  return event;
}
