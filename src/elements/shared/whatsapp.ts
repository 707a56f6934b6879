import type { PublicOrder } from '../../contract/order.ts';
import { money } from './format.ts';

/**
 * The WhatsApp hand-off after an order (`<svc-checkout whatsapp>`, page-runtime's `data-whatsapp`): a `wa.me` link
 * whose prefilled message names the order by its number (what the merchant searches by), its items, total and
 * payment, in the UI language. Never the order's link: its secret slug opens the order, and the message passes
 * through wa.me's redirector, the browser history and the chat itself. Several
 * numbers take turns by order: the same order always goes to the same sales person, so a reload changes nobody.
 * No Lit and no DOM: page-runtime.js loads it as a chunk of its own once the order exists.
 */
const TEXTS = {
  id: {
    hello: (store: string) => `Halo${store && ` ${store}`}, saya ingin konfirmasi pesanan saya.`,
    number: 'No. pesanan', total: 'Total', payment: 'Pembayaran',
    methods: { bank_transfer: 'Transfer bank', cod: 'Bayar di tempat (COD)', card: 'Kartu kredit/debit' } as Record<string, string>,
  },
  en: {
    hello: (store: string) => `Hello${store && ` ${store}`}, I would like to confirm my order.`,
    number: 'Order number', total: 'Total', payment: 'Payment',
    methods: { bank_transfer: 'Bank transfer', cod: 'Cash on delivery (COD)', card: 'Credit/debit card' } as Record<string, string>,
  },
};

/** The button's label. */
export const whatsappLabel = (lang: string) => (lang === 'en' ? 'Confirm via WhatsApp' : 'Konfirmasi via WhatsApp');

/** `0812…`, `+62 812-…` → `62812…`: the international digits wa.me wants. */
const digitsOf = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
};

/** One number of a comma-separated list, chosen by the order number (a string hash: stable, spread out). */
export function salesNumber(numbers: string, orderNumber: string): string | undefined {
  const list = numbers.split(/[,;]/).map(digitsOf).filter((n) => n.length >= 8);
  let hash = 0;
  for (const char of orderNumber) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return list[hash % list.length];
}

type Order = Pick<PublicOrder, 'order_number' | 'gross_revenue' | 'items' | 'variants' | 'payment_method' | 'sub_payment_method'> & { store?: { name: string } };

/** `Virtual account BCA`, `QRIS`, `Transfer bank`: the method (words for the ones that need them) and its channel. */
function paymentOf(order: Order, t: typeof TEXTS.id): string {
  const method = t.methods[order.payment_method] ?? order.payment_method.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()).replace(/^Qris$/, 'QRIS');
  return order.sub_payment_method ? `${method} ${order.sub_payment_method.toUpperCase()}` : method;
}

/** The prefilled message: greeting, order number, one line per item, total, payment. */
export function whatsappMessage(order: Order, lang: string): string {
  const t = lang === 'en' ? TEXTS.en : TEXTS.id;
  const items = order.items.map((line) => {
    const variant = line.variant_id === null ? undefined : order.variants?.[String(line.variant_id)]?.name;
    return `- ${line.quantity}× ${line.name}${variant && variant !== line.name ? ` (${variant})` : ''}: ${money(line.line_total)}`;
  });
  return [
    t.hello(order.store?.name ?? ''),
    `${t.number}: ${order.order_number}`,
    ...items,
    `${t.total}: ${money(order.gross_revenue)}`,
    `${t.payment}: ${paymentOf(order, t)}`,
  ].join('\n');
}

/** The `https://wa.me/…?text=…` link, or `undefined` without a usable number. */
export function whatsappUrl(numbers: string | null | undefined, order: Order, lang: string): string | undefined {
  const number = numbers ? salesNumber(numbers, order.order_number) : undefined;
  return number && `https://wa.me/${number}?text=${encodeURIComponent(whatsappMessage(order, lang))}`;
}

/**
 * Opens the chat in a new tab (the buyer keeps the order page); where the browser blocks the tab (the order took
 * longer than the click's activation), the page itself goes to WhatsApp, as a landing page that sells in chat wants.
 */
export function openWhatsApp(url: string | undefined): 'tab' | 'page' | undefined {
  if (!url) return undefined;
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else location.assign(url);
  return tab ? 'tab' : 'page';
}
