import { combine } from '../shared/combine.ts';
import { BUYER_TERMS } from '../shared/buyer-messages.ts';
import { ORDER_TERMS } from '../shared/order-messages.ts';
import { PAYMENT_TERMS } from '../shared/payment-messages.ts';

/** Why a discount code does not apply (`commerce-service-v3.md`, discount check). */
type IneligibleReason = 'not_found' | 'expired' | 'inactive' | 'min_purchase_not_met' | 'usage_limit_reached';

const id = {
  heading: 'Checkout',
  contact: 'Kontak',
  destination: 'Alamat pengiriman',
  shippingHeading: 'Pengiriman',
  payment: 'Pembayaran',
  yourOrder: 'Pesanan Anda',
  /** The summary landmark's name: several checkouts on a page are told apart by what each is for. */
  summaryOf: (what: string) => (what ? `Ringkasan pesanan — ${what}` : 'Ringkasan pesanan'),
  theCart: 'keranjang',
  emailHint: 'Untuk bukti pesanan dan produk digital.',
  chooseDestination: 'Pilih kecamatan dan kode pos tujuan.',
  chooseShipping: 'Pilih layanan pengiriman.',
  chooseMethod: 'Pilih metode pembayaran.',
  chooseChannel: 'Pilih bank atau e-wallet.',
  shippingFirst: 'Pilih alamat tujuan untuk melihat pilihan kurir.',
  noShipping: 'Belum ada kurir ke alamat ini. Coba kecamatan lain.',
  noMethods: 'Belum ada metode pembayaran.',
  digitalOnly: 'Produk digital: tidak perlu pengiriman.',
  channel: 'Pilih bank / e-wallet',
  discountCode: 'Kode diskon',
  apply: 'Pakai',
  removeCode: 'Hapus',
  applied: (code: string, amount: string) => `Kode ${code} dipakai: hemat ${amount}.`,
  ineligible: (reason: IneligibleReason) => ({
    not_found: 'Kode ini tidak kami temukan. Periksa lagi ejaannya.',
    expired: 'Sayang sekali, kode ini sudah berakhir.',
    inactive: 'Kode ini sedang tidak aktif.',
    min_purchase_not_met: 'Kode ini berlaku untuk belanja yang lebih besar. Tambah belanjaan untuk memakainya.',
    usage_limit_reached: 'Kuota kode ini sudah habis.',
  })[reason],
  totalLater: 'Total muncul setelah alamat dan kurir dipilih.',
  placeOrder: 'Buat pesanan',
  placing: 'Membuat pesanan…',
  fixErrors: 'Periksa kembali isian yang ditandai.',
  emptyCart: 'Keranjang masih kosong.',
  thanks: 'Terima kasih! Pesanan Anda sudah dibuat.',
  orderPage: 'Lihat status pesanan',
  continueToOrder: 'Lanjutkan ke halaman pesanan untuk membayar.',
};

const en: typeof id = {
  heading: 'Checkout',
  contact: 'Contact',
  destination: 'Delivery address',
  shippingHeading: 'Shipping',
  payment: 'Payment',
  yourOrder: 'Your order',
  summaryOf: (what) => (what ? `Order summary — ${what}` : 'Order summary'),
  theCart: 'cart',
  emailHint: 'For your receipt and digital products.',
  chooseDestination: 'Choose the subdistrict and postal code.',
  chooseShipping: 'Choose a shipping service.',
  chooseMethod: 'Choose a payment method.',
  chooseChannel: 'Choose a bank or e-wallet.',
  shippingFirst: 'Choose the address to see the couriers.',
  noShipping: 'No courier delivers here yet. Try another subdistrict.',
  noMethods: 'No payment methods yet.',
  digitalOnly: 'Digital products: nothing to ship.',
  channel: 'Choose a bank / e-wallet',
  discountCode: 'Discount code',
  apply: 'Apply',
  removeCode: 'Remove',
  applied: (code, amount) => `Code ${code} applied: you save ${amount}.`,
  ineligible: (reason) => ({
    not_found: "We couldn't find this code. Check the spelling.",
    expired: 'Sorry, this code has ended.',
    inactive: 'This code is not active right now.',
    min_purchase_not_met: 'This code is for larger orders. Add a little more to use it.',
    usage_limit_reached: 'This code has been used up.',
  })[reason],
  totalLater: 'The total shows once the address and courier are chosen.',
  placeOrder: 'Place order',
  placing: 'Placing your order…',
  fixErrors: 'Please check the highlighted fields.',
  emptyCart: 'Your cart is empty.',
  thanks: 'Thank you! Your order is placed.',
  orderPage: 'View order status',
  continueToOrder: 'Continue to the order page to pay.',
};

/** Checkout's texts with the buyer's details, the order and the payment ones (the shared ones come with `Localize`). */
export const CHECKOUT_TERMS = combine(BUYER_TERMS, ORDER_TERMS, PAYMENT_TERMS, { id, en });
export type CheckoutTerms = (typeof CHECKOUT_TERMS)['id'];
