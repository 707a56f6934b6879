/**
 * Texts of `svc-order-extras.js` (the checkout form's problems, the digital e-mail rule, the order's state), in the
 * language of the page or of the form (`lang` on `<html>` or on an ancestor): Indonesian, or English for `en…`.
 */
const id = {
  /** A required field left empty, by field. */
  missing: {
    'customer.name': 'Isi nama penerima.',
    'customer.phone': 'Isi nomor HP/WhatsApp.',
    'customer.email': 'Isi alamat e-mail.',
    'destination.province_id': 'Pilih provinsi.',
    'destination.city_id': 'Pilih kota/kabupaten.',
    'destination.location_id': 'Pilih kecamatan.',
    'destination.postal_code': 'Pilih kode pos.',
    'destination.address': 'Isi alamat lengkap.',
    payment_method: 'Pilih cara pembayaran.',
    sub_payment_method: 'Pilih bank atau e-wallet.',
    shipping_option: 'Pilih layanan pengiriman.',
    items: 'Pilih produk terlebih dahulu.',
    quantity: 'Isi jumlah.',
  } as Record<string, string>,
  required: 'Wajib diisi.',
  phone: 'Masukkan nomor HP yang valid, mis. 0812 3456 7890.',
  email: 'Masukkan alamat e-mail yang valid, mis. nama@email.com.',
  range: (min: string, max: string) => (min && max ? `Isi angka ${min}–${max}.` : min ? `Isi angka minimal ${min}.` : `Isi angka maksimal ${max}.`),
  check: 'Periksa isian ini.',
  /**
   * The e-mail a digital item is delivered to: the reason beside the field, and the problem of an empty one when the
   * service refused it before the page knew of the digital item.
   */
  emailFor: (names: string) => `Wajib diisi: ${names} dikirim ke e-mail ini.`,
  emailMissing: (names: string) => `Isi e-mail: ${names} dikirim ke e-mail ini.`,
  and: 'dan',
  digitalItems: 'produk digital',
  /** The service's verdict on a field, by field (the service's own words are English). */
  refused: {
    'customer.name': 'Periksa nama penerima.',
    'destination.postal_code': 'Kode pos ini tidak ada di kecamatan yang dipilih.',
    'destination.location_id': 'Pilih kecamatan tujuan lagi.',
    'destination.address': 'Periksa alamat lengkap.',
    shipping_option: 'Layanan pengiriman ini tidak tersedia lagi. Pilih yang lain.',
    sub_payment_method: 'Pilih bank atau e-wallet yang tersedia.',
    payment_method: 'Cara pembayaran ini tidak tersedia untuk pesanan ini.',
    discount_code: 'Kode diskon tidak berlaku.',
    notes: 'Catatan maksimal 500 karakter.',
    items: 'Produk ini tidak bisa dipesan. Pilih yang lain.',
  } as Record<string, string>,
  outOfStock: 'Stok tidak cukup untuk jumlah ini.',
  codNeedsDelivery: 'COD hanya untuk barang yang dikirim. Pilih cara pembayaran lain.',
  /** Beside the submit button. */
  fix: (count: number) => (count === 1 ? 'Ada 1 isian yang perlu diperbaiki.' : `Ada ${count} isian yang perlu diperbaiki.`),
  notPlaced: 'Pesanan belum dibuat.',
  failed: 'Pesanan belum dibuat. Silakan coba lagi.',
  busy: 'Server sedang sibuk dan pesanan belum dibuat. Coba lagi sebentar lagi.',
  /** No answer: the order may exist; the same attempt sent again returns it instead of placing a second one. */
  lost: 'Koneksi terputus sebelum pesanan terkonfirmasi. Kirim lagi: pesanan tidak akan tercatat dua kali.',
  /** The order's state, as the thank-you view says it right after the order. */
  awaitingPayment: 'Menunggu pembayaran',
  codProcessing: 'Diproses — bayar saat barang tiba',
  paid: 'Dibayar · diproses',
};
export type ExtrasTexts = typeof id;

const en: ExtrasTexts = {
  missing: {
    'customer.name': 'Enter the recipient’s name.',
    'customer.phone': 'Enter a phone number.',
    'customer.email': 'Enter an e-mail address.',
    'destination.province_id': 'Choose a province.',
    'destination.city_id': 'Choose a city or regency.',
    'destination.location_id': 'Choose a subdistrict.',
    'destination.postal_code': 'Choose a postal code.',
    'destination.address': 'Enter the street address.',
    payment_method: 'Choose a payment method.',
    sub_payment_method: 'Choose a bank or e-wallet.',
    shipping_option: 'Choose a shipping service.',
    items: 'Choose a product first.',
    quantity: 'Enter a quantity.',
  },
  required: 'This field is required.',
  phone: 'Enter a valid phone number, e.g. 0812 3456 7890.',
  email: 'Enter a valid e-mail address, e.g. name@example.com.',
  range: (min, max) => (min && max ? `Enter a number from ${min} to ${max}.` : min ? `Enter ${min} or more.` : `Enter ${max} or less.`),
  check: 'Check this field.',
  emailFor: (names) => `Required: we send ${names} to this address.`,
  emailMissing: (names) => `Enter your e-mail: we send ${names} to this address.`,
  and: 'and',
  digitalItems: 'your digital products',
  refused: {
    'customer.name': 'Check the recipient’s name.',
    'destination.postal_code': 'This postal code is not in the chosen subdistrict.',
    'destination.location_id': 'Choose the subdistrict again.',
    'destination.address': 'Check the street address.',
    shipping_option: 'This shipping service is no longer offered. Choose another.',
    sub_payment_method: 'Choose one of the banks or e-wallets offered.',
    payment_method: 'This payment method is not available for this order.',
    discount_code: 'This code does not apply.',
    notes: 'Notes take at most 500 characters.',
    items: 'This product cannot be ordered. Choose another.',
  },
  outOfStock: 'Not enough stock for this quantity.',
  codNeedsDelivery: 'Cash on delivery is only for items that are shipped. Choose another payment method.',
  fix: (count) => (count === 1 ? '1 field needs your attention.' : `${count} fields need your attention.`),
  notPlaced: 'The order was not placed.',
  failed: 'The order was not placed. Please try again.',
  busy: 'The server is busy and the order was not placed. Try again in a moment.',
  lost: 'The connection dropped before the order was confirmed. Send it again: it will not be placed twice.',
  awaitingPayment: 'Awaiting payment',
  codProcessing: 'Processing — pay when it arrives',
  paid: 'Paid · processing',
};

/** The texts for an element's language: its nearest `lang` (the form's, else the page's). */
export const textsFor = (el: Element): ExtrasTexts =>
  (el.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().startsWith('en') ? en : id;

/** “A” or “A” dan “B”: the names of the digital items, quoted; many read as "produk digital". */
export function itemNames(names: readonly string[], t: ExtrasTexts): string {
  const quoted = names.map((name) => `“${name}”`);
  return quoted.length > 2 ? t.digitalItems : quoted.join(` ${t.and} `);
}
