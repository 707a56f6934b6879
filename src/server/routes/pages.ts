import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  DiscountCheckBody, HEADERS, PageOrderBody, PageShippingOptionsBody, PageSummaryBody,
} from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { checkDiscountCode } from '../domain/discounts.ts';
import { fingerprint, parseIdempotencyKey, withIdempotency } from '../domain/idempotency.ts';
import { placeOrder } from '../domain/orders.ts';
import { hostedPaymentsAvailable } from '../domain/payments.ts';
import type { PageRow } from '../domain/pages.ts';
import { itemTotals, offeredShipping, priceItems, quote, summaryOf, type QuoteInput } from '../domain/pricing.ts';
import { createOrderPayment } from '../domain/public-order.ts';
import { parseWith } from '../errors.ts';
import { parseBody, readJson } from '../http/request-body.ts';
import { analyticsRoutes } from './page-analytics.ts';
import { locationRoutes } from './locations.ts';
import { publicBaseUrl } from './orders.ts';

const pageOf = (c: Context) => c.get('page') as PageRow;

/** Page bodies carry the shipping choice as one `shipping_option` object; errors name its fields so. */
const toQuoteInput = (body: PageSummaryBody): QuoteInput => ({
  items: body.items,
  destination: body.destination,
  shipping: body.shipping_option,
  paymentMethod: body.payment_method,
  subPaymentMethod: body.sub_payment_method,
  discountCode: body.discount_code,
  partial: body.partial,
  shippingField: (name) => `shipping_option.${name}`,
});

/**
 * The HTML Mode page runtime under /v3/pages/{page_unique_id} (the page gate has run: page and store come from
 * the path and the key; `page_unique_id` / `store_unique_id` in bodies are dropped by the schemas).
 * Pricing, shipping, stock and order creation are the storefront's domain functions.
 */
export function pageRoutes(deps: RouteDeps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();
  app.route('/locations', locationRoutes(deps));
  app.route('/analytics', analyticsRoutes(deps));

  app.post('/discount-codes/check', async (c) => {
    const body = await parseBody(c, DiscountCheckBody);
    const lines = body.items ? priceItems(db, c.var.store.id, body.items) : [];
    return c.json(checkDiscountCode(db, c.var.store.id, body.code, itemTotals(lines).productPrice));
  });

  app.post('/checkout/shipping-options', async (c) => {
    const body = await parseBody(c, PageShippingOptionsBody);
    return c.json(offeredShipping(db, c.var.store.id, { items: body.items, destination: body.destination, paymentMethod: body.payment_method }));
  });

  app.post('/checkout/summary', async (c) => {
    const body = await parseBody(c, PageSummaryBody);
    return c.json(summaryOf(quote(db, c.var.store, { ...toQuoteInput(body), hostedPayments: hostedPaymentsAvailable(config) })));
  });

  app.post('/orders', async (c) => {
    const raw = await readJson(c);
    const body = parseWith(PageOrderBody, raw);
    const store = c.var.store;
    const page = pageOf(c);
    const key = parseIdempotencyKey(c.req.header(HEADERS.idempotencyKey));
    const idempotency = key ? { scope: `page:${page.id}:orders`, key, fingerprint: fingerprint(raw) } : undefined;
    const result = withIdempotency(db, idempotency, () => {
      const placed = placeOrder(db, store, {
        ...toQuoteInput(body), customer: body.customer, notes: body.notes, hostedPayments: hostedPaymentsAvailable(config),
      }, { pageId: page.id });
      // A landing page has no payment route of its own: its orders come with their payment instructions.
      const order = createOrderPayment(db, store, placed.secretSlug, { baseUrl: publicBaseUrl(config, c), expirySeconds: config.paymentExpirySeconds });
      return { status: 201, body: order, headers: {} };
    });
    return c.json(result.body as object, result.status as ContentfulStatusCode);
  });

  return app;
}
