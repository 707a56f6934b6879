import type { Terms } from '../shared/localize.ts';

/** Texts of `<svc-product>` only, in its own chunk (a catalog page loads them with the product view). */
const id = {
  inStock: 'Stok tersedia',
  left: (n: number) => `Sisa ${n} lagi`,
  unavailable: 'Kombinasi ini tidak tersedia',
  contents: 'Isi paket',
};

const en: typeof id = {
  inStock: 'In stock',
  left: (n) => `Only ${n} left`,
  unavailable: 'This combination is unavailable',
  contents: 'In this bundle',
};

/** The product view's own texts; the shared ones (catalog badges, cart, errors) come with `Localize`. */
export const PRODUCT_TERMS: Terms<typeof id> = { id, en };
