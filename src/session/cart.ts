import { map, type MapStore } from 'nanostores';
import type { Cart, CartLine } from '../contract/cart.ts';
import type { Client } from '../client/client.ts';
import { emitFunnel, lineItem } from '../analytics/funnel.ts';
import { openCrossTab } from '../client/cross-tab.ts';
import {
  addGuestCartItem, getGuestCart, mergeGuestCart, removeGuestCartItem, updateGuestCartItem, type CartItemParams,
} from '../client/routes/cart.ts';

export type CartState = {
  /** Whose cart: the guest token's or the signed-in customer's. */
  source: 'guest' | 'customer';
  /** The server's cart with the pending optimistic changes applied; `null` until first loaded. */
  cart: Cart | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Changes sent and not yet answered. */
  pending: number;
  error: Error | null;
  /** Increases with every cart the server confirms: a cheap "did the cart change" for dependants. */
  revision: number;
};

/** Display data for a line the cart does not have yet, so the optimistic line can show something. */
export type LinePreview = Partial<Pick<CartLine, 'name' | 'variant_name' | 'slug' | 'image_url' | 'item_type' | 'unit_price'>>;

type Op = (cart: Cart) => Cart;

/** The customer cart routes load with the first customer cart call: a guest's cart never needs them. */
const customerRoutes = () => import('../client/routes/account.ts');
type CartMessage = { type: 'cart-changed' };

export type CartStore = ReturnType<typeof createCart>;

/**
 * `$cart` and its actions. Changes are applied at once (optimistic) and sent one after another, so a first add
 * without a guest token cannot race a second one into another cart. A failed change is taken out again: the
 * displayed cart is always "last server cart + changes still pending".
 */
export function createCart(client: Client, isCustomer: () => boolean) {
  const $cart: MapStore<CartState> = map<CartState>({ source: 'guest', cart: null, status: 'idle', pending: 0, error: null, revision: 0 });
  const bus = openCrossTab<CartMessage>(`svc:${client.options.storeId}:cart`);
  let confirmed: Cart | null = null;
  let ops: Array<{ apply: Op }> = [];
  let queue: Promise<unknown> = Promise.resolve();

  const render = (patch: Partial<CartState> = {}) =>
    $cart.set({ ...$cart.get(), ...patch, cart: confirmed && ops.reduce((cart, op) => op.apply(cart), confirmed), pending: ops.length });

  /** Runs `send` after the changes before it; applies `op` meanwhile; on error takes `op` out and rethrows. */
  function enqueue(op: Op | null, send: () => Promise<Cart>, announce: boolean, report?: (cart: Cart) => void): Promise<Cart> {
    const entry = op && { apply: op };
    if (entry) ops.push(entry);
    render({ error: null, status: confirmed ? $cart.get().status : 'loading' });
    const result = queue.then(send).then(
      (cart) => {
        confirmed = cart;
        report?.(cart); // before the stores update: listeners see add_to_cart before what it causes (begin_checkout)
        ops = ops.filter((o) => o !== entry);
        render({ status: 'ready', revision: $cart.get().revision + 1, source: isCustomer() ? 'customer' : 'guest' });
        if (announce) bus.post({ type: 'cart-changed' });
        return cart;
      },
      (error: Error) => {
        ops = ops.filter((o) => o !== entry);
        render({ error, status: confirmed ? 'ready' : 'error' });
        throw error;
      },
    );
    queue = result.catch(() => {});
    return result;
  }

  const customer = isCustomer;
  /**
   * Fetches the cart from the server (after a change in another tab, a sign-in or a sign-out). `announce` tells the
   * other tabs to refetch too (after a change made elsewhere than through these actions, such as checkout).
   */
  const load = (announce = false) =>
    enqueue(null, async () => (customer() ? (await customerRoutes()).getCustomerCart(client) : getGuestCart(client)), announce);
  // other tabs refetch rather than replay: the server's cart is the truth
  bus.subscribe(() => void load().catch(() => {}));

  return {
    $cart,
    load,
    /** Adds an item; quantities add up on an existing line. `preview` lets a new line appear before the answer. */
    add: (item: CartItemParams, preview?: LinePreview) =>
      enqueue((cart) => addLine(cart, item, preview), async () =>
        customer() ? (await customerRoutes()).addCustomerCartItem(client, item) : addGuestCartItem(client, item), true,
      reporter((cart) => cart.items.find((l) => (item.type === 'variant' ? l.variant_id === Number(item.variant_id) : l.bundle_price_option_id === Number(item.bundle_price_option_id))), item.quantity)),
    /** Sets a line's quantity (0 removes the line). */
    update: (itemId: number, quantity: number) => {
      if (quantity <= 0) return removeLine(itemId);
      const delta = quantity - (lineOf(itemId)?.quantity ?? quantity); // read before the optimistic change
      return enqueue((cart) => setQuantity(cart, itemId, quantity), async () =>
        customer() ? (await customerRoutes()).updateCustomerCartItem(client, itemId, { quantity }) : updateGuestCartItem(client, itemId, { quantity }), true,
      reporter((cart) => cart.items.find((l) => l.id === itemId), delta));
    },
    remove: (itemId: number) => removeLine(itemId),
    /** Moves the guest cart into the customer's cart (right after sign-in). */
    mergeGuest: () => enqueue(null, async () => (client.guestToken() ? mergeGuestCart(client) : (await customerRoutes()).getCustomerCart(client)), true),
    destroy: () => bus.close(),
  };

  function removeLine(itemId: number) {
    const line = lineOf(itemId);
    return enqueue((cart) => setQuantity(cart, itemId, 0), async () =>
      customer() ? (await customerRoutes()).removeCustomerCartItem(client, itemId) : removeGuestCartItem(client, itemId), true,
    reporter(() => line, -(line?.quantity ?? 0)));
  }

  function lineOf(itemId: number) {
    return $cart.get().cart?.items.find((l) => l.id === itemId);
  }

  /** The funnel's add_to_cart / remove_from_cart for the units a confirmed change moved (GA4 counts units). */
  function reporter(find: (cart: Cart) => CartLine | undefined, delta: number) {
    return (cart: Cart) => {
      const line = find(cart);
      if (line && delta) emitFunnel(delta > 0 ? 'add_to_cart' : 'remove_from_cart', [lineItem(line, Math.abs(delta))]);
    };
  }
}

let placeholderId = 0;

function addLine(cart: Cart, item: CartItemParams, preview?: LinePreview): Cart {
  const variantId = item.type === 'variant' ? Number(item.variant_id) : null;
  const bundleId = item.type === 'bundle_price_option' ? Number(item.bundle_price_option_id) : null;
  const line = cart.items.find((l) => (variantId !== null ? l.variant_id === variantId : l.bundle_price_option_id === bundleId));
  if (line) return setQuantity(cart, line.id, line.quantity + item.quantity);
  const unit = Number(preview?.unit_price ?? 0);
  const placeholder: CartLine = {
    id: --placeholderId, // negative: not a server id, never sent back
    type: item.type, variant_id: variantId, bundle_price_option_id: bundleId, quantity: item.quantity,
    name: preview?.name ?? '', variant_name: preview?.variant_name ?? null, slug: preview?.slug ?? '',
    image_url: preview?.image_url ?? null, item_type: preview?.item_type ?? 'physical',
    unit_price: String(unit), line_total: String(unit * item.quantity), available_quantity: item.quantity,
  };
  return withTotals({ ...cart, items: [...cart.items, placeholder] });
}

function setQuantity(cart: Cart, itemId: number, quantity: number): Cart {
  const items = cart.items.flatMap((l) =>
    l.id !== itemId ? [l] : quantity <= 0 ? [] : [{ ...l, quantity, line_total: String(Number(l.unit_price) * quantity) }]);
  return withTotals({ ...cart, items });
}

const withTotals = (cart: Cart): Cart => ({
  ...cart,
  item_count: cart.items.reduce((n, l) => n + l.quantity, 0),
  subtotal: String(cart.items.reduce((sum, l) => sum + Number(l.line_total), 0)),
});
