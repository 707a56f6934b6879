import type { FunnelDetail, FunnelName } from './funnel.ts';
import { sendToPixels, whenReady, type Provider } from './pixels.ts';

/**
 * The lazy forwarding side of the elements' funnel (docs/events.md, "Analytics of the elements"). Configured by
 * `data-analytics="ga4 meta tiktok kwai"`, `data-consent` and `data-kwai-pixel-id` on the elements' script tag or on
 * `<svc-store>`, read again for every event (a consent banner flips `data-consent` to `granted` or `denied`).
 * Each event goes to GA4 (`gtag`, else `dataLayer`) with its GA4 name, and to the ad pixels with the same
 * `event_id` and their own names; a pixel that loads late is waited for (pixels.ts), as in page-runtime.js.
 */
type Destination = Provider | 'ga4';
const WORDS: Record<string, Destination> = { ga4: 'ga4', gtag: 'ga4', meta: 'meta', facebook: 'meta', tiktok: 'tiktok', snackvideo: 'snackvideo', kwai: 'snackvideo' };

/** GA4 name → the Meta standard event (pixels.ts names it for TikTok and Kwai); the other steps are GA4 only. */
const PIXEL_NAMES: Partial<Record<FunnelName, string>> = {
  view_item: 'ViewContent', add_to_cart: 'AddToCart', begin_checkout: 'InitiateCheckout', add_payment_info: 'AddPaymentInfo', purchase: 'Purchase',
};

type Ga4Window = { gtag?: (...args: unknown[]) => void; dataLayer?: unknown[] };

const tags = () => [...document.querySelectorAll<HTMLElement>('script[data-store-id][data-analytics],svc-store[data-analytics]')];

function settings() {
  const destinations = new Set<Destination>();
  let consent = 'granted';
  let kwaiPixelId: string | undefined;
  for (const tag of tags()) {
    for (const word of (tag.dataset.analytics ?? '').toLowerCase().split(/[\s,]+/)) {
      if (WORDS[word]) destinations.add(WORDS[word]);
      else if (word && word !== 'off' && word !== 'none' && !told.has(word) && told.add(word)) console.warn(`[svc] data-analytics: unknown "${word}"; use ga4, meta, tiktok or kwai.`, tag);
    }
    // "denied" wins over "required", which wins over "granted": one tag still waiting holds the events
    const said = tag.dataset.consent;
    if (said === 'denied' || (said === 'required' && consent !== 'denied')) consent = said;
    kwaiPixelId ||= tag.dataset.kwaiPixelId;
  }
  return { destinations, consent, kwaiPixelId };
}

const told = new Set<string>();
let held: FunnelDetail[] = [];
let watching: MutationObserver | undefined;

function deliver(detail: FunnelDetail, destinations: Set<Destination>, kwaiPixelId?: string) {
  const { name, event_id, params } = detail;
  if (destinations.has('ga4')) {
    const w = window as Ga4Window;
    // gtag.js when the page has it; else the GTM way: clear the previous ecommerce object, then push the event
    whenReady(() => typeof w.gtag === 'function'
      ? (w.gtag('event', name, { ...params, event_id }), true)
      : Array.isArray(w.dataLayer) && (w.dataLayer.push({ ecommerce: null }, { event: name, event_id, ecommerce: params }), true));
  }
  const pixelName = PIXEL_NAMES[name];
  const pixels = [...destinations].filter((d): d is Provider => d !== 'ga4').map((provider) => ({ provider }));
  if (pixelName && pixels.length) {
    const data = {
      value: params.value,
      currency: params.currency,
      content_ids: params.items.slice(0, 20).map((item) => item.item_id),
      ...(params.transaction_id ? { order_id: params.transaction_id } : {}),
    };
    sendToPixels({ name: pixelName, eventId: event_id, data }, pixels, kwaiPixelId);
  }
}

/** Sends the events held for consent once a tag says `granted` (drops them on `denied`). */
function release() {
  const { destinations, consent, kwaiPixelId } = settings();
  if (consent === 'required') return;
  const ready = consent === 'granted' ? held : [];
  held = [];
  watching?.disconnect();
  watching = undefined;
  for (const detail of ready) deliver(detail, destinations, kwaiPixelId);
}

export function forward(detail: FunnelDetail): void {
  const { destinations, consent, kwaiPixelId } = settings();
  if (consent === 'denied' || !destinations.size) return;
  if (consent === 'granted') return deliver(detail, destinations, kwaiPixelId);
  held.push(detail);
  if (!watching) {
    watching = new MutationObserver(release);
    watching.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-consent'] });
  }
}
