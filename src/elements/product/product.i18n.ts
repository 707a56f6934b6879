import type { Terms } from '../shared/localize.ts';

/** Texts of `<svc-product>` only, in its own chunk (a catalog page loads them with the product view). */
const id = {
  inStock: 'Stok tersedia',
  left: (n: number) => `Sisa ${n} lagi`,
  unavailable: 'Kombinasi ini tidak tersedia',
  contents: 'Isi paket',
  choose: (option: string) => `Pilih ${option.toLowerCase()}`,
  chooseToAdd: (option: string) => `Pilih ${option.toLowerCase()} untuk menambahkan ke keranjang.`,
};

const en: typeof id = {
  inStock: 'In stock',
  left: (n) => `Only ${n} left`,
  unavailable: 'This combination is unavailable',
  contents: 'In this bundle',
  choose: (option) => `Choose ${option.toLowerCase()}`,
  chooseToAdd: (option) => `Choose ${option.toLowerCase()} to add it to the cart.`,
};

/** The product view's own texts; the shared ones (catalog badges, cart, errors) come with `Localize`. */
export const PRODUCT_TERMS: Terms<typeof id> = { id, en };
