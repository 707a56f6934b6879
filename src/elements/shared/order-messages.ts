import type { OrderStatus, PaymentStatus } from '../../contract/order.ts';
import { localeOf, type Lang } from './i18n.ts';
import type { Terms } from './localize.ts';

/**
 * Texts of orders, payment and the buyer's details, shared by checkout, payment instructions, order status, sign-in
 * and account (Indonesian first, like `shared/i18n.ts`): form labels and checks, totals, order states, payment
 * methods and steps, the order number. Element-only texts live beside each element.
 */
const id = {
  required: 'Wajib diisi.',
  invalidPhone: 'Masukkan nomor HP yang valid, mis. 0812 3456 7890.',
  invalidEmail: 'Masukkan alamat e-mail yang valid.',
  passwordShort: 'Gunakan minimal 8 karakter.',
  email: 'E-mail',
  password: 'Kata sandi',
  name: 'Nama lengkap',
  phone: 'Nomor HP',
  address: 'Alamat lengkap',
  addressHint: 'Nama jalan, nomor rumah, RT/RW, patokan.',
  notes: 'Catatan (opsional)',
  save: 'Simpan',
  saving: 'Menyimpan…',
  saved: 'Tersimpan.',
  cancel: 'Batal',
  edit: 'Ubah',
  copy: 'Salin',
  copied: 'Disalin',
  signOut: 'Keluar',
  total: 'Total',
  productsSubtotal: 'Subtotal produk',
  shipping: 'Ongkos kirim',
  discount: 'Diskon',
  otherIncome: 'Biaya lain',
  free: 'Gratis',
  days: (min: number, max: number) => (min === max ? `${min} hari` : `${min}–${max} hari`),
  /** An order's badge (`orderState`). */
  state: (state: OrderState) => ({
    unpaid: 'Menunggu pembayaran', processing: 'Dibayar · diproses', shipped: 'Dikirim', completed: 'Selesai',
    cancelled: 'Dibatalkan', expired: 'Kedaluwarsa', refunded: 'Dana dikembalikan',
  })[state],
  /**
   * A payment method's name: ours for the method codes we know (the server's list names them in the merchant's
   * language), else the server's `name`, else the code.
   */
  method: (code: string, serverName?: string) => ({
    bank_transfer: 'Transfer bank', virtual_account: 'Virtual account', qris: 'QRIS', ewallet: 'E-wallet',
    card: 'Kartu kredit/debit', invoice: 'Invoice', cod: 'Bayar di tempat (COD)',
  } as Record<string, string>)[code] ?? serverName ?? code,
  // payment instructions
  payTitle: 'Cara membayar',
  paid: 'Pembayaran diterima. Terima kasih!',
  paidAt: (when: string) => `Dibayar ${when}`,
  payExpired: 'Batas waktu pembayaran sudah lewat.',
  cancelledNote: 'Pesanan ini dibatalkan.',
  payBefore: 'Bayar sebelum',
  timeLeft: 'Sisa waktu',
  amount: 'Jumlah yang dibayar',
  bank: 'Bank',
  vaNumber: 'Nomor virtual account',
  accountName: 'Atas nama',
  accountNumber: 'Nomor rekening',
  vaSteps: 'Bayar lewat m-banking, internet banking atau ATM: pilih transfer ke virtual account, masukkan nomor di atas. Jumlah harus sama persis.',
  qrisSteps: 'Pindai kode QR ini dengan aplikasi bank atau e-wallet apa pun yang mendukung QRIS.',
  qrisAlt: (amount: string) => `Kode QRIS untuk membayar ${amount}`,
  transferSteps: 'Transfer tepat sejumlah total ke salah satu rekening ini, lalu simpan bukti transfernya.',
  codSteps: (amount: string) => `Siapkan ${amount} dan bayar kurir saat paket tiba. Pesanan Anda langsung kami proses.`,
  redirectSteps: 'Lanjutkan ke halaman pembayaran yang aman untuk menyelesaikan pembayaran.',
  payNow: 'Bayar sekarang',
  preparing: 'Menyiapkan pembayaran…',
  noInstructions: 'Instruksi pembayaran belum tersedia.',
  // order number, payment method names
  orderNumber: 'Nomor pesanan',
  /** Within a sentence: the copy button reads "Salin nomor pesanan". */
  theOrderNumber: 'nomor pesanan',
  orderNumberCopied: (number: string) => `Nomor pesanan ${number} disalin.`,
};
export type OrderTerms = typeof id;

const en: OrderTerms = {
  required: 'This field is required.',
  invalidPhone: 'Enter a valid phone number, e.g. 0812 3456 7890.',
  invalidEmail: 'Enter a valid e-mail address.',
  passwordShort: 'Use at least 8 characters.',
  email: 'E-mail',
  password: 'Password',
  name: 'Full name',
  phone: 'Phone number',
  address: 'Street address',
  addressHint: 'Street, house number, RT/RW, landmark.',
  notes: 'Notes (optional)',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  cancel: 'Cancel',
  edit: 'Edit',
  copy: 'Copy',
  copied: 'Copied',
  signOut: 'Sign out',
  total: 'Total',
  productsSubtotal: 'Products',
  shipping: 'Shipping',
  discount: 'Discount',
  otherIncome: 'Other fees',
  free: 'Free',
  days: (min, max) => (min === max ? `${min} ${min === 1 ? 'day' : 'days'}` : `${min}–${max} days`),
  state: (state) => ({
    unpaid: 'Awaiting payment', processing: 'Paid · processing', shipped: 'Shipped', completed: 'Completed',
    cancelled: 'Cancelled', expired: 'Expired', refunded: 'Refunded',
  })[state],
  method: (code, serverName) => ({
    bank_transfer: 'Bank transfer', virtual_account: 'Virtual account', qris: 'QRIS', ewallet: 'E-wallet',
    card: 'Credit/debit card', invoice: 'Invoice', cod: 'Cash on delivery (COD)',
  } as Record<string, string>)[code] ?? serverName ?? code,
  payTitle: 'How to pay',
  paid: 'Payment received. Thank you!',
  paidAt: (when) => `Paid ${when}`,
  payExpired: 'The time to pay has passed.',
  cancelledNote: 'This order was cancelled.',
  payBefore: 'Pay before',
  timeLeft: 'Time left',
  amount: 'Amount to pay',
  bank: 'Bank',
  vaNumber: 'Virtual account number',
  accountName: 'Account name',
  accountNumber: 'Account number',
  vaSteps: 'Pay with mobile banking, internet banking or an ATM: choose transfer to virtual account and enter the number above. The amount must match exactly.',
  qrisSteps: 'Scan this QR code with any bank or e-wallet app that supports QRIS.',
  qrisAlt: (amount) => `QRIS code to pay ${amount}`,
  transferSteps: 'Transfer exactly the total to one of these accounts and keep the receipt.',
  codSteps: (amount) => `Have ${amount} ready and pay the courier when the parcel arrives. We are processing your order now.`,
  redirectSteps: 'Continue to the secure payment page to finish paying.',
  payNow: 'Pay now',
  preparing: 'Preparing the payment…',
  noInstructions: 'Payment instructions are not available yet.',
  orderNumber: 'Order number',
  theOrderNumber: 'order number',
  orderNumberCopied: (number) => `Order number ${number} copied.`,
};

export const ORDER_TERMS: Terms<OrderTerms> = { id, en };

/** Provider channels (`sub_payment_method`) by code: brand names, the same in every language. */
const CHANNELS: Record<string, string> = {
  bca: 'BCA', bni: 'BNI', bri: 'BRI', mandiri: 'Mandiri', permata: 'Permata', bsi: 'BSI', cimb: 'CIMB Niaga',
  ovo: 'OVO', dana: 'DANA', shopeepay: 'ShopeePay', gopay: 'GoPay', linkaja: 'LinkAja',
};

/** A provider channel's name: the brand for the codes we know, else the server's `name`, else the code in capitals. */
export const channelName = (code: string, serverName?: string) => CHANNELS[code] ?? serverName ?? code.toUpperCase();

/** One badge for an order: the payment state while unpaid, the fulfilment state after. */
export type OrderState = 'unpaid' | 'processing' | 'shipped' | 'completed' | 'cancelled' | 'expired' | 'refunded';
export function orderState(order: { status: OrderStatus; payment_status: PaymentStatus }): OrderState {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.payment_status !== 'paid') return order.payment_status;
  return order.status === 'pending' ? 'processing' : order.status;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** "22 Nov 2025, 14.05" / "22 Nov 2025, 2:05 PM"; `dateOnly` drops the time. */
export function dateTime(iso: string, lang: Lang, dateOnly = false): string {
  const key = `${lang}${dateOnly}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: dateOnly ? undefined : 'short' })));
  return format.format(new Date(iso));
}

/** Contract patterns, checked in the browser so that the message is in the buyer's language. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{6,18}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
