/**
 * MSW 2 request handlers of one store's public storefront API, backed by the in-memory storefront. Works with
 * `setupWorker` (browser tests) and `setupServer` (node tests).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { BundlePriceOptionDetail, ProductDetail } from '../contract/catalog.ts';
import { KEY_IN_QUERY_ROUTES, STORE_KEY_PARAM } from '../contract/constants.ts';
import { BUNDLES, CITIES, PAYMENT_METHODS, POSTAL_CODES, PRODUCTS, PROVINCES, STORE, SUBDISTRICTS, categoriesOf, locationHits } from './fixtures.ts';
import { createStorefrontState, Invalid, type CheckoutInput, type ItemInput, type StorefrontState } from './storefront.ts';

export type MockStorefrontOptions = {
  /** Origin (and path prefix) the page's elements call, e.g. `https://api.example`. Default `*`: any origin. */
  baseUrl?: string;
  /** The store's public id; its numeric id (1) is accepted too. Default `demo-store`. */
  storeId?: string;
  /** The storefront key requests must carry; anything else is `Store not found`. Default `sfk_demo`. */
  storeKey?: string;
  /** Your own catalog instead of the fixtures (contract shapes: `ProductDetail`, `BundlePriceOptionDetail`). */
  products?: ProductDetail[];
  bundles?: BundlePriceOptionDetail[];
};

export type MockStorefront = {
  handlers: HttpHandler[];
  /** Carts by guest token and orders by secret slug; `markPaid(slug)` pays an order. */
  state: StorefrontState;
  /** Empties every cart and forgets every order (call between tests). */
  reset(): void;
};

export const GUEST_TOKEN_HEADER = 'X-Service-Guest-Token';
const STORE_KEY_HEADER = 'X-Service-Storefront-Api-Key';
const json = (body: unknown, init: ResponseInit = {}) => HttpResponse.json(body as Record<string, unknown>, init);
export const errorResponse = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json({ error: { code, message, ...(fields && { fields }) } }, { status });
export const storeNotFoundResponse = () => errorResponse(404, 'store_not_found', 'Store not found');
const notFound = (what: string) => errorResponse(404, 'not_found', `${what} not found`);

/** Cursor paging over a list: the cursor is the offset, opaque to the client as in the service. */
function page<T>(list: T[], url: URL) {
  const size = Number(url.searchParams.get('page_size') ?? 24);
  if (!Number.isInteger(size) || size < 1 || size > 100) throw new Invalid({ 'query.page_size': 'page_size must be an integer from 1 to 100' });
  const next = url.searchParams.get('next_cursor');
  const previous = url.searchParams.get('previous_cursor');
  if (next && previous) throw new Invalid({ 'query.previous_cursor': 'Use only one of next_cursor and previous_cursor' });
  const cursor = next ?? previous;
  const at = cursor ? Number(atob(cursor)) : 0;
  const start = previous ? Math.max(0, at - size) : at;
  const end = Math.min(list.length, start + size);
  return {
    results: list.slice(start, end),
    next_cursor: end < list.length ? btoa(String(end)) : null,
    previous_cursor: start > 0 ? btoa(String(start)) : null,
  };
}

const search = (url: URL) => (url.searchParams.get('search') ?? '').trim().toLowerCase();

export function createMockStorefront(options: MockStorefrontOptions = {}): MockStorefront {
  const { baseUrl = '*', storeId = STORE.uniqueId, storeKey = STORE.key } = options;
  const state = createStorefrontState({ products: options.products ?? PRODUCTS, bundles: options.bundles ?? BUNDLES });
  const path = (route: string) => `${baseUrl}/v3/stores/:storeId/public${route}`;

  type Info = { request: Request; params: Record<string, string | readonly string[] | undefined> };
  type Context = { url: URL; params: Record<string, string>; token: string | null; body: () => Promise<unknown> };
  /** The store gate (unknown store or key → `Store not found`), then the route; `Invalid` becomes a 400. */
  const route = (handle: (c: Context) => Response | Promise<Response>) => async ({ request, params }: Info) => {
    const id = String(params.storeId);
    // the key header, or on catalog GETs the `store_key` parameter (docs/contract-gaps.md)
    const url = new URL(request.url);
    const key = request.headers.get(STORE_KEY_HEADER)
      ?? (request.method === 'GET' && KEY_IN_QUERY_ROUTES.test(url.pathname) ? url.searchParams.get(STORE_KEY_PARAM) : null);
    if ((id !== storeId && id !== String(STORE.id)) || key !== storeKey) return storeNotFoundResponse();
    const body = async () => {
      try {
        return (await request.json()) as unknown;
      } catch {
        throw new Invalid({ body: 'Expected a JSON body' });
      }
    };
    try {
      return await handle({ url, params: params as Record<string, string>, token: request.headers.get(GUEST_TOKEN_HEADER), body });
    } catch (error) {
      if (error instanceof Invalid) return errorResponse(400, error.code, error.message, error.fields);
      throw error;
    }
  };

  /** Guest cart answers carry the token; a request without one gets a new one. */
  const withToken = (token: string, body: unknown, status = 200) => json(body, { status, headers: { [GUEST_TOKEN_HEADER]: token, 'Access-Control-Expose-Headers': GUEST_TOKEN_HEADER } });
  const tokenOf = (c: Context) => c.token ?? crypto.randomUUID();
  const origin = (c: Context) => c.url.origin;
  const products = () => state.data.products;

  const handlers = [
    http.get(path('/items'), route((c) => json(page(state.cards(c.url.searchParams.get('category') ?? undefined), c.url)))),
    http.get(path('/items/count'), route((c) => json({ total: state.cards(c.url.searchParams.get('category') ?? undefined).length }))),
    http.get(path('/products/:slug'), route((c) => {
      const product = products().find((p) => p.slug === c.params.slug);
      return product ? json(product) : notFound('Product');
    })),
    http.get(path('/bundle-price-options/:slug'), route((c) => {
      const bundle = state.data.bundles.find((b) => b.slug === c.params.slug);
      return bundle ? json(bundle) : notFound('Bundle price option');
    })),
    http.get(path('/categories'), route(() => json(categoriesOf(products(), state.data.bundles)))),
    http.get(path('/payment-methods'), route(() => json(PAYMENT_METHODS))),
    http.get(path('/variants/pricing'), route((c) => {
      const ids = c.url.searchParams.getAll('variant_ids').flatMap((v) => v.split(',')).map(Number);
      const found = products().flatMap((p) => p.variants.filter((v) => ids.includes(v.id)).map((v) => ({
        variant_id: v.id, product_id: p.id, price: v.price, compare_at_price: v.compare_at_price, currency: 'IDR',
      })));
      return json(found);
    })),
    http.get(path('/variants/:variantId/availability'), route((c) => {
      const variant = products().flatMap((p) => p.variants).find((v) => v.id === Number(c.params.variantId));
      if (!variant) return notFound('Variant');
      return json({ variant_id: variant.id, in_stock: variant.in_stock, available_quantity: variant.in_stock ? 999 : 0 });
    })),

    http.get(path('/locations'), route((c) => json(page(locationHits().filter((l) => l.label.toLowerCase().includes(search(c.url))), c.url)))),
    http.get(path('/locations/provinces'), route((c) => json(PROVINCES.filter((p) => p.name.toLowerCase().includes(search(c.url)))))),
    http.get(path('/locations/cities'), route((c) => {
      const province = Number(c.url.searchParams.get('province_id') ?? 0);
      return json(CITIES.filter((x) => (!province || x.province_id === province) && x.name.toLowerCase().includes(search(c.url))));
    })),
    http.get(path('/locations/subdistricts'), route((c) => {
      const city = Number(c.url.searchParams.get('city_id') ?? 0);
      return json(SUBDISTRICTS.filter((x) => (!city || x.city_id === city) && x.name.toLowerCase().includes(search(c.url))));
    })),
    http.get(path('/locations/:locationId/postal-codes'), route((c) => {
      const codes = POSTAL_CODES[Number(c.params.locationId)];
      return codes ? json(codes.filter((p) => `${p.name} ${p.postal_code}`.toLowerCase().includes(search(c.url)))) : notFound('Location');
    })),

    http.get(path('/cart'), route((c) => withToken(tokenOf(c), state.cart(tokenOf(c))))),
    http.post(path('/cart/items'), route(async (c) => {
      const token = tokenOf(c);
      return withToken(token, state.addToCart(token, (await c.body()) as ItemInput), 201);
    })),
    http.patch(path('/cart/items/:lineId'), route(async (c) => {
      const token = tokenOf(c);
      const { quantity } = (await c.body()) as { quantity: number };
      const cart = state.updateLine(token, Number(c.params.lineId), quantity);
      return cart ? withToken(token, cart) : notFound('Cart item');
    })),
    http.delete(path('/cart/items/:lineId'), route((c) => {
      const token = tokenOf(c);
      const cart = state.updateLine(token, Number(c.params.lineId), null);
      return cart ? withToken(token, cart) : notFound('Cart item');
    })),

    http.post(path('/checkout/shipping-options'), route(async (c) => json(state.shippingOptions((await c.body()) as CheckoutInput, c.token)))),
    http.post(path('/checkout/summary'), route(async (c) => json(state.summary((await c.body()) as CheckoutInput, c.token)))),
    http.post(path('/discount-codes/check'), route(async (c) => {
      const input = (await c.body()) as CheckoutInput & { code: string };
      const code = input.code.trim().toUpperCase();
      if (code !== STORE.discountCode.code) return json({ eligible: false, code, reason: 'not_found', message: 'Kode tidak ditemukan' });
      const amount = Math.round((Number(state.summary({ ...input, courier: undefined, destination: undefined, payment_method: 'bank_transfer' }, c.token).product_price) * STORE.discountCode.percent) / 100);
      return json({ eligible: true, code, discount_type: 'percentage', value: String(STORE.discountCode.percent), discount_amount: String(amount), message: `Hemat ${STORE.discountCode.percent}%` });
    })),
    http.post(path('/checkout'), route(async (c) => {
      const order = state.checkout((await c.body()) as CheckoutInput, c.token, origin(c));
      return c.token ? withToken(c.token, order, 201) : json(order, { status: 201 });
    })),
    http.get(path('/orders/:slug'), route((c) => {
      const order = state.orders.get(c.params.slug);
      return order ? json(order) : notFound('Order');
    })),
    http.patch(path('/orders/:slug'), route(async (c) => {
      const order = state.orders.get(c.params.slug);
      if (!order) return notFound('Order');
      if (order.payment_status !== 'unpaid' || order.status === 'cancelled') return errorResponse(409, 'invalid_state', 'The order can no longer be changed');
      const update = (await c.body()) as { customer?: Partial<typeof order.customer>; address?: string; notes?: string };
      Object.assign(order.customer, update.customer);
      if (update.notes !== undefined) order.notes = update.notes;
      if (update.address !== undefined && order.shipping) order.shipping.address = update.address;
      return json(order);
    })),
    http.post(path('/orders/:slug/payment'), route((c) => {
      const order = state.createPayment(c.params.slug, origin(c));
      return order ? json(order) : notFound('Order');
    })),
  ];

  return { handlers, state, reset: state.reset };
}

/** The handlers alone: `setupWorker(...storefrontHandlers())`. */
export const storefrontHandlers = (options?: MockStorefrontOptions) => createMockStorefront(options).handlers;
