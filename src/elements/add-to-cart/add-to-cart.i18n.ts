import type { Terms } from '../shared/localize.ts';

/** Texts of `<svc-add-to-cart>` only: the button's states while adding. */
const id = {
  adding: 'Menambahkan…',
  added: 'Masuk keranjang',
};

const en: typeof id = {
  adding: 'Adding…',
  added: 'Added to cart',
};

/** The button's own texts; the shared ones (add to cart, cart, errors) come with `Localize`. */
export const ADD_TO_CART_TERMS: Terms<typeof id> = { id, en };
