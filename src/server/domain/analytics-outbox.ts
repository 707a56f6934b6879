import type { AnalyticsEvent } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';

export type AnalyticsProvider = 'meta' | 'tiktok' | 'snackvideo';

/** Kinds each provider route accepts; the first is the default when the body names none. */
export const PROVIDER_KINDS: Record<AnalyticsProvider, readonly string[]> = {
  meta: ['meta', 'facebook'],
  tiktok: ['tiktok'],
  snackvideo: ['snackvideo', 'kwai'],
};

export type OutboxEvent = {
  id: number; provider: AnalyticsProvider; kind: string; event_id: string; page_unique_id: string;
  payload: AnalyticsEvent; received_at: string; forwarded_at: string | null; attempts: number; last_error: string | null;
};

/**
 * Forwards one event to the real ad platform (Conversions API, Events API…). The reference server ships none
 * (no network here): a deployment passes one in `ServerConfig.analyticsSender`. A throw is recorded as `last_error`.
 */
export type AnalyticsSender = (event: OutboxEvent) => Promise<void>;

/** Stores the event once per (page, provider, event_id); a repeat is accepted and ignored. Its row id when it was new. */
export function enqueueEvent(db: Db, provider: AnalyticsProvider, kind: string, pageId: number, event: AnalyticsEvent): number | undefined {
  const result = sql(db, 
    'INSERT OR IGNORE INTO analytics_outbox (provider, kind, event_id, page_id, payload, received_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(provider, kind, event.event_id, pageId, JSON.stringify(event), new Date().toISOString());
  return result.changes === 1 ? Number(result.lastInsertRowid) : undefined;
}

const SELECT = `SELECT o.id, o.provider, o.kind, o.event_id, p.unique_id AS page_unique_id, o.payload, o.received_at,
  o.forwarded_at, o.attempts, o.last_error FROM analytics_outbox o JOIN pages p ON p.id = o.page_id`;

const hydrate = (row: Omit<OutboxEvent, 'payload'> & { payload: string }): OutboxEvent => ({ ...row, payload: JSON.parse(row.payload) as AnalyticsEvent });

/** Newest first, optionally of one provider (the dev outbox route). */
export function listOutbox(db: Db, provider?: string, limit = 100): OutboxEvent[] {
  const rows = sql(db, `${SELECT} ${provider ? 'WHERE o.provider = ?' : ''} ORDER BY o.id DESC LIMIT ?`)
    .all(...(provider ? [provider, limit] : [limit])) as (Omit<OutboxEvent, 'payload'> & { payload: string })[];
  return rows.map(hydrate);
}

/** Hands one stored event to the sender and records the outcome; never throws (the browser already got its 204). */
export async function forwardEvent(db: Db, id: number, sender: AnalyticsSender): Promise<void> {
  const row = sql(db, `${SELECT} WHERE o.id = ?`).get(id) as (Omit<OutboxEvent, 'payload'> & { payload: string }) | undefined;
  if (!row || row.forwarded_at) return;
  try {
    await sender(hydrate(row));
    sql(db, 'UPDATE analytics_outbox SET forwarded_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?').run(new Date().toISOString(), id);
  } catch (error) {
    sql(db, 'UPDATE analytics_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?').run(String(error).slice(0, 500), id);
  }
}
