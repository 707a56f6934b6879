import type { Terms } from '../shared/localize.ts';

/** Texts of `<svc-catalog>` only: the feed's heading, counts, filter and empty state. */
const id = {
  products: 'Produk',
  count: (n: number) => `${n} produk`,
  shown: (shown: number, total: number) => `Menampilkan ${shown} dari ${total}`,
  category: 'Kategori',
  all: 'Semua',
  empty: 'Belum ada produk di sini.',
  sale: 'Hemat',
};

const en: typeof id = {
  products: 'Products',
  count: (n) => `${n} ${n === 1 ? 'product' : 'products'}`,
  shown: (shown, total) => `Showing ${shown} of ${total}`,
  category: 'Category',
  all: 'All',
  empty: 'No products here yet.',
  sale: 'Sale',
};

/** The catalog's own texts; the shared ones (badges, loading, retry, close, errors) come with `Localize`. */
export const CATALOG_TERMS: Terms<typeof id> = { id, en };
