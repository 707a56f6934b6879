import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { isApiError, outcomeUnknown } from '../../client/errors.ts';
import type { PublicOrder } from '../../contract/order.ts';
import '../payment-instructions/payment-instructions.ts';
import { paymentKind } from '../payment-instructions/payment-instructions.ts';
import { money } from '../shared/format.ts';
import { orderNumber } from '../shared/order-number.ts';
import { orderLines, orderTotals, publicLineImage } from '../shared/order-view.ts';
import { safeUrl } from '../shared/safe-url.ts';
import { ariaBool, exportParts } from '../shared/templates.ts';
import { whatsappLabel, whatsappUrl } from '../shared/whatsapp.ts';
import type { CheckoutView } from './checkout-form.ts';

const PAYMENT_PARTS = ['heading', 'amount', 'copy', 'details', 'account-number', 'countdown', 'qr', 'accounts', 'account', 'pay-link', 'note', 'state'];
/** Summary answers that only say "not chosen yet": no reason to alarm the buyer. */
const NOT_YET = /^(destination|courier|courier_service|warehouse_id|shipping_option|sub_payment_method)/;

function renderDiscount(v: CheckoutView) {
  const { term, lang } = v;
  const { discount: result, discountCode } = v.state;
  const message = !result || (result.eligible && discountCode !== result.code) ? nothing : result.eligible
    ? html`<p class="ok" part="discount-message" role="status">${term('applied', result.code, money(result.discount_amount, lang))}
        <button type="button" class="link" @click=${() => v.update({ discountCode: null })}>${term('removeCode')}</button></p>`
    : html`<p class="notice" part="discount-message" role="status">${term('ineligible', result.reason)}</p>`;
  return html`<div class="field" part="discount">
    <label for="discount" part="label">${term('discountCode')}</label>
    <div class="discount"><input id="discount" part="discount-input" autocomplete="off" .value=${v.discountText}
      @input=${(e: Event) => v.setDiscountText((e.target as HTMLInputElement).value)}
      @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && (e.preventDefault(), v.applyDiscount())}>
    <button type="button" class="btn quiet" part="discount-apply" ?disabled=${!v.discountText.trim()} @click=${() => v.applyDiscount()}>${term('apply')}</button></div>
    ${message}
  </div>`;
}

/** The total as far as it is known: the server's, or (shipping pending) what is priced so far plus "+ ongkir". */
export function estimate(v: CheckoutView): { amount: string | null; pending: boolean } {
  const sum = v.state.summary;
  if (sum && !sum.shipping_pending) return { amount: sum.gross_revenue, pending: false };
  // a partial summary: items, the store's fee and the discount; shipping (with its COD fee) is still to come
  if (sum) return { amount: String(Number(sum.gross_revenue) + Number(sum.cod_fee ?? 0)), pending: true };
  const lines = v.lines;
  return { amount: lines?.length ? String(lines.reduce((n, l) => n + Number(l.line_total), 0)) : null, pending: v.needsShipping };
}

/** "Rp 87.500 + ongkir": the total, with what it does not hold yet. */
export function totalText(v: CheckoutView) {
  const { amount, pending } = estimate(v);
  if (amount === null) return html`—`;
  return html`${money(amount, v.lang)}${pending ? html` <small class="plus" part="total-note">${v.term('plusShipping')}</small>` : nothing}`;
}

/**
 * Subtotal, shipping (with the COD fee named in it), the store's fee, the discount and the total: every amount as
 * soon as the server knows it. `parts` is false for the copy in the summary bar (the parts belong to the column).
 */
export function renderTotals(v: CheckoutView, parts = true) {
  const { term, lang } = v;
  const s = v.state;
  const sum = s.summary;
  const priced = sum && !sum.shipping_pending ? sum : null;
  const productPrice = sum?.product_price ?? (v.lines?.length ? String(v.lines.reduce((n, l) => n + Number(l.line_total), 0)) : null);
  const codFee = sum?.cod_fee && sum.cod_fee !== '0' ? money(sum.cod_fee, lang) : null;
  const shipping = priced ? (priced.shipping_cost === '0' ? term('free') : money(priced.shipping_cost, lang)) : html`<span class="muted">${term('shippingLater')}</span>`;
  const busy = s.summaryStatus === 'loading';
  return html`<dl class="rows ${busy ? 'busy' : ''}" part=${ifDefined(parts ? 'totals' : undefined)} aria-busy=${ariaBool(busy)}>
    <div><dt>${term('productsSubtotal')}</dt><dd>${productPrice == null ? '—' : money(productPrice, lang)}</dd></div>
    ${v.needsShipping ? html`<div><dt>${term('shipping')}</dt><dd>${shipping}</dd></div>` : nothing}
    ${codFee ? html`<div class=${priced ? 'sub' : ''} part=${ifDefined(parts ? 'cod-fee' : undefined)}><dt>${term(priced ? 'codFeeIncluded' : 'codFee')}</dt><dd>${codFee}</dd></div>` : nothing}
    ${sum && sum.other_income !== '0' ? html`<div part=${ifDefined(parts ? 'fee' : undefined)}><dt>${sum.other_income_name ?? term('otherIncome')}</dt><dd>${money(sum.other_income, lang)}</dd></div>` : nothing}
    ${sum && sum.discount_amount !== '0' ? html`<div><dt>${term('discount')}</dt><dd>−${money(sum.discount_amount, lang)}</dd></div>` : nothing}
    <div class="grand" part=${ifDefined(parts ? 'total' : undefined)}><dt>${term('total')}</dt><dd aria-live=${parts ? 'polite' : 'off'}>${totalText(v)}</dd></div>
  </dl>`;
}

/** The summary's lines (thumbnail, quantity, unit price, line total). */
export function renderLines(v: CheckoutView, parts = true) {
  const lines = v.lines;
  if (!lines?.length) return nothing;
  return html`<ul class="lines" part=${ifDefined(parts ? 'lines' : undefined)}>${lines.map((l) => html`<li class="line" part=${ifDefined(parts ? 'line' : undefined)}>
    <span class="thumb">${safeUrl(l.image_url) ? html`<img class="thumb" src=${safeUrl(l.image_url)!} alt="">` : nothing}<span class="qty">${l.quantity}</span></span>
    <span class="name"><span>${l.name}</span>${l.variant_name ? html`<small>${l.variant_name}</small>` : nothing}
      <small part=${ifDefined(parts ? 'unit-price' : undefined)}>${l.quantity} × ${money(l.unit_price, v.lang)}</small></span>
    <span class="price">${money(l.line_total, v.lang)}</span></li>`)}</ul>`;
}

/** Why placing the order failed: whether an order may exist (then "Coba lagi" sends the same attempt), else what to fix. */
function renderFailure(v: CheckoutView) {
  const { failure, term } = v;
  if (!failure) return nothing;
  if (outcomeUnknown(failure)) {
    return html`<div class="notice" part="error" role="alert"><p>${term('outcomeUnknown')}</p>
      <button type="button" class="btn quiet" part="retry" @click=${() => v.retry()}>${term('retry')}</button></div>`;
  }
  const why = Object.values(v.errors).some(Boolean) ? term('fixErrors') : term('notPlaced', v.errorText(failure));
  return html`<p class="alert" part="error" role="alert">${why}</p>`;
}

/** Items, discount, totals and the place-order button. */
export function renderSummary(v: CheckoutView) {
  const s = v.state;
  const { term } = v;
  const summaryError = s.summaryStatus === 'error' && s.error
    && !(isApiError(s.error, 'validation_error') && Object.keys(s.error.fields).every((f) => NOT_YET.test(f)));
  const submitting = s.status === 'submitting';
  return html`<aside part="summary" aria-label=${v.summaryLabel}>
    <h3 part="section-heading">${term('yourOrder')}</h3>
    ${renderLines(v)}
    ${renderDiscount(v)}
    ${renderTotals(v)}
    ${summaryError ? html`<p class="alert" role="alert">${v.errorText(s.error)}</p>` : nothing}
    ${renderFailure(v)}
    <button type="submit" class="btn submit" part="submit" aria-busy=${ariaBool(submitting)} ?disabled=${submitting}>
      ${submitting ? term('placing') : html`<slot name="submit">${term('placeOrder')}</slot>`}</button>
  </aside>`;
}

/** The placed order's lines and totals, where the summary was: the buyer still sees what they pay for. */
function placedSummary(v: CheckoutView, order: PublicOrder) {
  return html`<aside part="summary" aria-label=${v.summaryLabel}>
    <h3 part="section-heading">${v.term('yourOrder')}</h3>
    ${orderLines(order.items, v.lang, publicLineImage(order))}
    ${orderTotals(order, v.term, v.lang, !!order.shipping)}
  </aside>`;
}

/** What replaces the form once the order exists: thanks, payment instructions, the order page link; its summary beside. */
export function renderPlaced(v: CheckoutView, order: PublicOrder) {
  const { term } = v;
  const shown = v.paid ?? order;
  const whatsapp = whatsappUrl(v.whatsapp, order, v.lang);
  return html`<div class="cols"><div part="confirmation">
    <p class="ok" role="status" tabindex="-1">${term('thanks')}</p>
    ${orderNumber(order.order_number, v.copier, v.term)}
    <slot name="confirmation"></slot>
    ${v.paying ? html`<p class="muted" role="status">${v.term('preparing')}</p>`
      : html`<svc-payment-instructions show-state .order=${shown} exportparts=${exportParts(PAYMENT_PARTS, 'payment-')}></svc-payment-instructions>
        ${paymentKind(shown) === 'none' ? html`<p>${term('continueToOrder')}</p>` : nothing}`}
    ${v.failure ? html`<p class="alert" part="error" role="alert">${v.errorText(v.failure)}</p>` : nothing}
    <a class="btn quiet" part="order-link" href=${ifDefined(safeUrl(order.public_order_url))}>${term('orderPage')}</a>
    ${whatsapp ? html`<a class="btn" part="whatsapp" href=${whatsapp} target="_blank" rel="noopener">${whatsappLabel(v.lang)}</a>` : nothing}
  </div>${placedSummary(v, shown)}</div>`;
}
