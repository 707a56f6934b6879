import { Hono, type Context } from 'hono';
import { CartItemInput, CartItemUpdate, HEADERS } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { addCartItem, cartView, openGuestCart, removeCartItem, setCartItemQuantity } from '../domain/cart.ts';
import { notFound } from '../errors.ts';
import { parseBody } from '../http/request-body.ts';

/** A path item id; anything that is not a positive safe integer cannot be an item of the cart. */
function itemId(c: Context): number {
  const raw = c.req.param('item_id') ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound('Cart item not found');
  return id;
}

/**
 * Guest cart routes under /v3/stores/{store_id}/public/cart. Every answer (errors included) carries the cart's
 * `X-Service-Guest-Token`: the one sent when it is a cart of this store, otherwise a fresh one.
 */
export function cartRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  const guestCart = (c: Context<AppEnv>) => {
    const cart = openGuestCart(db, c.var.store.id, c.req.header(HEADERS.guestToken));
    c.header(HEADERS.guestToken, cart.guest_token);
    return cart;
  };

  app.get('/', (c) => c.json(cartView(db, c.var.store.id, guestCart(c).id)));

  app.post('/items', async (c) => {
    const cart = guestCart(c);
    const item = await parseBody(c, CartItemInput);
    addCartItem(db, c.var.store.id, cart.id, item);
    return c.json(cartView(db, c.var.store.id, cart.id), 201);
  });

  app.patch('/items/:item_id', async (c) => {
    const cart = guestCart(c);
    const id = itemId(c);
    const { quantity } = await parseBody(c, CartItemUpdate);
    setCartItemQuantity(db, c.var.store.id, cart.id, id, quantity);
    return c.json(cartView(db, c.var.store.id, cart.id));
  });

  app.delete('/items/:item_id', (c) => {
    const cart = guestCart(c);
    removeCartItem(db, cart.id, itemId(c));
    return c.json(cartView(db, c.var.store.id, cart.id));
  });

  return app;
}
