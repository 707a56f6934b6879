import { ContractError, isApiError, NetworkError } from '../../client/errors.ts';
import type { Lang } from './i18n.ts';
import type { Terms } from './localize.ts';

/**
 * The service's refusals in the buyer's language. The server writes its messages in English for developers (and
 * `commerce-service-v3.md` leaves their wording open): none of them reaches a buyer. A known error code gets a
 * sentence, a known field path (`customer.phone`, `items.0.quantity`) a name and a sentence that names it; anything
 * else a fallback that still names the field where it can. Shared by every element that writes (checkout now;
 * sign-in and account can read the same tables).
 */

/** What an element can tell about the request it sent: the names of its items, by index. */
export type ErrorContext = { itemName?: (index: number) => string | undefined };

const id = {
  /** Field names, by the request path (or its first segments: `destination.foo` is the delivery address). */
  fields: {
    customer: 'Kontak', 'customer.name': 'Nama lengkap', 'customer.phone': 'Nomor HP', 'customer.email': 'E-mail',
    destination: 'Alamat pengiriman', 'destination.location_id': 'Kecamatan', 'destination.postal_code': 'Kode pos',
    'destination.address': 'Alamat lengkap', address: 'Alamat lengkap',
    courier: 'Layanan pengiriman', courier_service: 'Layanan pengiriman', warehouse_id: 'Layanan pengiriman', shipping_option: 'Layanan pengiriman',
    payment_method: 'Metode pembayaran', sub_payment_method: 'Bank / e-wallet', discount_code: 'Kode diskon', code: 'Kode diskon',
    notes: 'Catatan', items: 'Produk', quantity: 'Jumlah',
    email: 'E-mail', password: 'Kata sandi', otp: 'Kode verifikasi', name: 'Nama lengkap', phone: 'Nomor HP',
    current_password: 'Kata sandi sekarang', new_password: 'Kata sandi baru', token: 'Tautan atur ulang',
  } as Record<string, string>,
  item: (index: number, name?: string) => (name ? `Jumlah ${name}` : `Jumlah produk ke-${index + 1}`),
  check: (label: string) => `Periksa kembali: ${label}.`,
  /** Sentences for the fields whose rule the buyer can act on. */
  nameRule: 'Nama lengkap wajib diisi (paling banyak 120 huruf).',
  phoneRule: 'Masukkan nomor HP yang valid, mis. 0812 3456 7890.',
  emailRule: 'Masukkan alamat e-mail yang valid.',
  emailNeeded: 'E-mail wajib diisi: produk digital dikirim ke e-mail ini.',
  locationRule: 'Pilih kecamatan tujuan.',
  postalRule: 'Pilih kode pos yang ada di kecamatan ini.',
  addressRule: 'Alamat lengkap wajib diisi (paling banyak 500 huruf).',
  shippingRule: 'Pilih layanan pengiriman lagi: pilihan tadi tidak tersedia untuk pesanan ini.',
  methodRule: 'Pilih metode pembayaran.',
  methodRefused: 'Metode pembayaran ini tidak bisa dipakai untuk pesanan ini. Pilih metode lain.',
  channelRule: 'Pilih bank atau e-wallet.',
  notesRule: 'Catatan terlalu panjang (paling banyak 500 huruf).',
  itemGone: 'Produk ini tidak dijual lagi. Hapus dari pesanan.',
  stock: (what: string) => `Stok tidak mencukupi. Kurangi ${what.charAt(0).toLowerCase()}${what.slice(1)}.`,
  /** Sentences for the whole failure, by error code. */
  codes: {
    validation_error: 'Periksa kembali isian yang ditandai.',
    out_of_stock: 'Stok tidak mencukupi untuk pesanan ini. Kurangi jumlahnya atau pilih produk lain.',
    payment_method_not_allowed: 'Metode pembayaran ini tidak bisa dipakai untuk pesanan ini. Pilih metode lain.',
    email_required: 'E-mail wajib diisi: produk digital dikirim ke e-mail ini.',
    idempotency_conflict: 'Pesanan ini sudah pernah dikirim dengan isian lain. Muat ulang halaman dan periksa pesanan Anda sebelum memesan lagi.',
    invalid_state: 'Pesanan ini tidak bisa diubah atau dibayar lagi. Buka halaman pesanan untuk melihat statusnya.',
    invalid_credentials: 'E-mail atau kata sandi salah.',
    rate_limited: 'Terlalu banyak permintaan. Tunggu sebentar, lalu coba lagi.',
    store_not_found: 'Toko ini sedang tidak menerima pesanan. Hubungi penjual.',
    page_not_found: 'Halaman ini sedang tidak menerima pesanan. Hubungi penjual.',
    not_found: 'Data tidak ditemukan. Muat ulang halaman.',
    unauthorized: 'Sesi Anda sudah berakhir. Silakan masuk lagi.',
    forbidden: 'Anda tidak punya akses untuk ini.',
    origin_not_allowed: 'Situs ini belum diizinkan oleh toko. Hubungi penjual.',
    payload_too_large: 'Isian terlalu panjang. Persingkat alamat atau catatan.',
  } as Record<string, string>,
  server: 'Toko sedang bermasalah. Coba lagi sebentar lagi.',
  offline: 'Tidak ada koneksi. Periksa internet Anda.',
  unreadable: 'Jawaban toko tidak terbaca. Coba lagi sebentar lagi.',
  failed: 'Terjadi kesalahan. Silakan coba lagi.',
};
type ErrorTerms = typeof id;

const en: ErrorTerms = {
  fields: {
    customer: 'Contact', 'customer.name': 'Full name', 'customer.phone': 'Phone number', 'customer.email': 'E-mail',
    destination: 'Delivery address', 'destination.location_id': 'Subdistrict', 'destination.postal_code': 'Postal code',
    'destination.address': 'Street address', address: 'Street address',
    courier: 'Shipping service', courier_service: 'Shipping service', warehouse_id: 'Shipping service', shipping_option: 'Shipping service',
    payment_method: 'Payment method', sub_payment_method: 'Bank / e-wallet', discount_code: 'Discount code', code: 'Discount code',
    notes: 'Notes', items: 'Products', quantity: 'Quantity',
    email: 'E-mail', password: 'Password', otp: 'Verification code', name: 'Full name', phone: 'Phone number',
    current_password: 'Current password', new_password: 'New password', token: 'Reset link',
  },
  item: (index, name) => (name ? `Quantity of ${name}` : `Quantity of item ${index + 1}`),
  check: (label) => `Please check: ${label}.`,
  nameRule: 'Enter your full name (up to 120 characters).',
  phoneRule: 'Enter a valid phone number, e.g. 0812 3456 7890.',
  emailRule: 'Enter a valid e-mail address.',
  emailNeeded: 'Enter your e-mail: we send digital products to it.',
  locationRule: 'Choose the subdistrict to deliver to.',
  postalRule: 'Choose a postal code of this subdistrict.',
  addressRule: 'Enter the street address (up to 500 characters).',
  shippingRule: 'Choose a shipping service again: the one chosen is not available for this order.',
  methodRule: 'Choose a payment method.',
  methodRefused: 'This payment method cannot be used for this order. Choose another one.',
  channelRule: 'Choose a bank or e-wallet.',
  notesRule: 'The notes are too long (up to 500 characters).',
  itemGone: 'This product is no longer sold. Remove it from the order.',
  stock: (what) => `Not enough stock. Lower the ${what.charAt(0).toLowerCase()}${what.slice(1)}.`,
  codes: {
    validation_error: 'Please check the highlighted fields.',
    out_of_stock: 'Not enough stock for this order. Lower the quantity or choose another product.',
    payment_method_not_allowed: 'This payment method cannot be used for this order. Choose another one.',
    email_required: 'Enter your e-mail: we send digital products to it.',
    idempotency_conflict: 'This order was already sent with other details. Reload the page and check your orders before ordering again.',
    invalid_state: 'This order can no longer be changed or paid. Open the order page to see its status.',
    invalid_credentials: 'Wrong e-mail or password.',
    rate_limited: 'Too many requests. Wait a moment, then try again.',
    store_not_found: 'This store is not taking orders right now. Please contact the seller.',
    page_not_found: 'This page is not taking orders right now. Please contact the seller.',
    not_found: 'Not found. Reload the page.',
    unauthorized: 'Your session has ended. Please sign in again.',
    forbidden: 'You do not have access to this.',
    origin_not_allowed: 'The store has not allowed this site yet. Please contact the seller.',
    payload_too_large: 'Too much text. Shorten the address or the notes.',
  },
  server: 'The store is having trouble. Try again in a moment.',
  offline: 'No connection. Check your internet.',
  unreadable: 'The store’s answer could not be read. Try again in a moment.',
  failed: 'Something went wrong. Please try again.',
};

const TERMS: Terms<ErrorTerms> = { id, en };

/** `items.2.quantity` → 2 (the line the server refused), else undefined. */
const itemIndex = (path: string) => {
  const match = /^items\.(\d+)(\.|$)/.exec(path);
  return match ? Number(match[1]) : undefined;
};

/** The buyer-facing name of a request field: its own, else that of its nearest known parent; undefined when unknown. */
export function fieldLabel(path: string, lang: Lang, context: ErrorContext = {}): string | undefined {
  const t = TERMS[lang];
  const index = itemIndex(path);
  if (index !== undefined) return t.item(index, context.itemName?.(index));
  for (let at = path; at; at = at.slice(0, Math.max(0, at.lastIndexOf('.')))) {
    if (Object.hasOwn(t.fields, at)) return t.fields[at];
  }
  return undefined;
}

/** The sentence for a field the server refused: what to do, naming the field. */
export function fieldText(path: string, code: string, lang: Lang, context: ErrorContext = {}): string {
  const t = TERMS[lang];
  if (itemIndex(path) !== undefined) {
    if (/\.(variant_id|bundle_price_option_id)$/.test(path)) return t.itemGone;
    return t.stock(fieldLabel(path, lang, context)!);
  }
  const rules: Record<string, string> = {
    'customer.name': t.nameRule, name: t.nameRule, 'customer.phone': t.phoneRule, phone: t.phoneRule,
    'customer.email': code === 'email_required' ? t.emailNeeded : t.emailRule, email: t.emailRule,
    destination: t.locationRule, 'destination.location_id': t.locationRule, 'destination.postal_code': t.postalRule,
    'destination.address': t.addressRule, address: t.addressRule,
    courier: t.shippingRule, courier_service: t.shippingRule, warehouse_id: t.shippingRule, shipping_option: t.shippingRule,
    payment_method: code === 'payment_method_not_allowed' ? t.methodRefused : t.methodRule, sub_payment_method: t.channelRule,
    notes: t.notesRule,
  };
  if (Object.hasOwn(rules, path)) return rules[path];
  const label = fieldLabel(path, lang, context);
  return label ? t.check(label) : t.failed;
}

/**
 * One sentence for a failed call. A validation error names the fields the server refused ("Periksa kembali: Nomor
 * HP, Kode pos."), an unknown code of a 4xx does too, else says that something went wrong.
 */
export function errorText(error: unknown, lang: Lang, context: ErrorContext = {}): string {
  const t = TERMS[lang];
  if (error instanceof NetworkError) return t.offline;
  if (error instanceof ContractError) return t.unreadable;
  if (!isApiError(error)) return t.failed;
  if (error.status >= 500) return t.server;
  const paths = Object.keys(error.fields);
  if (paths.length === 1 && error.code !== 'validation_error') return fieldText(paths[0], error.code, lang, context);
  if (error.code !== 'validation_error' && Object.hasOwn(t.codes, error.code)) return t.codes[error.code];
  const labels = [...new Set(paths.map((path) => fieldLabel(path, lang, context)).filter((label) => label !== undefined))];
  if (labels.length) return t.check(labels.join(', '));
  return Object.hasOwn(t.codes, error.code) ? t.codes[error.code] : error.status === 404 ? t.codes.not_found : t.failed;
}
