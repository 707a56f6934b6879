import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CartItemInput, CartItemUpdate, CustomerCheckoutBody, HEADERS } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import {
  addCartItem, cartItemInputs, cartView, clearCart, findCustomerCart, removeCartItem, setCartItemQuantity,
} from '../domain/cart.ts';
import { fingerprint, parseIdempotencyKey, withIdempotency } from '../domain/idempotency.ts';
import { placeOrder } from '../domain/orders.ts';
import { hostedPaymentsAvailable } from '../domain/payments.ts';
import { publicOrder } from '../domain/public-order.ts';
import { customerOf } from '../http/customer-auth.ts';
import { badRequest, fieldError, notFound, parseWith } from '../errors.ts';
import { parseBody, readJson } from '../http/request-body.ts';
import { publicBaseUrl } from './orders.ts';

function itemId(c: Context): number {
  const raw = c.req.param('item_id') ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound('Cart item not found');
  return id;
}

/**
 * The customer cart and checkout under /v3/stores/{store_id}/customers/me (bearer checked by `requireCustomer`):
 *   GET cart, POST cart/items (201), PATCH cart/items/{item_id}, DELETE cart/items/{item_id}, POST checkout (201).
 * The cart domain is the guest cart's, owned by the customer instead of a token.
 */
export function customerCartRoutes({ db, config }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const cartOf = (c: Context<AppEnv>) => findCustomerCart(db, c.var.store.id, customerOf(c).id);

  app.get('/cart', (c) => c.json(cartView(db, c.var.store.id, cartOf(c).id)));
  app.post('/cart/items', async (c) => {
    const cart = cartOf(c);
    addCartItem(db, c.var.store.id, cart.id, await parseBody(c, CartItemInput));
    return c.json(cartView(db, c.var.store.id, cart.id), 201);
  });
  app.patch('/cart/items/:item_id', async (c) => {
    const cart = cartOf(c);
    const id = itemId(c);
    setCartItemQuantity(db, c.var.store.id, cart.id, id, (await parseBody(c, CartItemUpdate)).quantity);
    return c.json(cartView(db, c.var.store.id, cart.id));
  });
  app.delete('/cart/items/:item_id', (c) => {
    const cart = cartOf(c);
    removeCartItem(db, cart.id, itemId(c));
    return c.json(cartView(db, c.var.store.id, cart.id));
  });

  /**
   * Same rules as the public checkout: `items` omitted → the customer cart (emptied on success, as with
   * `clear_cart`); `customer` omitted → the profile's name, phone and e-mail. `Idempotency-Key` is per customer.
   */
  app.post('/checkout', async (c) => {
    const raw = await readJson(c);
    const body = parseWith(CustomerCheckoutBody, raw);
    const store = c.var.store;
    const me = customerOf(c);
    // the account's e-mail stands in for one the body leaves out (it delivers digital items)
    const buyer = body.customer ? { ...body.customer, email: body.customer.email ?? me.email } : { name: me.name ?? '', phone: me.phone ?? '', email: me.email };
    if (!buyer.name || !buyer.phone) {
      throw badRequest('Add your name and phone to the profile, or send customer', {
        ...(buyer.name ? {} : { 'customer.name': 'Required: the profile has no name' }),
        ...(buyer.phone ? {} : { 'customer.phone': 'Required: the profile has no phone number' }),
      });
    }
    const key = parseIdempotencyKey(c.req.header(HEADERS.idempotencyKey));
    const idempotency = key ? { scope: `store:${store.id}:customer:${me.id}:checkout`, key, fingerprint: fingerprint(raw) } : undefined;
    const result = withIdempotency(db, idempotency, () => {
      const cart = findCustomerCart(db, store.id, me.id);
      const items = body.items ?? cartItemInputs(db, cart.id);
      if (items.length === 0) throw fieldError('items', 'The cart is empty');
      const clear = body.items === undefined || body.clear_cart;
      const placed = placeOrder(db, store, {
        items, destination: body.destination, paymentMethod: body.payment_method, subPaymentMethod: body.sub_payment_method,
        shipping: { courier: body.courier, courier_service: body.courier_service, warehouse_id: body.warehouse_id },
        discountCode: body.discount_code, customer: buyer, notes: body.notes, hostedPayments: hostedPaymentsAvailable(config),
      }, { customerId: me.id, onCreated: () => clear && clearCart(db, cart.id) });
      return { status: 201, body: publicOrder(db, store, placed.secretSlug, publicBaseUrl(config, c)), headers: {} };
    });
    return c.json(result.body as object, result.status as ContentfulStatusCode);
  });

  return app;
}
