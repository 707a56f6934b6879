import type { OrderStatus, PaymentStatus } from '../../contract/order.ts';
import { etaDays } from './format.ts';
import { localeOf, type Lang } from './i18n.ts';
import type { Terms } from './localize.ts';

/**
 * Texts of an order, shared by checkout, order status, payment instructions and account (Indonesian first, like
 * `shared/i18n.ts`): its totals, its state, delivery times and its number.
 */
const id = {
  total: 'Total',
  productsSubtotal: 'Subtotal produk',
  shipping: 'Ongkos kirim',
  discount: 'Diskon',
  otherIncome: 'Biaya lain',
  free: 'Gratis',
  days: (min: number, max: number) => etaDays(min, max, 'id'),
  /** An order's badge (`orderState`). */
  state: (state: OrderState) => ({
    unpaid: 'Menunggu pembayaran', cod: 'Diproses — bayar saat barang tiba', processing: 'Dibayar · diproses', shipped: 'Dikirim', completed: 'Selesai',
    cancelled: 'Dibatalkan', expired: 'Kedaluwarsa', refunded: 'Dana dikembalikan',
  })[state],
  orderNumber: 'Nomor pesanan',
  /** Within a sentence: the copy button reads "Salin nomor pesanan". */
  theOrderNumber: 'nomor pesanan',
  orderNumberCopied: (number: string) => `Nomor pesanan ${number} disalin.`,
  copy: 'Salin',
  copied: 'Disalin',
};
export type OrderTerms = typeof id;

const en: OrderTerms = {
  total: 'Total',
  productsSubtotal: 'Products',
  shipping: 'Shipping',
  discount: 'Discount',
  otherIncome: 'Other fees',
  free: 'Free',
  days: (min, max) => etaDays(min, max, 'en'),
  state: (state) => ({
    unpaid: 'Awaiting payment', cod: 'Processing — pay on delivery', processing: 'Paid · processing', shipped: 'Shipped', completed: 'Completed',
    cancelled: 'Cancelled', expired: 'Expired', refunded: 'Refunded',
  })[state],
  orderNumber: 'Order number',
  theOrderNumber: 'order number',
  orderNumberCopied: (number) => `Order number ${number} copied.`,
  copy: 'Copy',
  copied: 'Copied',
};

export const ORDER_TERMS: Terms<OrderTerms> = { id, en };

/** Whether an order is paid in cash to the courier (the method code `cod`, or a merchant's code naming it). */
export const isCashOnDelivery = (paymentMethod: string) => /cod/.test(paymentMethod);

/**
 * One badge for an order: the payment state while unpaid, the fulfilment state after. An unpaid cash-on-delivery
 * order is not waiting for a payment: it is being processed and paid when it arrives (`cod`), then follows its
 * fulfilment like a paid one.
 */
export type OrderState = 'unpaid' | 'cod' | 'processing' | 'shipped' | 'completed' | 'cancelled' | 'expired' | 'refunded';
export function orderState(order: { status: OrderStatus; payment_status: PaymentStatus; payment_method: string }): OrderState {
  if (order.status === 'cancelled') return 'cancelled';
  const cod = isCashOnDelivery(order.payment_method) && order.payment_status === 'unpaid';
  if (order.payment_status !== 'paid' && !cod) return order.payment_status;
  if (order.status === 'pending' || order.status === 'processing') return cod ? 'cod' : 'processing';
  return order.status;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** "22 Nov 2025, 14.05" / "22 Nov 2025, 2:05 PM"; `dateOnly` drops the time. */
export function dateTime(iso: string, lang: Lang, dateOnly = false): string {
  const key = `${lang}${dateOnly}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: dateOnly ? undefined : 'short' })));
  return format.format(new Date(iso));
}
