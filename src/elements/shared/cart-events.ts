import type { Cart, CartItemInput } from '../../contract/cart.ts';
import type { ItemCard, Variant } from '../../contract/catalog.ts';
import { SvcEvent } from './svc-event.ts';

// Events of browsing and the cart: catalog, product view, add-to-cart, cart.

/** A catalog card was chosen. Cancel it to stop the default (open the product view or follow `href-template`). */
export class ItemSelectEvent extends SvcEvent<{ item: ItemCard }> {
  constructor(item: ItemCard) {
    super('svc-item-select', { item }, true);
  }
}

/** The product view's selected variant changed (`null`: the chosen options match no variant). */
export class VariantChangeEvent extends SvcEvent<{ variant: Variant | null }> {
  constructor(variant: Variant | null) {
    super('svc-variant-change', { variant });
  }
}

/** The cart changed through an element: an item added, a quantity set, a line removed. */
export class CartChangeEvent extends SvcEvent<{ action: 'add' | 'update' | 'remove'; cart: Cart; storeId: string; item?: CartItemInput }> {
  constructor(detail: CartChangeEvent['detail']) {
    super('svc-cart-change', detail);
  }
}

/** The buyer asked to check out. Cancel it to run your own checkout instead of following `checkout-url`. */
export class CheckoutRequestEvent extends SvcEvent<{ cart: Cart }> {
  constructor(cart: Cart) {
    super('svc-checkout-request', { cart }, true);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-item-select': ItemSelectEvent;
    'svc-variant-change': VariantChangeEvent;
    'svc-cart-change': CartChangeEvent;
    'svc-checkout-request': CheckoutRequestEvent;
  }
}
