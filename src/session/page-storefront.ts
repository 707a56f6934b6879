import type { PaymentMethod } from '../contract/catalog.ts';
import { createClient, type Client } from '../client/client.ts';
import { checkPageDiscountCode, getPageShippingOptions, getPageSummary, placePageOrder } from '../client/routes/page.ts';
import { createCart } from './cart.ts';
import type { CheckoutRoutes, PricingInput } from './checkout-routes.ts';
import { assembleStorefront, type Storefront } from './storefront.ts';
import './storefront-parts.ts'; // a page's storefront is its checkout

export type PageStorefrontOptions = {
  pageId: string;
  pageKey: string;
  /** Address of the service; `''` (default) is this page's origin. */
  baseUrl?: string;
  /** The page's payment methods: the contract has no page route that lists them. */
  paymentMethods?: PaymentMethod[];
  summaryDebounceMs?: number;
  /** Use an existing page client instead of creating one. */
  client?: Client;
};

/** The page routes take the shipping choice as one `shipping_option` object, and always direct items. */
const pricing = (p: PricingInput) => ({
  items: p.items ?? [],
  destination: p.destination,
  shipping_option: p.shipping,
  payment_method: p.paymentMethod,
  sub_payment_method: p.subPaymentMethod,
  discount_code: p.discountCode,
  partial: p.partial,
});

/** Checkout routes of an HTML Mode page (`/v3/pages/{page_unique_id}/…`, page key). */
export function pageRoutes(client: Client, methods: PaymentMethod[] = []): CheckoutRoutes {
  return {
    mode: 'page',
    items: (direct) => direct ?? [],
    summary: (input, signal) => getPageSummary(client, pricing(input), { signal }),
    shippingOptions: (input, signal) =>
      getPageShippingOptions(client, { items: input.items ?? [], destination: input.destination, payment_method: input.paymentMethod }, { signal }),
    checkDiscount: (code, input, signal) => checkPageDiscountCode(client, { code, items: input.items ?? [] }, { signal }),
    placeOrder: (input, idempotencyKey) =>
      placePageOrder(client, { ...pricing(input), payment_method: input.paymentMethod ?? '', customer: input.customer!, notes: input.notes }, { idempotencyKey }),
    paymentMethods: () => Promise.resolve(methods),
    // the page order answers with its payment details (`payment_url`); instructions need the store key
    createPayment: (order) => Promise.resolve(order),
    previousDelivery: () => Promise.resolve(null), // a page has no customers
  };
}

/**
 * A storefront of an HTML Mode page: the same shape as a store's (`createStorefront`), provided through the same
 * context, so `<svc-checkout>` and `<svc-location-picker>` work unchanged on a page. Its checkout (and each
 * `createCheckout()`) goes through the page routes; it has no cart and no customer (`scope: 'page'`).
 * Only the checkout chunk imports this module: a catalog page never loads it.
 */
export function createPageStorefront(options: PageStorefrontOptions): Storefront {
  const client = options.client ?? createClient({ baseUrl: options.baseUrl ?? '', pageId: options.pageId, pageKey: options.pageKey, tokenStorage: 'memory' });
  const routes = pageRoutes(client, options.paymentMethods);
  return assembleStorefront('page', client, createCart(client, () => false), () => Promise.resolve(routes), () => 'page', options.summaryDebounceMs);
}
