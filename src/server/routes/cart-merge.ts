import { Hono } from 'hono';
import { HEADERS, MAX_LINE_QUANTITY, type CartItemInput } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { addCartItem, cartItemInputs, cartView, clearCart, findCustomerCart, openGuestCart } from '../domain/cart.ts';
import { lookupItem } from '../domain/pricing.ts';
import { requireCustomer } from '../http/customer-auth.ts';
import { HttpError } from '../errors.ts';

/**
 * POST /v3/stores/{store_id}/public/cart/merge (store key + guest token + customer bearer): moves the guest cart's
 * items into the customer cart, adding quantities, and empties the guest cart. A line that would exceed stock or
 * the per-line maximum is capped rather than failing the whole merge. Answers the customer cart; the guest token
 * header stays (it now keys an empty cart), so merging twice adds nothing twice.
 */
export function cartMergeRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.post('/', requireCustomer(db), (c) => {
    const storeId = c.var.store.id;
    const guest = openGuestCart(db, storeId, c.req.header(HEADERS.guestToken));
    const mine = findCustomerCart(db, storeId, (c.get('customer') as { id: number }).id);
    db.transaction(() => {
      const existing = new Map(cartItemInputs(db, mine.id).map((i) => [itemKey(i), i.quantity]));
      for (const item of cartItemInputs(db, guest.id)) {
        try {
          addCartItem(db, storeId, mine.id, item);
        } catch (error) {
          if (!(error instanceof HttpError) || error.status !== 400) throw error;
          const have = existing.get(itemKey(item)) ?? 0;
          const room = Math.min(MAX_LINE_QUANTITY, lookupItem(db, storeId, item)?.available ?? 0) - have;
          if (room > 0) addCartItem(db, storeId, mine.id, { ...item, quantity: Math.min(room, item.quantity) });
        }
      }
      clearCart(db, guest.id);
    })();
    c.header(HEADERS.guestToken, guest.guest_token);
    return c.json(cartView(db, storeId, mine.id));
  });
  return app;
}

const itemKey = (i: CartItemInput) => (i.type === 'variant' ? `v${i.variant_id}` : `b${i.bundle_price_option_id}`);
