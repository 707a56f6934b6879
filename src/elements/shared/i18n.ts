export type Lang = 'id' | 'en';

const id = {
  loadMore: 'Muat lebih banyak',
  loading: 'Memuat…',
  retry: 'Coba lagi',
  digital: 'Digital',
  soldOut: 'Habis',
  bundle: 'Paket',
  /** Read before the struck-through compare-at price ("semula Rp 110.000"): a strike-through is not read out. */
  was: 'semula',
  /** Before a range's lowest price where a card is too narrow for the range ("Mulai Rp 85.000"). */
  from: 'Mulai',
  close: 'Tutup',
  notFound: 'Produk tidak ditemukan.',
  quantity: 'Jumlah',
  less: 'Kurangi jumlah',
  more: 'Tambah jumlah',
  oneLess: (item: string) => `Kurangi satu ${item}`,
  oneMore: (item: string) => `Tambah satu ${item}`,
  addToCart: 'Tambah ke keranjang',
  cart: 'Keranjang',
  cartEmpty: 'Keranjang masih kosong.',
  notConfigured: 'Toko belum dikonfigurasi (store-id, store-key).',
  offline: 'Tidak ada koneksi. Periksa internet Anda.',
  busy: 'Terlalu banyak permintaan, coba sebentar lagi.',
  noStock: 'Stok tidak mencukupi.',
  failed: 'Terjadi kesalahan. Silakan coba lagi.',
};
export type ShopTerms = typeof id;

const en: ShopTerms = {
  loadMore: 'Load more',
  loading: 'Loading…',
  retry: 'Try again',
  digital: 'Digital',
  soldOut: 'Sold out',
  bundle: 'Bundle',
  was: 'was',
  from: 'From',
  close: 'Close',
  notFound: 'Product not found.',
  quantity: 'Quantity',
  less: 'Decrease quantity',
  more: 'Increase quantity',
  oneLess: (item) => `Remove one ${item}`,
  oneMore: (item) => `Add one ${item}`,
  addToCart: 'Add to cart',
  cart: 'Cart',
  cartEmpty: 'Your cart is empty.',
  notConfigured: 'The store is not configured (store-id, store-key).',
  offline: 'No connection. Check your internet.',
  busy: 'Too many requests, try again in a moment.',
  noStock: 'Not enough stock.',
  failed: 'Something went wrong. Please try again.',
};

/**
 * Texts several elements use (badges, loading, retry, close, the cart, the quantity stepper) and the errors every
 * element shows. `Localize` reads them behind each element's own table (`x.i18n.ts`).
 */
export const SHOP_TERMS: Record<Lang, ShopTerms> = { id, en };

/** The language of the nearest `lang` attribute, crossing shadow roots; Indonesian unless it is English. */
export function langOf(element: Element): Lang {
  for (let node: Node | null = element; node; node = node.parentNode ?? (node as ShadowRoot).host ?? null) {
    const lang = (node as Element).getAttribute?.('lang');
    if (lang) return /^en\b/i.test(lang) ? 'en' : 'id';
  }
  return 'id';
}

/** Intl locale of a UI language (money, numbers). */
export const localeOf = (lang: Lang) => (lang === 'en' ? 'en-ID' : 'id-ID');
