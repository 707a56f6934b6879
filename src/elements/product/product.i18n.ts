import { SHOP_TERMS } from '../shared/i18n.ts';
import { combine } from '../shared/localize.ts';

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

/** The product view's texts with the shared ones (catalog badges, cart, errors). */
export const PRODUCT_TERMS = combine(SHOP_TERMS, { id, en });
