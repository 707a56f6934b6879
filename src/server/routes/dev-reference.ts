import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { listOutbox } from '../domain/analytics-outbox.ts';
import { listMail } from '../domain/mailbox.ts';
import { HttpError } from '../errors.ts';
import { webhookLog } from '../webhooks/log.ts';
import { paymentSimulatorRoutes } from './payment-simulator.ts';

/** 127.0.0.0/8 and ::1, also IPv4-mapped (`::ffff:127.0.0.1`, what a dual-stack socket reports). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Gate of every /__reference route: the TCP peer must be this machine. The socket address, never X-Forwarded-For
 * (a header proves nothing); a request without a socket (another runtime) is refused too.
 */
export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  let peer: string | undefined;
  try {
    peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  } catch {
    peer = undefined;
  }
  if (!isLoopback(peer)) {
    throw new HttpError(403, 'forbidden', 'The development routes answer only clients on this machine');
  }
  await next();
};

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

/** The dev routes under /__reference (payment simulator, mailbox, outbox, webhook log): only with `devRoutes`, loopback only. */
export function mountDevReference(app: Hono<AppEnv>, deps: RouteDeps): void {
  if (!deps.config.devRoutes) return;
  app.use('/__reference/*', loopbackOnly);
  app.route('/__reference', paymentSimulatorRoutes(deps));
  app.route('/__reference', devReferenceRoutes(deps));
}
