import { WEBHOOK_HEADERS } from '../../contract/index.ts';
import type { WebhookConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { onWebhookQueued } from './events.ts';
import { signWebhookPayload } from './verify.ts';
import { sql, sqlValue } from '../db/statements.ts';
import { outboundFetch, OutboundRefused, REFUSED_ADDRESS } from '../http/outbound.ts';

type Due = { id: number; attempts: number; event_id: string; type: string; payload: string; url: string; secret: string };

export type WebhookWorker = { stop(): void };

/** 2nd attempt after `base`, then doubling, capped. */
export const backoffMs = (attempt: number, c: Pick<WebhookConfig, 'backoffBaseMs' | 'backoffMaxMs'>) =>
  Math.min(c.backoffMaxMs, c.backoffBaseMs * 2 ** (attempt - 1));

const BATCH = 20;

/**
 * The in-process delivery worker. It never runs inside a request: requests only write pending deliveries (in the
 * order's transaction) and wake it. Claiming a delivery counts the attempt and pushes `next_attempt_at` past the
 * timeout (a lease), so neither a second worker on the same database file nor a crash mid-send makes a parallel
 * send; a crash after the receiver answered may resend once the lease ends (at-least-once, hence stable event ids).
 * A 2xx marks the delivery `delivered` and it is never sent again; anything else is retried with exponential backoff
 * until `maxAttempts`, then `failed`. `stop()` clears timers and aborts requests in flight so a process can exit.
 */
export function startWebhookWorker(db: Db, config: WebhookConfig): WebhookWorker {
  let stopped = false;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<AbortController>();

  const claim = db.transaction((now: number): Due[] => {
    const due = sql(db, 
      `SELECT d.id, d.attempts, e.id AS event_id, e.type, e.payload, ep.url, ep.secret
       FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_endpoints ep ON ep.id = d.endpoint_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.id LIMIT ?`,
    ).all(now, BATCH) as Due[];
    const lease = sql(db, 'UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?');
    for (const d of due) lease.run(now + config.timeoutMs + 5000, d.id);
    return due.map((d) => ({ ...d, attempts: d.attempts + 1 }));
  });

  async function send(d: Due): Promise<void> {
    const controller = new AbortController();
    inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(new Error(`timed out after ${config.timeoutMs} ms`)), config.timeoutMs);
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await outboundFetch(d.url, {
        method: 'POST',
        policy: { allowLoopback: config.allowLoopback }, // checked after DNS at every attempt, the address pinned
        signal: controller.signal,
        timeoutMs: config.timeoutMs + 1000, // a backstop: the attempt's own timer (above) fires first and names the timeout
        maxBytes: 0, // the status is the receipt; the answer's body is never read
        maxRedirects: 0, // a redirect is not a receipt
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'svc-reference-webhooks/1',
          [WEBHOOK_HEADERS.signature]: signWebhookPayload({ payload: d.payload, secret: d.secret }),
          [WEBHOOK_HEADERS.eventId]: d.event_id,
          [WEBHOOK_HEADERS.eventType]: d.type,
          [WEBHOOK_HEADERS.attempt]: String(d.attempts),
        },
        body: d.payload,
      });
      status = res.status;
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (err) {
      // A refused address records no status and no connection detail: the log must not work as a port scanner.
      error = err instanceof OutboundRefused ? (err.reason === 'address' ? REFUSED_ADDRESS : `refused: ${err.message}`)
        : controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason.message : String((err as Error)?.message ?? err);
    } finally {
      clearTimeout(timeout);
      inFlight.delete(controller);
    }
    if (stopped) return; // closing: the lease runs out and a later worker retries
    record(d, { status, error, started, duration: Date.now() - started });
  }

  function record(d: Due, r: { status: number | null; error: string | null; started: number; duration: number }): void {
    const now = Date.now();
    db.transaction(() => {
      sql(db, 'INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, response_status, error) VALUES (?, ?, ?, ?, ?, ?)')
        .run(d.id, d.attempts, new Date(r.started).toISOString(), r.duration, r.status, r.error);
      // `status = 'pending'` guards: a delivery cancelled meanwhile (endpoint deleted) stays cancelled.
      if (r.error === null) {
        sql(db, "UPDATE webhook_deliveries SET status = 'delivered', delivered_at = ?, last_status = ?, last_error = NULL WHERE id = ? AND status = 'pending'")
          .run(new Date(now).toISOString(), r.status, d.id);
      } else if (d.attempts >= config.maxAttempts) {
        sql(db, "UPDATE webhook_deliveries SET status = 'failed', last_status = ?, last_error = ? WHERE id = ? AND status = 'pending'")
          .run(r.status, r.error, d.id);
      } else {
        sql(db, "UPDATE webhook_deliveries SET next_attempt_at = ?, last_status = ?, last_error = ? WHERE id = ? AND status = 'pending'")
          .run(now + backoffMs(d.attempts, config), r.status, r.error, d.id);
      }
    })();
  }

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    let next: number | null = null;
    try {
      next = sqlValue(db, "SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending'").get() as number | null;
    } catch (err) {
      console.error('webhook worker:', err); // e.g. the database busy: poll again later rather than stop
    }
    const wait = next === null ? config.pollIntervalMs : Math.max(0, Math.min(config.pollIntervalMs, next - Date.now()));
    timer = setTimeout(() => void run(), wait); // run() reports its own errors
    timer.unref(); // a forgotten worker must not keep a process alive
  }

  async function run(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const batch = claim.immediate(Date.now());
        await Promise.all(batch.map(send));
        if (batch.length === BATCH) again = true;
      } while (again && !stopped);
    } catch (err) {
      if (!stopped) console.error('webhook worker:', err);
    } finally {
      running = false;
      schedule();
    }
  }

  const unsubscribe = onWebhookQueued(db, () => void run());
  setImmediate(() => void run()); // deliveries left over from a previous run
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      for (const controller of inFlight) controller.abort(new Error('worker stopped'));
    },
  };
}
