import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { listOutbox } from '../domain/analytics-outbox.ts';
import { listMail } from '../domain/mailbox.ts';

/**
 * Dev-only windows into what the server "sent" (mounted under /__reference only while `devRoutes` is on):
 *   GET /__reference/mailbox?to=<e-mail>  one-time codes and reset links, newest first
 *   GET /__reference/outbox?provider=<meta|tiktok|snackvideo>  conversion events waiting for a sender
 */
export function devReferenceRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.get('/mailbox', (c) => c.json({ messages: listMail(db, c.req.query('to')?.trim() || undefined) }));
  app.get('/outbox', (c) => c.json({ events: listOutbox(db, c.req.query('provider') || undefined) }));
  return app;
}
