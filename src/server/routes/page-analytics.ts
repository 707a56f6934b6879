import { Hono } from 'hono';
import { AnalyticsEvent } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { enqueueEvent, forwardEvent, PROVIDER_KINDS, type AnalyticsProvider } from '../domain/analytics-outbox.ts';
import type { PageRow } from '../domain/pages.ts';
import { fieldError, parseWith } from '../errors.ts';
import { readJson } from '../http/request-body.ts';

/** URL segment → provider of the outbox. */
const ROUTES: Record<string, AnalyticsProvider> = { meta: 'meta', tiktok: 'tiktok', snackvideo: 'snackvideo' };

/**
 * Conversion events of a page: POST /v3/pages/{page_unique_id}/analytics/{meta|tiktok|snackvideo}/events.
 * Validated, stored once per (page, provider, event_id), answered 204. JSON sent as text/plain (navigator.sendBeacon)
 * is read like application/json. Forwarding happens after the answer, only when a sender is configured.
 */
export function analyticsRoutes({ db, config }: RouteDeps) {
  const app = new Hono<AppEnv>();

  for (const [segment, provider] of Object.entries(ROUTES)) {
    app.post(`/${segment}/events`, async (c) => {
      const event = parseWith(AnalyticsEvent, await readJson(c, 32 * 1024));
      const kinds = PROVIDER_KINDS[provider];
      const kind = event.kind ?? kinds[0];
      if (!kinds.includes(kind)) throw fieldError('kind', `This route takes kind ${kinds.join(' or ')}`);
      const id = enqueueEvent(db, provider, kind, (c.get('page') as PageRow).id, { ...event, kind });
      if (id !== undefined && config.analyticsSender) void forwardEvent(db, id, config.analyticsSender);
      return c.body(null, 204);
    });
  }
  return app;
}
