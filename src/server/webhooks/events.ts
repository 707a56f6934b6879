import type { OrderStatus, WebhookEvent, WebhookEventType } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { businessOrderById } from '../domain/business-orders.ts';
import type { OrderEvent } from '../domain/order-events.ts';
import { uuidv7 } from '../domain/orders.ts';
import { sql } from '../db/statements.ts';

/** Wakes the delivery worker of a database when an event was queued (it would find it at its next poll anyway). */
const wakers = new WeakMap<Db, Set<() => void>>();

export function onWebhookQueued(db: Db, wake: () => void): () => void {
  let set = wakers.get(db);
  if (!set) wakers.set(db, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

/**
 * Records the event and one pending delivery per subscribed endpoint of the order's business. Runs inside the
 * order's transaction (see `emitOrderEvent`): a rolled-back checkout leaves no event. The payload is built now, so
 * every delivery and retry sends the same bytes, the order as it was when the change committed.
 */
export function recordWebhookEvent(db: Db, event: OrderEvent, now = new Date()): string | undefined {
  const found = businessOrderById(db, event.orderId);
  if (!found) return undefined;
  const body: WebhookEvent = {
    id: `evt_${uuidv7(now.getTime()).replaceAll('-', '')}`,
    type: event.type,
    api_version: '3.0.0',
    created_at: now.toISOString(),
    business_id: found.businessId,
    data: { order: found.order, ...(event.type === 'order.status_changed' ? { previous_status: event.previousStatus as OrderStatus } : {}) },
  };
  sql(db, 'INSERT INTO webhook_events (id, business_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(body.id, found.businessId, body.type, JSON.stringify(body), body.created_at);
  const endpoints = sql(db, 'SELECT id, events FROM webhook_endpoints WHERE business_id = ? AND deleted_at IS NULL')
    .all(found.businessId) as { id: number; events: string }[];
  const deliver = sql(db, 
    "INSERT INTO webhook_deliveries (event_id, endpoint_id, status, next_attempt_at, created_at) VALUES (?, ?, 'pending', ?, ?)",
  );
  let queued = 0;
  for (const endpoint of endpoints) {
    const wanted = JSON.parse(endpoint.events) as WebhookEventType[];
    if (wanted.length && !wanted.includes(body.type)) continue;
    deliver.run(body.id, endpoint.id, now.getTime(), body.created_at);
    queued += 1;
  }
  // setImmediate: the worker reads after this synchronous transaction has committed (or finds nothing).
  if (queued) for (const wake of wakers.get(db) ?? []) setImmediate(wake);
  return body.id;
}

