import type { AnalyticsEvent, AnalyticsEventName } from '../contract/page.ts';
import type { PageApi } from './api.ts';
import { captureClickIds, hashedUser, userDataFor, type UserData } from './attribution.ts';
import type { PageConfig } from './config.ts';
import { createEventQueue } from './event-queue.ts';
import { sha256Hex } from '../analytics/sha256.ts';
import { sendToPixels } from '../analytics/pixels.ts';

export type ConversionName = AnalyticsEventName;
export type ConversionData = { value?: number; content_ids?: string[]; order_id?: string };
export type ConversionDetail = { event_name: ConversionName; event_id: string; data: ConversionData };

/** Random ids from `crypto.getRandomValues`, which (unlike `randomUUID`) also exists on plain-http pages. */
export const randomId = (prefix: string) =>
  prefix + [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(36).padStart(2, '0')).join('');

/**
 * Conversion events: one id per event, shared by the server copy (one per configured provider) and the browser
 * pixels; consent gate; hashed user data. `track` never throws and never waits for the network.
 */
export function createTracker(config: PageConfig, api: PageApi) {
  const queue = createEventQueue(api, config.pageId);
  const clicks = captureClickIds();
  let consent: boolean | undefined = config.consentRequired ? undefined : true;
  let waiting: Array<() => void> = [];
  let hashed: UserData = {};
  const purchased = new Set<string>();

  function deliver(detail: ConversionDetail, time: number, user: UserData) {
    const { event_name, event_id, data } = detail;
    // at most 20 ids (≤ 100 characters each, the contract's limit) and 2 KiB of URL: a request stays a few KiB,
    // far below the 64 KiB that all keepalive requests of a page may hold together
    const custom = { ...data, ...(data.content_ids && { content_ids: data.content_ids.slice(0, 20) }), ...(data.value !== undefined || data.order_id ? { currency: 'IDR' as const } : {}) };
    sendToPixels({ name: event_name, eventId: event_id, data: custom }, config.analytics, config.kwaiPixelId);
    for (const { provider, kind } of config.analytics) {
      const event: AnalyticsEvent = {
        kind, event_name, event_id, event_time: time,
        event_source_url: location.href.slice(0, 2048),
        user_agent: navigator.userAgent.slice(0, 1024),
        user_data: userDataFor(provider, user, clicks),
        custom_data: custom,
      };
      queue.add(provider, event);
    }
    document.dispatchEvent(new CustomEvent('svc-page-conversion', { detail }));
  }

  // `this: void`: the methods use `tracker`, so they can be handed on alone (svc-page.ts)
  const tracker = {
    /** Records a conversion and returns its event id (the one to give a pixel you call yourself). */
    track(this: void, name: ConversionName, data: ConversionData = {}, options: { eventId?: string } = {}): string {
      const detail: ConversionDetail = { event_name: name, event_id: options.eventId ?? randomId(`${name.toLowerCase()}_`), data };
      if (consent === false || !config.analytics.length) return detail.event_id;
      const time = Math.floor(Date.now() / 1000);
      const user = hashed; // who the buyer was when it happened, even if delivery waits for consent
      if (consent) deliver(detail, time, user);
      else waiting.push(() => deliver(detail, time, user));
      return detail.event_id;
    },

    /**
     * Purchase of a created order, with an id derived from the order: a reload, a second call or the order page
     * cannot count it twice. The id is a hash, because the order's secret slug must not reach ad platforms.
     */
    trackPurchase(this: void, order: { secret_slug: string; gross_revenue: string; customer?: { email?: string | null; phone?: string | null } }, contentIds?: string[]): string {
      // analytics/purchase-id.ts, written out: a call costs page-runtime.js bytes it does not have
      const digest = sha256Hex(`svc-order:${order.secret_slug}`).slice(0, 32);
      const eventId = `purchase_${digest}`;
      if (purchased.has(eventId)) return eventId;
      purchased.add(eventId);
      if (order.customer) tracker.identify(order.customer);
      return tracker.track('Purchase', { value: Number(order.gross_revenue), content_ids: contentIds, order_id: digest }, { eventId });
    },

    /** E-mail and phone of the buyer, normalised and SHA-256 hashed here; only the hashes are kept. */
    identify(this: void, user: { email?: string | null; phone?: string | null }): void {
      hashed = { ...hashed, ...hashedUser(user) };
    },

    /** The answer of the page's consent banner; `false` drops the events waiting for it. */
    consent(this: void, granted: boolean): void {
      consent = granted;
      const ready = granted ? waiting : [];
      waiting = [];
      ready.forEach((send) => send());
    },

    /** Sends queued events now (also done when the page is hidden). */
    flush: () => queue.flush(),
  };

  // Leaving or switching tabs: hand everything to requests that outlive the page.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && queue.flush(true));
  addEventListener('pagehide', () => queue.flush(true));
  queue.flush(); // leftovers of earlier page views
  return tracker;
}
export type Tracker = ReturnType<typeof createTracker>;
