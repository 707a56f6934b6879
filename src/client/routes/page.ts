import type * as z from 'zod/mini';
import type { DiscountCheckBody } from '../../contract/checkout.ts';
import { DiscountCheckResult, PublicOrder, ShippingOptionList, Summary } from '../../contract/json-schemas/index.ts';
import type { AnalyticsEvent, PageOrderBody, PageShippingOptionsBody, PageSummaryBody } from '../../contract/page.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';

/** HTML Mode page runtime routes (`/v3/pages/{page_unique_id}/*`, page key). Locations: `searchLocations(…, { via: 'page' })`. */

export const checkPageDiscountCode = (client: Client, body: z.input<typeof DiscountCheckBody>, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.pagePath('/discount-codes/check'), body, schema: DiscountCheckResult }, options);

export const getPageShippingOptions = (client: Client, body: z.input<typeof PageShippingOptionsBody>, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.pagePath('/checkout/shipping-options'), body, schema: ShippingOptionList }, options);

export const getPageSummary = (client: Client, body: z.input<typeof PageSummaryBody>, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.pagePath('/checkout/summary'), body, schema: Summary }, options);

/** Creates the page order; pass one `idempotencyKey` per attempt so a retry cannot create a second order. */
export const placePageOrder = (client: Client, body: z.input<typeof PageOrderBody>, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.pagePath('/orders'), body, schema: PublicOrder }, options);

export type AnalyticsProvider = 'meta' | 'tiktok' | 'snackvideo';

/**
 * Forwards a conversion event (204). Sent with `keepalive` so a Purchase fired while navigating away still leaves,
 * and with the event id as Idempotency-Key: the platforms deduplicate on it anyway.
 */
export const sendAnalyticsEvent = (client: Client, provider: AnalyticsProvider, event: z.input<typeof AnalyticsEvent>, options: CallOptions = {}) =>
  client.request(
    { method: 'POST', path: client.pagePath(`/analytics/${provider}/events`), body: event, schema: undefined },
    { keepalive: true, idempotencyKey: `event-${event.event_id}`, ...options },
  );
