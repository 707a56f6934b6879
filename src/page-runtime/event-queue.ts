import type { AnalyticsEvent } from '../contract/page.ts';
import { ApiError } from '../client/errors.ts';
import type { PageApi } from './api.ts';
import type { Provider } from './config.ts';
import { safeStorage } from './attribution.ts';

type Entry = { provider: Provider; event: AnalyticsEvent; tries: number };

const MAX_ENTRIES = 60;
const MAX_TRIES_PER_PAGE = 5;
/** Ad platforms refuse events older than seven days. */
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * The conversion events not yet acknowledged (204), kept in localStorage so that an event whose request was cut by
 * a navigation, a closed tab or a network error is sent again on the buyer's next page view. Sending twice is safe:
 * the server stores one row per (page, provider, event_id). Failures are swallowed: analytics never blocks checkout.
 */
export function createEventQueue(api: PageApi, pageId: string) {
  const storageKey = `svc-page:${pageId}:events`;
  const inFlight = new Set<Entry>();
  const stored = safeStorage.get<Entry[]>(storageKey);
  let entries = (Array.isArray(stored) ? stored : []).filter((e) => Date.now() / 1000 - e?.event?.event_time < MAX_AGE_SECONDS);
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const save = () => safeStorage.set(storageKey, entries);
  const done = (entry: Entry) => {
    inFlight.delete(entry);
    entries = entries.filter((e) => e !== entry);
    save();
  };

  function send(entry: Entry, leaving?: boolean) {
    // Without keepalive fetch (older browsers), sendBeacon is the only request that outlives the page; it gets no
    // answer, so its entry stays queued for the next page view.
    if (leaving && !('keepalive' in Request.prototype)) {
      try {
        navigator.sendBeacon(api.beaconUrl(entry.provider), new Blob([JSON.stringify(entry.event)], { type: 'text/plain' }));
      } catch {
        /* nothing more can be done while the page goes away */
      }
      return;
    }
    inFlight.add(entry);
    api.sendEvent(entry.provider, entry.event).then(() => done(entry), (error: unknown) => {
      inFlight.delete(entry);
      // a 4xx other than 429/408 will never be accepted: say so and drop it
      if (error instanceof ApiError && error.status < 500 && error.status !== 429 && error.status !== 408) {
        console.warn(`[svc-page] ${entry.provider}: ${error.message}`);
        return done(entry);
      }
      if (++entry.tries < MAX_TRIES_PER_PAGE) retryTimer ||= setTimeout(flush, 2 ** entry.tries * 1000);
    });
  }

  /** Sends everything not on its way yet (page load, page hidden, `svcPage.flush()`). */
  function flush(leaving?: boolean) {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    for (const entry of entries) if (!inFlight.has(entry)) send(entry, leaving);
  }

  return {
    add(provider: Provider, event: AnalyticsEvent) {
      const entry = { provider, event, tries: 0 };
      entries.push(entry);
      entries.splice(0, entries.length - MAX_ENTRIES); // a small queue: beyond it the oldest go
      save();
      send(entry);
    },
    flush,
  };
}
