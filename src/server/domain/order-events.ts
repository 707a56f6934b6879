import type { Db } from '../db/database.ts';

/** A committed-with-the-change fact about an order, for whoever publishes events (the webhooks). */
export type OrderEvent =
  | { type: 'order.created'; orderId: string }
  | { type: 'order.paid'; orderId: string }
  | { type: 'order.status_changed'; orderId: string; previousStatus: string };

export type OrderEventListener = (db: Db, event: OrderEvent) => void;
const listeners = new WeakMap<Db, Set<OrderEventListener>>();

/**
 * Who hears of a database's order changes (the webhooks), given by the server's composition (index.ts), so the
 * order domain does not import them. Listeners run synchronously inside the order's transaction: what they write
 * commits or rolls back with the change.
 */
export function listenToOrderEvents(db: Db, added: readonly OrderEventListener[]): void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  for (const listener of added) set.add(listener);
}

/** Call inside the transaction that makes the change. */
export function emitOrderEvent(db: Db, event: OrderEvent): void {
  for (const listener of listeners.get(db) ?? []) listener(db, event);
}
