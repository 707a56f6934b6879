import type { Db } from '../db/database.ts';

/** A committed-with-the-change fact about an order, for whoever publishes events (the webhooks). */
export type OrderEvent =
  | { type: 'order.created'; orderId: string }
  | { type: 'order.paid'; orderId: string }
  | { type: 'order.status_changed'; orderId: string; previousStatus: string };

export type OrderEventListener = (db: Db, event: OrderEvent) => void;
const listeners: OrderEventListener[] = [];

/**
 * Publishers register here (as seed sections do), so the order domain does not import them. Listeners run
 * synchronously inside the order's transaction: what they write commits or rolls back with the change.
 */
export function onOrderEvent(listener: OrderEventListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Call inside the transaction that makes the change. */
export function emitOrderEvent(db: Db, event: OrderEvent): void {
  for (const listener of listeners) listener(db, event);
}
