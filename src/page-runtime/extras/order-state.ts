/**
 * The order view's words that depend on how the buyer pays (part of `svc-order-extras.js`): `[data-svc-order-state]`
 * gets the order's state as the buyer should read it right after ordering ("Menunggu pembayaran"; cash on delivery
 * "Diproses — bayar saat barang tiba"), and `[data-svc-if-payment="cod"]` inside the view shows only for those
 * payment methods of the order (e.g. "Total yang perlu dibayar" for a transfer, "Siapkan uang pas" for COD).
 */
import type { PublicOrder } from '../../contract/order.ts';
import '../events.ts';
import { textsFor } from './texts.ts';

/** What the order's state is called, by its payment: COD is processed before it is paid. */
export function orderStateText(order: Pick<PublicOrder, 'payment_method' | 'payment_status'>, el: Element): string {
  const t = textsFor(el);
  if (order.payment_status === 'paid') return t.paid;
  return order.payment_method === 'cod' ? t.codProcessing : t.awaitingPayment;
}

document.addEventListener('svc-page-order', (event) => {
  const { order } = event.detail;
  const form = event.target as Element;
  // the runtime fills and shows the view right after this event
  queueMicrotask(() => {
    const view = form.querySelector?.('[data-svc-order]') ?? document.querySelector('[data-svc-order]');
    if (!view) return;
    for (const out of view.querySelectorAll('[data-svc-order-state]')) out.textContent = orderStateText(order, out);
    for (const el of view.querySelectorAll<HTMLElement>('[data-svc-if-payment]')) el.hidden = !el.dataset.svcIfPayment!.split(/[\s,]+/).includes(order.payment_method);
  });
});
