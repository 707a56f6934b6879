import { combine } from '../shared/combine.ts';
import { BUYER_TERMS } from '../shared/buyer-messages.ts';
import { ORDER_TERMS } from '../shared/order-messages.ts';
import { PAYMENT_TERMS } from '../shared/payment-messages.ts';

const id = {
  order: 'Pesanan',
  placedOn: (when: string) => `Dibuat ${when}`,
  itemsHeading: 'Barang',
  shippingHeading: 'Pengiriman',
  recipient: 'Penerima',
  tracking: 'No. resi',
  buyer: 'Data pembeli',
  editDetails: 'Ubah data pembeli',
  noOrder: 'Tidak ada pesanan yang dipilih.',
  orderNotFound: 'Pesanan tidak ditemukan. Periksa tautannya.',
  nowPaid: 'Pembayaran diterima. Pesanan Anda sedang diproses.',
  paymentMethod: 'Metode pembayaran',
};
export type OrderStatusMessages = typeof id;

const en: OrderStatusMessages = {
  order: 'Order',
  placedOn: (when) => `Placed ${when}`,
  itemsHeading: 'Items',
  shippingHeading: 'Shipping',
  recipient: 'Recipient',
  tracking: 'Tracking number',
  buyer: 'Buyer details',
  editDetails: 'Edit buyer details',
  noOrder: 'No order was chosen.',
  orderNotFound: 'Order not found. Check the link.',
  nowPaid: 'Payment received. Your order is being processed.',
  paymentMethod: 'Payment method',
};

/** The order page's texts with the buyer's details, the order and the payment ones (the shared ones come with `Localize`). */
export const ORDER_STATUS_TERMS = combine(BUYER_TERMS, ORDER_TERMS, PAYMENT_TERMS, { id, en });
