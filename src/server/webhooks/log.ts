import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';

export type DeliveryLogEntry = {
  id: number; event_id: string; event_type: string; business_id: number; endpoint: { id: number; url: string };
  status: 'pending' | 'delivered' | 'failed' | 'cancelled'; attempts: number; next_attempt_at: string | null;
  last_status: number | null; last_error: string | null; delivered_at: string | null; created_at: string;
  attempt_log: { attempt: number; started_at: string; duration_ms: number; response_status: number | null; error: string | null }[];
};

/** A `webhook_deliveries` row with its event's type and business and its endpoint's URL. */
type DeliveryRow = Omit<DeliveryLogEntry, 'endpoint' | 'next_attempt_at' | 'attempt_log'> & { endpoint_id: number; endpoint_url: string; next_attempt_at: number };

export type WebhookLogFilter = { business_id?: number; event_id?: string; event_type?: string; status?: string; limit?: number };

/** The dev delivery log (`GET /__reference/webhooks`): newest first, each delivery with its attempts. */
export function webhookLog(db: Db, filter: WebhookLogFilter = {}) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => (where.push(sql), params.push(value));
  if (filter.business_id !== undefined) add('e.business_id = ?', filter.business_id);
  if (filter.event_id) add('e.id = ?', filter.event_id);
  if (filter.event_type) add('e.type = ?', filter.event_type);
  const limit = Math.min(Math.max(filter.limit ?? 100, 1), 500);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';

  const events = (sql(db, `SELECT e.id, e.type, e.business_id, e.created_at, e.payload FROM webhook_events e ${clause}
    ORDER BY e.rowid DESC LIMIT ?`).all(...params, limit) as { id: string; type: string; business_id: number; created_at: string; payload: string }[])
    .map((e) => ({ ...e, payload: JSON.parse(e.payload) as unknown }));

  const deliveryWhere = [...where, ...(filter.status ? ['d.status = ?'] : [])];
  const rows = sql(db, 
    `SELECT d.*, e.type AS event_type, e.business_id, ep.url AS endpoint_url FROM webhook_deliveries d
     JOIN webhook_events e ON e.id = d.event_id JOIN webhook_endpoints ep ON ep.id = d.endpoint_id
     ${deliveryWhere.length ? `WHERE ${deliveryWhere.join(' AND ')}` : ''} ORDER BY d.id DESC LIMIT ?`,
  ).all(...params, ...(filter.status ? [filter.status] : []), limit) as DeliveryRow[];
  const attempts = sql(db, 'SELECT attempt, started_at, duration_ms, response_status, error FROM webhook_attempts WHERE delivery_id = ? ORDER BY id');
  const deliveries: DeliveryLogEntry[] = rows.map((d) => ({
    id: d.id, event_id: d.event_id, event_type: d.event_type, business_id: d.business_id,
    endpoint: { id: d.endpoint_id, url: d.endpoint_url }, status: d.status, attempts: d.attempts,
    next_attempt_at: d.status === 'pending' ? new Date(d.next_attempt_at).toISOString() : null,
    last_status: d.last_status, last_error: d.last_error, delivered_at: d.delivered_at, created_at: d.created_at,
    attempt_log: attempts.all(d.id) as DeliveryLogEntry['attempt_log'],
  }));
  return { events, deliveries };
}
