import type * as z from 'zod/mini';
import type { DiscountCheckBody, DiscountCheckResult, ShippingOption, Summary } from '../contract/checkout.ts';
import type { City, LocationPage, PostalCode, Province, Subdistrict } from '../contract/location.ts';
import type { PublicOrder } from '../contract/order.ts';
import type { AnalyticsEvent, PageOrderBody, PageShippingOptionsBody, PageSummaryBody } from '../contract/page.ts';
import type { ApiError } from '../client/errors.ts';
import type { PageConfig, Provider } from './config.ts';
import { misconfigured } from './diagnostics.ts';
import { createPageTransport, type CallOptions, type Spec } from './page-transport.ts';

export type { CallOptions };
export type LocationSearchParams = { search?: string; page_size?: number; next_cursor?: string; previous_cursor?: string };

/**
 * Answers are checked by hand, only the fields the runtime reads: the generated schemas of these routes and their
 * validator (`src/client/validate.ts`) put page-runtime.js over its size budget (figures in docs/benchmarks.md).
 * Types are still the contract's.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const money = (v: unknown) => typeof v === 'string' && /^-?\d+$/.test(v);
const named = (v: unknown): v is Record<string, unknown> => isObject(v) && Number.isInteger(v.id) && typeof v.name === 'string';
const guard = <T>(ok: (v: unknown) => boolean) => ok as (v: unknown) => v is T;
const listOf = <T>(item: (v: unknown) => boolean) => guard<T[]>((v) => Array.isArray(v) && v.every(item));

/** The page routes of the contract (`/v3/pages/{page_unique_id}/*`), as `src/client/routes/page.ts` has them. */
export function createPageApi(config: Pick<PageConfig, 'pageId' | 'pageKey' | 'baseUrl'>) {
  const request = createPageTransport(config.baseUrl, config.pageKey, (error: ApiError) => {
    if (error.code === 'page_not_found' || error.code === 'origin_not_allowed') {
      misconfigured(undefined, `${error.message} (page "${config.pageId}"): check data-page-id, data-page-key and the page's domains.`);
    }
  });
  const path = (suffix: string) => `/v3/pages/${encodeURIComponent(config.pageId)}${suffix}`;
  const get = <T>(suffix: string, query: Spec<T>['query'], check: Spec<T>['check'], options?: CallOptions) =>
    request<T>({ method: 'GET', path: path(`/locations${suffix}`), query, check }, options);
  const post = <T>(suffix: string, body: unknown, check: Spec<T>['check'], options?: CallOptions) =>
    request<T>({ method: 'POST', path: path(suffix), body, check }, options);

  return {
    searchLocations: (params: LocationSearchParams, options?: CallOptions) =>
      get('', params, guard<LocationPage>((v) => isObject(v) && Array.isArray(v.results) && v.results.every(named)), options),
    listProvinces: (params: { search?: string } = {}, options?: CallOptions) =>
      get('/provinces', params, listOf<Province>(named), options),
    listCities: (params: { province_id: number | string; search?: string }, options?: CallOptions) =>
      get('/cities', params, listOf<City>(named), options),
    listSubdistricts: (params: { city_id: number | string; search?: string }, options?: CallOptions) =>
      get('/subdistricts', params, listOf<Subdistrict>(named), options),
    listPostalCodes: (locationId: number | string, params: { search?: string } = {}, options?: CallOptions) =>
      get(`/${encodeURIComponent(locationId)}/postal-codes`, params, listOf<PostalCode>((v) => named(v) && typeof v.postal_code === 'string'), options),
    checkDiscountCode: (body: z.input<typeof DiscountCheckBody>, options?: CallOptions) =>
      post('/discount-codes/check', body, guard<DiscountCheckResult>((d) => isObject(d) && typeof d.eligible === 'boolean' && typeof d.message === 'string'), options),
    getShippingOptions: (body: z.input<typeof PageShippingOptionsBody>, options?: CallOptions) =>
      post('/checkout/shipping-options', body, listOf<ShippingOption>((o) => isObject(o) && typeof o.courier === 'string'
        && typeof o.courier_service === 'string' && Number.isInteger(o.warehouse_id) && money(o.cost)), options),
    getSummary: (body: z.input<typeof PageSummaryBody>, options?: CallOptions) =>
      post('/checkout/summary', body, guard<Summary>((s) => isObject(s) && money(s.product_price) && money(s.shipping_cost) && money(s.gross_revenue)), options),
    /** Pass one `idempotencyKey` per attempt so that a retry never creates a second order. */
    placeOrder: (body: z.input<typeof PageOrderBody>, options?: CallOptions) =>
      post('/orders', body, guard<PublicOrder>((o) => isObject(o) && typeof o.secret_slug === 'string' && typeof o.public_order_url === 'string'
        && (o.payment_url === null || typeof o.payment_url === 'string') && money(o.gross_revenue)), options),
    /** 204. `keepalive` lets it outlive the page; the event id is the Idempotency-Key (the outbox dedups on it too). */
    sendEvent: (provider: Provider, event: z.input<typeof AnalyticsEvent>) =>
      request<void>({ method: 'POST', path: path(`/analytics/${provider}/events`), body: event }, { keepalive: true, idempotencyKey: `event-${event.event_id}` }),
    /** For `navigator.sendBeacon`, which cannot send headers (docs/page-runtime.md, "Delivery"). */
    beaconUrl: (provider: Provider) =>
      `${config.baseUrl.replace(/\/+$/, '')}${path(`/analytics/${provider}/events`)}?page_key=${encodeURIComponent(config.pageKey)}`,
  };
}
export type PageApi = ReturnType<typeof createPageApi>;
