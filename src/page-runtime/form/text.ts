/** Texts the runtime writes into the author's page: Indonesian, or English when `<html lang="en…">`. */
const TEXTS = {
  submitting: ['Memproses pesanan…', 'Placing your order…'],
  redirecting: ['Pesanan dibuat. Mengalihkan ke pembayaran…', 'Order placed. Taking you to payment…'],
  created: ['Pesanan berhasil dibuat.', 'Your order has been placed.'],
  network: ['Koneksi terputus. Coba lagi.', 'Connection lost. Please try again.'],
  busy: ['Server sibuk. Coba lagi sebentar lagi.', 'The server is busy. Try again in a moment.'],
  failed: ['Pesanan belum bisa dibuat.', 'The order could not be placed.'],
  noItems: ['Pilih produk terlebih dahulu.', 'Choose a product first.'],
  chooseShipping: ['Pilih layanan pengiriman.', 'Choose a shipping service.'],
  choose: ['Pilih…', 'Choose…'],
  badCode: ['Kode diskon tidak berlaku.', 'This code does not apply.'],
};

export const english = () => document.documentElement.lang.toLowerCase().startsWith('en');
export const text = (key: keyof typeof TEXTS): string => TEXTS[key][+english()];

/** Whole rupiah as the buyer reads them: "Rp 85.000". */
export const rupiah = (amount: string | number): string =>
  new Intl.NumberFormat(english() ? 'en-ID' : 'id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 }).format(Number(amount));
