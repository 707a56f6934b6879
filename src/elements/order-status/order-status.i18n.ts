import type { Lang } from '../shared/i18n.ts';

const id = {
  order: 'Pesanan',
  placedOn: (when: string) => `Dibuat ${when}`,
  items: 'Barang',
  shipping: 'Pengiriman',
  recipient: 'Penerima',
  tracking: 'No. resi',
  buyer: 'Data pembeli',
  editDetails: 'Ubah data pembeli',
  noOrder: 'Tidak ada pesanan yang dipilih.',
  notFound: 'Pesanan tidak ditemukan. Periksa tautannya.',
  nowPaid: 'Pembayaran diterima. Pesanan Anda sedang diproses.',
  paymentMethod: 'Metode pembayaran',
};
export type OrderStatusMessages = typeof id;

const en: OrderStatusMessages = {
  order: 'Order',
  placedOn: (when) => `Placed ${when}`,
  items: 'Items',
  shipping: 'Shipping',
  recipient: 'Recipient',
  tracking: 'Tracking number',
  buyer: 'Buyer details',
  editDetails: 'Edit buyer details',
  noOrder: 'No order was chosen.',
  notFound: 'Order not found. Check the link.',
  nowPaid: 'Payment received. Your order is being processed.',
  paymentMethod: 'Payment method',
};

export const ORDER_STATUS_MESSAGES: Record<Lang, OrderStatusMessages> = { id, en };
