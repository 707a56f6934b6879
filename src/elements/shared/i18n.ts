export type Lang = 'id' | 'en';

const id = {
  products: 'Produk',
  count: (n: number) => `${n} produk`,
  shown: (shown: number, total: number) => `Menampilkan ${shown} dari ${total}`,
  category: 'Kategori',
  all: 'Semua',
  loadMore: 'Muat lebih banyak',
  loading: 'Memuat…',
  empty: 'Belum ada produk di sini.',
  retry: 'Coba lagi',
  digital: 'Digital',
  soldOut: 'Habis',
  bundle: 'Paket',
  sale: 'Hemat',
  /** Read before the struck-through compare-at price ("semula Rp 110.000"): a strike-through is not read out. */
  was: 'semula',
  close: 'Tutup',
  notFound: 'Produk tidak ditemukan.',
  quantity: 'Jumlah',
  less: 'Kurangi jumlah',
  more: 'Tambah jumlah',
  oneLess: (item: string) => `Kurangi satu ${item}`,
  oneMore: (item: string) => `Tambah satu ${item}`,
  addToCart: 'Tambah ke keranjang',
  adding: 'Menambahkan…',
  added: 'Masuk keranjang',
  cart: 'Keranjang',
  cartLabel: (n: number) => `Keranjang, ${n} barang`,
  cartEmpty: 'Keranjang masih kosong.',
  subtotal: 'Subtotal',
  shippingLater: 'Ongkos kirim dihitung saat checkout.',
  checkout: 'Lanjut ke pembayaran',
  remove: (name: string) => `Hapus ${name}`,
  items: (n: number) => `${n} barang`,
  notConfigured: 'Toko belum dikonfigurasi (store-id, store-key).',
  offline: 'Tidak ada koneksi. Periksa internet Anda.',
  busy: 'Terlalu banyak permintaan, coba sebentar lagi.',
  noStock: 'Stok tidak mencukupi.',
  failed: 'Terjadi kesalahan. Silakan coba lagi.',
};
export type ShopTerms = typeof id;

const en: ShopTerms = {
  products: 'Products',
  count: (n) => `${n} ${n === 1 ? 'product' : 'products'}`,
  shown: (shown, total) => `Showing ${shown} of ${total}`,
  category: 'Category',
  all: 'All',
  loadMore: 'Load more',
  loading: 'Loading…',
  empty: 'No products here yet.',
  retry: 'Try again',
  digital: 'Digital',
  soldOut: 'Sold out',
  bundle: 'Bundle',
  sale: 'Sale',
  was: 'was',
  close: 'Close',
  notFound: 'Product not found.',
  quantity: 'Quantity',
  less: 'Decrease quantity',
  more: 'Increase quantity',
  oneLess: (item) => `Remove one ${item}`,
  oneMore: (item) => `Add one ${item}`,
  addToCart: 'Add to cart',
  adding: 'Adding…',
  added: 'Added to cart',
  cart: 'Cart',
  cartLabel: (n) => `Cart, ${n} ${n === 1 ? 'item' : 'items'}`,
  cartEmpty: 'Your cart is empty.',
  subtotal: 'Subtotal',
  shippingLater: 'Shipping is calculated at checkout.',
  checkout: 'Check out',
  remove: (name) => `Remove ${name}`,
  items: (n) => `${n} ${n === 1 ? 'item' : 'items'}`,
  notConfigured: 'The store is not configured (store-id, store-key).',
  offline: 'No connection. Check your internet.',
  busy: 'Too many requests, try again in a moment.',
  noStock: 'Not enough stock.',
  failed: 'Something went wrong. Please try again.',
};

/** Texts of browsing and the cart (catalog, product, add-to-cart, cart) and the errors every element shows. */
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
