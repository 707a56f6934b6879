import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { listOutbox } from '../domain/analytics-outbox.ts';
import { listMail } from '../domain/mailbox.ts';
import { webhookLog } from '../webhooks/log.ts';

/**
 * Dev-only windows into what the server "sent" (mounted under /__reference only while `devRoutes` is on):
 *   GET /__reference/mailbox?to=<e-mail>  one-time codes and reset links, newest first
 *   GET /__reference/outbox?provider=<meta|tiktok|snackvideo>  conversion events waiting for a sender
 *   GET /__reference/webhooks?business_id=&event_type=&event_id=&status=&limit=  webhook events and the delivery log
 */
export function devReferenceRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.get('/mailbox', (c) => c.json({ messages: listMail(db, c.req.query('to')?.trim() || undefined) }));
  app.get('/outbox', (c) => c.json({ events: listOutbox(db, c.req.query('provider') || undefined) }));
  app.get('/webhooks', (c) => {
    const q = c.req.query();
    const number = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
    return c.json(webhookLog(db, {
      business_id: number(q.business_id), event_id: q.event_id || undefined, event_type: q.event_type || undefined,
      status: q.status || undefined, limit: number(q.limit),
    }));
  });
  return app;
}
