/**
 * Hands each conversion to the browser pixel of its provider with the same event id as the server copy, so the
 * platform counts it once (Meta `eventID`, TikTok `event_id`, Kwai `event_id`). A pixel that is not loaded yet is
 * waited for (re-tried every half second for half a minute); calls keep their order.
 */
/** The ad platforms with a browser pixel (and a server route in the contract). */
export type Provider = 'meta' | 'tiktok' | 'snackvideo';

export type PixelEvent = { name: string; eventId: string; data: { value?: number; currency?: string; content_ids?: string[]; order_id?: string } };

/** TikTok and Kwai name the same conversions differently; the server forwarder uses the same tables (docs/events.md). */
const TIKTOK_NAMES: Record<string, string> = { Purchase: 'CompletePayment' };
const KWAI_NAMES: Record<string, string> = { ViewContent: 'contentView', InitiateCheckout: 'initiatedCheckout' };
/** Kwai: the table above, else the name with a lower-case first letter (addToCart, addPaymentInfo, purchase). */
const kwaiName = (name: string) => KWAI_NAMES[name] ?? name[0].toLowerCase() + name.slice(1);

type Track = (...args: unknown[]) => void;
type KwaiPixel = { track?: Track; instance?: (id: string) => KwaiPixel | undefined };
/** The globals the providers' snippets define; any of them may be missing, or not be what we expect. */
type PixelWindow = { fbq?: Track; ttq?: { track?: Track }; kwaiq?: KwaiPixel };

type Pending = { attempt: () => boolean; until: number };
const pending: Pending[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function drain() {
  timer = undefined;
  const now = Date.now();
  for (let i = 0; i < pending.length; ) {
    const call = pending[i];
    let done = call.until < now; // given up on: the pixel never came
    try {
      done ||= call.attempt();
    } catch {
      done = true; // a broken pixel must not break checkout
    }
    if (done) pending.splice(i, 1);
    else i++;
  }
  if (pending.length && !timer) timer = setTimeout(drain, 500);
}

export function sendToPixels(event: PixelEvent, destinations: ReadonlyArray<{ provider: Provider }>, kwaiPixelId?: string): void {
  const w = window as PixelWindow;
  const { name, eventId, data } = event;
  for (const { provider } of destinations) {
    let attempt: () => boolean;
    if (provider === 'meta') {
      attempt = () => typeof w.fbq === 'function' && (w.fbq('track', name, data, { eventID: eventId }), true);
    } else if (provider === 'tiktok') {
      // the TikTok snippet sends its own page view (ttq.page()); page views of both sides are not paired
      if (name === 'PageView') continue;
      const props = { ...data, contents: data.content_ids?.map((content_id) => ({ content_id })) };
      attempt = () => typeof w.ttq?.track === 'function' && (w.ttq.track(TIKTOK_NAMES[name] ?? name, props, { event_id: eventId }), true);
    } else {
      if (name === 'PageView') continue; // likewise kwaiq.page()
      attempt = () => {
        const kwai = w.kwaiq && (kwaiPixelId && typeof w.kwaiq.instance === 'function' ? w.kwaiq.instance(kwaiPixelId) : w.kwaiq);
        return typeof kwai?.track === 'function' && (kwai.track(kwaiName(name), { ...data, event_id: eventId }), true);
      };
    }
    pending.push({ attempt, until: Date.now() + 30_000 });
  }
  drain();
}

/** Calls `attempt` now, or every half second for half a minute until it returns true (its pixel has loaded). */
export function whenReady(attempt: () => boolean): void {
  pending.push({ attempt, until: Date.now() + 30_000 });
  drain();
}
