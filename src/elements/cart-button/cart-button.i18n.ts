import type { Terms } from '../shared/localize.ts';

/** Texts of `<svc-cart-button>` only: its label with the count. */
const id = {
  cartLabel: (n: number) => `Keranjang, ${n} barang`,
};

const en: typeof id = {
  cartLabel: (n) => `Cart, ${n} ${n === 1 ? 'item' : 'items'}`,
};

/** The cart button's own texts; the shared ones (cart, close, empty cart, errors) come with `Localize`. */
export const CART_BUTTON_TERMS: Terms<typeof id> = { id, en };
