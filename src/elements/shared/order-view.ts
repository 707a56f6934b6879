import { css, html, nothing } from 'lit';
import type { OrderLine, PublicOrder } from '../../contract/order.ts';
import { money } from './format.ts';
import type { Lang } from './i18n.ts';
import type { TermOf } from './localize.ts';
import { orderState, type OrderTerms } from './order-messages.ts';
import { safeUrl } from './safe-url.ts';

/** The colours of an order's state badge (`stateBadge`). */
export const stateBadgeStyles = css`
  .state-badge { padding: 0.25em 0.75em; font-size: 0.8125em; white-space: normal; }
  .state-badge.unpaid { background: #fcefdc; background: color-mix(in srgb, #d97706 16%, var(--_surface)); color: #92400e; }
  .state-badge.cod, .state-badge.processing, .state-badge.shipped, .state-badge.completed {
    background: #e3f1e7; background: color-mix(in srgb, var(--_success) 12%, var(--_surface));
    color: #106030; color: color-mix(in srgb, var(--_success) 75%, #000);
  }
  .state-badge.cancelled, .state-badge.expired, .state-badge.refunded { background: var(--_subtle); color: var(--_muted); }
`;

/** Order lines, totals and the status badge, shared by `<svc-order-status>` and `<svc-account>`. */
export const orderViewStyles = css`
  ${stateBadgeStyles}
  .lines { display: grid; gap: 0.75rem; margin: 0; padding: 0; list-style: none; }
  .line { display: grid; grid-template-columns: 3rem minmax(0, 1fr) auto; gap: 0.75rem; align-items: center; }
  .line img, .line .ph { width: 3rem; aspect-ratio: 1; border-radius: var(--_radius-control); background: var(--_subtle); object-fit: cover; }
  .line small { display: block; color: var(--_muted); }
`;

type Totals = Pick<PublicOrder, 'product_price' | 'shipping_cost' | 'other_income' | 'other_income_name' | 'discount_amount' | 'discount_code' | 'gross_revenue'>;

export const stateBadge = (order: Pick<PublicOrder, 'status' | 'payment_status' | 'payment_method'>, term: TermOf<OrderTerms>) => {
  const state = orderState(order);
  return html`<span class="badge state-badge ${state}" part="status">${term('state', state)}</span>`;
};

/** A public order line's image: its variant's, or its bundle price option's (the order carries both maps). */
export const publicLineImage = (order: Pick<PublicOrder, 'variants' | 'bundle_price_options'>) => (line: OrderLine) => line.variant_id !== null
  ? order.variants[line.variant_id]?.image_url : order.bundle_price_options[line.bundle_price_option_id ?? '']?.image_url;

export function orderLines(items: OrderLine[], lang: Lang, image: (line: OrderLine) => string | null | undefined = () => null) {
  return html`<ul class="lines" part="lines">${items.map((line) => {
    const src = safeUrl(image(line));
    return html`<li class="line" part="line">${src ? html`<img src=${src} alt="" loading="lazy">` : html`<span class="ph"></span>`}
      <span>${line.name}<small>${line.quantity} × ${money(line.unit_price, lang)}</small></span>
      <span class="price">${money(line.line_total, lang)}</span></li>`;
  })}</ul>`;
}

export function orderTotals(o: Totals, term: TermOf<OrderTerms>, lang: Lang, shipped: boolean) {
  const row = (label: unknown, amount: string, minus = false) => html`<div><dt>${label}</dt><dd>${minus ? '−' : ''}${money(amount, lang)}</dd></div>`;
  return html`<dl class="rows" part="totals">
    ${row(term('productsSubtotal'), o.product_price)}
    ${shipped ? row(term('shipping'), o.shipping_cost) : nothing}
    ${o.other_income !== '0' ? row(o.other_income_name ?? term('otherIncome'), o.other_income) : nothing}
    ${o.discount_amount !== '0' ? row(`${term('discount')}${o.discount_code ? ` (${o.discount_code})` : ''}`, o.discount_amount, true) : nothing}
    <div class="grand" part="total"><dt>${term('total')}</dt><dd>${money(o.gross_revenue, lang)}</dd></div>
  </dl>`;
}
