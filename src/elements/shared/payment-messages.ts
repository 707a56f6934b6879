import type { Terms } from './localize.ts';

/**
 * Texts of paying, shared by payment instructions, order status and checkout (Indonesian first, like
 * `shared/i18n.ts`): the methods' names, the steps of each method, deadlines and amounts.
 */
const id = {
  /**
   * A payment method's name: ours for the method codes we know (the server's list names them in the merchant's
   * language), else the server's `name`, else the code.
   */
  method: (code: string, serverName?: string) => ({
    bank_transfer: 'Transfer bank', virtual_account: 'Virtual account', qris: 'QRIS', ewallet: 'E-wallet',
    card: 'Kartu kredit/debit', invoice: 'Invoice', cod: 'Bayar di tempat (COD)',
  } as Record<string, string>)[code] ?? serverName ?? code,
  /** The one line under a method's name in the checkout, by method type. */
  methodNote: (type: string) => ({
    bank_transfer: 'Transfer ke rekening toko, dicek manual', virtual_account: 'Nomor VA khusus, terverifikasi otomatis',
    qris: 'Scan dari GoPay, OVO, DANA, ShopeePay, m‑banking', ewallet: 'Bayar di aplikasinya, terverifikasi otomatis',
    card: 'Lewat halaman pembayaran yang aman', invoice: 'Bayar nanti lewat tagihan', cod: 'Bayar tunai saat paket tiba',
  } as Record<string, string>)[type] ?? '',
  codNeedsShipping: 'COD hanya untuk barang yang dikirim',
  /** The legend of a method's channels. */
  channelOf: (type: string): string => (type === 'virtual_account' ? 'Pilih bank' : type === 'ewallet' ? 'Pilih e-wallet' : 'Pilih bank / e-wallet'),
  payTitle: 'Cara membayar',
  paid: 'Pembayaran diterima. Terima kasih!',
  paidAt: (when: string) => `Dibayar ${when}`,
  payExpired: 'Batas waktu pembayaran sudah lewat.',
  cancelledNote: 'Pesanan ini dibatalkan.',
  payBefore: 'Bayar sebelum',
  timeLeft: 'Sisa waktu bayar',
  amount: 'Jumlah yang dibayar',
  bank: 'Bank',
  vaNumber: 'Nomor virtual account',
  accountName: 'Atas nama',
  accountNumber: 'Nomor rekening',
  qrisSteps: 'Pindai kode QR ini dengan aplikasi bank atau e-wallet apa pun yang mendukung QRIS. Pembayaran terverifikasi otomatis.',
  qrisAlt: (amount: string) => `Kode QRIS untuk membayar ${amount}`,
  transferSteps: 'Transfer tepat sejumlah total ke salah satu rekening ini, lalu simpan bukti transfernya.',
  codSteps: (amount: string) => `Siapkan ${amount} dan bayar kurir saat paket tiba. Pesanan Anda langsung kami proses.`,
  redirectSteps: 'Lanjutkan ke halaman pembayaran yang aman untuk menyelesaikan pembayaran.',
  payNow: 'Bayar sekarang',
  preparing: 'Menyiapkan pembayaran…',
  noInstructions: 'Instruksi pembayaran belum tersedia.',
};
export type PaymentTerms = typeof id;

const en: PaymentTerms = {
  method: (code, serverName) => ({
    bank_transfer: 'Bank transfer', virtual_account: 'Virtual account', qris: 'QRIS', ewallet: 'E-wallet',
    card: 'Credit/debit card', invoice: 'Invoice', cod: 'Cash on delivery (COD)',
  } as Record<string, string>)[code] ?? serverName ?? code,
  methodNote: (type) => ({
    bank_transfer: "Transfer to the store's account, checked by hand", virtual_account: 'Your own VA number, verified automatically',
    qris: 'Scan with GoPay, OVO, DANA, ShopeePay, mobile banking', ewallet: 'Pay in its app, verified automatically',
    card: 'On a secure payment page', invoice: 'Pay later by invoice', cod: 'Pay cash when the parcel arrives',
  } as Record<string, string>)[type] ?? '',
  codNeedsShipping: 'COD is only for items that are shipped',
  channelOf: (type) => (type === 'virtual_account' ? 'Choose your bank' : type === 'ewallet' ? 'Choose your e-wallet' : 'Choose a bank / e-wallet'),
  payTitle: 'How to pay',
  paid: 'Payment received. Thank you!',
  paidAt: (when) => `Paid ${when}`,
  payExpired: 'The time to pay has passed.',
  cancelledNote: 'This order was cancelled.',
  payBefore: 'Pay before',
  timeLeft: 'Time left to pay',
  amount: 'Amount to pay',
  bank: 'Bank',
  vaNumber: 'Virtual account number',
  accountName: 'Account name',
  accountNumber: 'Account number',
  qrisSteps: 'Scan this QR code with any bank or e-wallet app that supports QRIS. The payment is verified automatically.',
  qrisAlt: (amount) => `QRIS code to pay ${amount}`,
  transferSteps: 'Transfer exactly the total to one of these accounts and keep the receipt.',
  codSteps: (amount) => `Have ${amount} ready and pay the courier when the parcel arrives. We are processing your order now.`,
  redirectSteps: 'Continue to the secure payment page to finish paying.',
  payNow: 'Pay now',
  preparing: 'Preparing the payment…',
  noInstructions: 'Payment instructions are not available yet.',
};

export const PAYMENT_TERMS: Terms<PaymentTerms> = { id, en };

/** Provider channels (`sub_payment_method`) by code: brand names, the same in every language. */
const CHANNELS: Record<string, string> = {
  bca: 'BCA', bni: 'BNI', bri: 'BRI', mandiri: 'Mandiri', permata: 'Permata', bsi: 'BSI', cimb: 'CIMB Niaga',
  ovo: 'OVO', dana: 'DANA', shopeepay: 'ShopeePay', gopay: 'GoPay', linkaja: 'LinkAja',
};

/** A provider channel's name: the brand for the codes we know, else the server's `name`, else the code in capitals. */
export const channelName = (code: string, serverName?: string) => CHANNELS[code] ?? serverName ?? code.toUpperCase();
