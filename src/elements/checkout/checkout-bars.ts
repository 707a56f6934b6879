import { html, nothing } from 'lit';
import { money } from '../shared/format.ts';
import { ariaBool } from '../shared/templates.ts';
import type { CheckoutView } from './checkout-form.ts';
import { renderLines, renderTotals, totalText } from './checkout-summary.ts';

const chevron = html`<svg class="chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor"
  stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="m6 9 6 6 6-6"/></svg>`;

/**
 * Narrow widths: "Ringkasan pesanan · Rp …" at the top of the checkout, expanding in place to the lines and every
 * amount (the summary column itself comes after the form there). Hidden beside a summary column.
 */
export function renderSummaryBar(v: CheckoutView) {
  const count = v.lines?.reduce((n, l) => n + l.quantity, 0) ?? 0;
  return html`<div class="summary-bar" part="summary-bar">
    <button type="button" class="summary-toggle" part="summary-toggle" aria-expanded=${ariaBool(v.summaryOpen)} aria-controls="summary-panel"
      @click=${() => v.toggleSummary()}>
      <span class="what"><span class="title">${v.term('summaryBar')}</span>${count ? html`<small>${v.term('itemCount', count)}</small>` : nothing}</span>
      <span class="amount">${totalText(v)}</span>${chevron}
    </button>
    <div id="summary-panel" class="summary-panel" part="summary-panel" ?hidden=${!v.summaryOpen}>
      ${v.summaryOpen ? html`${renderLines(v, false)}${renderTotals(v, false)}` : nothing}
    </div>
  </div>`;
}

/** Cash on delivery just chosen: its fee, named where the buyer looks (the bar), not only in the summary below. */
function codFee(v: CheckoutView) {
  const fee = v.state.summary?.cod_fee;
  return fee && fee !== '0' ? html`<small part="cod-fee">${v.term('codIncluded', money(fee, v.lang))}</small>` : nothing;
}

/**
 * The bottom of a phone's screen while the form's own place-order button is out of view: the live total and the
 * same button (it submits the form). Gone once the order is placed: the confirmation has no form.
 */
export function renderPayBar(v: CheckoutView) {
  if (!v.payBar) return nothing;
  const submitting = v.state.status === 'submitting';
  return html`<div class="pay-bar" part="pay-bar">
    <p class="pay-total" part="pay-bar-total"><small>${v.term('total')}</small><strong>${totalText(v)}</strong>${codFee(v)}</p>
    <button type="submit" form="checkout-form" class="btn" part="pay-bar-submit" aria-busy=${ariaBool(submitting)} ?disabled=${submitting}>
      ${submitting ? v.term('placing') : v.submitLabel}</button>
  </div>`;
}
