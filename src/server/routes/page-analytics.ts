import { Hono } from 'hono';
import { AnalyticsEvent } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { enqueueEvent, forwardEvent, PROVIDER_KINDS, type AnalyticsProvider } from '../domain/analytics-outbox.ts';
import { vetPurchase, vetValue } from '../domain/analytics-trust.ts';
import type { PageRow } from '../domain/pages.ts';
import { RateLimiter } from '../domain/rate-limiter.ts';
import { fieldError, HttpError, parseWith } from '../errors.ts';
import { clientIp } from '../http/client-ip.ts';
import { applyRateLimit } from '../http/rate-limit.ts';
import { readJson } from '../http/request-body.ts';

/** URL segment → provider of the outbox. */
const ROUTES: Record<string, AnalyticsProvider> = { meta: 'meta', tiktok: 'tiktok', snackvideo: 'snackvideo' };

/**
 * Conversion events of a page: POST /v3/pages/{page_unique_id}/analytics/{meta|tiktok|snackvideo}/events.
 * Only from a browser on one of the page's domains (an Origin is required; the page gate refuses other origins).
 * A Purchase must name a real order of the page and carries that order's value (domain/analytics-trust.ts); other
 * events are counted per page and client and their value bounded. Stored once per (page, provider, event_id),
 * answered 204. JSON sent as text/plain (navigator.sendBeacon) is read like application/json. Forwarding happens
 * after the answer, only when a sender is configured. docs/events.md, "What the relay trusts".
 */
export function analyticsRoutes({ db, config }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const limiter = new RateLimiter(config.analyticsRateLimit);

  for (const [segment, provider] of Object.entries(ROUTES)) {
    app.post(`/${segment}/events`, async (c) => {
      if (!c.req.header('origin')) {
        throw new HttpError(403, 'origin_not_allowed', 'Conversion events are taken from browsers on the page\'s domains only: an Origin is required');
      }
      const page = c.get('page') as PageRow;
      const parsed = parseWith(AnalyticsEvent, await readJson(c, 32 * 1024));
      const kinds = PROVIDER_KINDS[provider];
      const kind = parsed.kind ?? kinds[0];
      if (!kinds.includes(kind)) throw fieldError('kind', `This route takes kind ${kinds.join(' or ')}`);
      let event: AnalyticsEvent;
      if (parsed.event_name === 'Purchase') event = vetPurchase(db, page.id, parsed);
      else {
        const limited = applyRateLimit(c, limiter, `${page.id}:${clientIp(c, config.trustProxy)}`);
        if (limited) return limited;
        event = vetValue(parsed, config.analyticsMaxValue);
      }
      const id = enqueueEvent(db, provider, kind, page.id, { ...event, kind });
      if (id !== undefined && config.analyticsSender) void forwardEvent(db, id, config.analyticsSender);
      return c.body(null, 204);
    });
  }
  return app;
}
