import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  CheckoutBody, DiscountCheckBody, HEADERS, ShippingOptionsBody, SummaryBody, type CartItemInput,
} from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { cartItemInputs, clearCart, findCart, isGuestToken, type CartRow } from '../domain/cart.ts';
import { checkDiscountCode } from '../domain/discounts.ts';
import { fingerprint, parseIdempotencyKey, withIdempotency, type StoredResponse } from '../domain/idempotency.ts';
import { placeOrder } from '../domain/orders.ts';
import { hostedPaymentsAvailable } from '../domain/payments.ts';
import { itemTotals, offeredShipping, priceItems, quote, summaryOf, type QuoteInput } from '../domain/pricing.ts';
import { publicOrder } from '../domain/public-order.ts';
import { fieldError, parseWith } from '../errors.ts';
import { parseBody, readJson } from '../http/request-body.ts';
import { publicBaseUrl } from './orders.ts';

type ItemSource = { items: CartItemInput[]; cart: CartRow | undefined };

const toQuoteInput = (body: SummaryBody, items: CartItemInput[]): QuoteInput => ({
  items,
  destination: body.destination,
  shipping: { courier: body.courier, courier_service: body.courier_service, warehouse_id: body.warehouse_id },
  paymentMethod: body.payment_method,
  subPaymentMethod: body.sub_payment_method,
  discountCode: body.discount_code,
  partial: body.partial,
});

/** Storefront checkout routes under /v3/stores/{store_id}/public: shipping options, summary, discount check, order. */
export function checkoutRoutes({ db, config }: RouteDeps) {
  const app = new Hono<AppEnv>();

  const guestCartOf = (c: Context<AppEnv>) => {
    const token = c.req.header(HEADERS.guestToken);
    return isGuestToken(token) ? findCart(db, c.var.store.id, { guestToken: token }) : undefined;
  };

  /** Direct `items`, or else the guest cart of the token, which must then have items. */
  const itemSource = (c: Context<AppEnv>, items: CartItemInput[] | undefined, required = true): ItemSource => {
    const cart = guestCartOf(c);
    if (items) return { items, cart };
    const fromCart = cart ? cartItemInputs(db, cart.id) : [];
    if (required && fromCart.length === 0) {
      throw fieldError('items', cart ? 'The cart is empty' : 'Send items, or the guest token of a cart with items');
    }
    return { items: fromCart, cart };
  };

  app.post('/checkout/shipping-options', async (c) => {
    const body = await parseBody(c, ShippingOptionsBody);
    const items = itemSource(c, body.items).items;
    return c.json(offeredShipping(db, c.var.store.id, { items, destination: body.destination, paymentMethod: body.payment_method }));
  });

  app.post('/checkout/summary', async (c) => {
    const body = await parseBody(c, SummaryBody);
    const input = { ...toQuoteInput(body, itemSource(c, body.items).items), hostedPayments: hostedPaymentsAvailable(config) };
    return c.json(summaryOf(quote(db, c.var.store, input)));
  });

  app.post('/discount-codes/check', async (c) => {
    const body = await parseBody(c, DiscountCheckBody);
    const lines = priceItems(db, c.var.store.id, itemSource(c, body.items, false).items);
    return c.json(checkDiscountCode(db, c.var.store.id, body.code, itemTotals(lines).productPrice));
  });

  app.post('/checkout', async (c) => {
    const raw = await readJson(c);
    const body = parseWith(CheckoutBody, raw);
    const store = c.var.store;
    const key = parseIdempotencyKey(c.req.header(HEADERS.idempotencyKey));
    const token = c.req.header(HEADERS.guestToken) ?? null;
    const idempotency = key ? { scope: `store:${store.id}:public-checkout`, key, fingerprint: fingerprint(raw, token) } : undefined;
    const result = withIdempotency(db, idempotency, (): StoredResponse => {
      // Inside: a replay must not re-read a cart that the first success has emptied.
      const source = itemSource(c, body.items);
      const cartToClear = body.items === undefined || body.clear_cart ? source.cart : undefined;
      const placed = placeOrder(db, store, {
        ...toQuoteInput(body, source.items), customer: body.customer, notes: body.notes, hostedPayments: hostedPaymentsAvailable(config),
      }, {
        onCreated: () => cartToClear && clearCart(db, cartToClear.id),
      });
      return {
        status: 201,
        body: publicOrder(db, store, placed.secretSlug, publicBaseUrl(config, c)),
        headers: cartToClear?.guest_token ? { [HEADERS.guestToken]: cartToClear.guest_token } : ({}),
      };
    });
    for (const [name, value] of Object.entries(result.headers)) c.header(name, value);
    return c.json(result.body as object, result.status as ContentfulStatusCode);
  });

  return app;
}
