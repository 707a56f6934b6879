import type { Terms } from '../shared/localize.ts';

/** Texts of `<svc-cart>` only: its lines, subtotal and the way to checkout. */
const id = {
  subtotal: 'Subtotal',
  shippingLater: 'Ongkos kirim dihitung saat checkout.',
  checkout: 'Lanjut ke pembayaran',
  remove: (name: string) => `Hapus ${name}`,
  items: (n: number) => `${n} barang`,
  saving: (amount: string) => `Hemat ${amount}`,
  fee: 'Biaya layanan',
};

const en: typeof id = {
  subtotal: 'Subtotal',
  shippingLater: 'Shipping is calculated at checkout.',
  checkout: 'Check out',
  remove: (name) => `Remove ${name}`,
  items: (n) => `${n} ${n === 1 ? 'item' : 'items'}`,
  saving: (amount) => `You save ${amount}`,
  fee: 'Service fee',
};

/** The cart's own texts; the shared ones (cart, quantity stepper, loading, retry, errors) come with `Localize`. */
export const CART_TERMS: Terms<typeof id> = { id, en };
