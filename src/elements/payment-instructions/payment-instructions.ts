import { Task } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { PaymentAccount, PublicOrder } from '../../contract/order.ts';
import { define, SvcElement } from '../shared/element.ts';
import { money } from '../shared/format.ts';
import { formStyles } from '../shared/form-kit.ts';
import { Localize } from '../shared/localize.ts';
import { dateTime } from '../shared/order-messages.ts';
import { base } from '../shared/styles.ts';
import { icons } from '../shared/templates.ts';
import { PAYMENT_INSTRUCTIONS_TERMS } from './payment-instructions.i18n.ts';
import { qrPath } from './qr.ts';
import { safePaymentUrl } from '../shared/safe-url.ts';
import { paymentInstructionsStyles } from './payment-instructions.styles.ts';

/** What the instructions need of an order: the public order and the customer's buyer-safe order both fit. */
export type PaymentView = Pick<PublicOrder,
  'status' | 'payment_status' | 'payment_method' | 'pg_payment_info' | 'payment_url' | 'payment_expires_at' | 'gross_revenue' | 'paid_at'> & {
  store: { payment_accounts: PaymentAccount[] };
};

type Kind = 'virtual_account' | 'qris' | 'redirect' | 'bank_transfer' | 'cod' | 'none';

/**
 * The kind of instructions: the provider's (`pg_payment_info.type`), a hosted page (`payment_url`), or, for the
 * manual methods whose info is `{}`, the payment method code.
 */
export function paymentKind(order: PaymentView): Kind {
  const info = order.pg_payment_info;
  if ('type' in info) return info.type;
  if (order.payment_url) return 'redirect';
  if (/cod/.test(order.payment_method)) return 'cod';
  if (/transfer/.test(order.payment_method)) return 'bank_transfer';
  return 'none';
}

/**
 * An account number in blocks of four, as banks print them ("8808 1234 5678 9012"), each block its own box so the
 * number wraps between blocks on a narrow phone; the text (and what the copy button copies) stays the bare digits.
 */
function inFours(number: string) {
  return (number.match(/.{1,4}/g) ?? []).map((block) => html`<span>${block}</span>`);
}

/** "02:05:09" until `deadline`; `null` once passed. */
function remaining(deadline: string, now: number): string | null {
  const s = Math.floor((Date.parse(deadline) - now) / 1000);
  if (s <= 0) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/**
 * How to pay an order: virtual account (bank, number to copy, amount, countdown), QRIS (a scannable QR drawn in
 * the page), bank transfer (the store's accounts), cash on delivery, or a button to the provider's payment page
 * (e-wallet, card, invoice). Shows "paid", "expired" or "cancelled" instead once that is the case.
 *
 * @summary Payment instructions of an order.
 * @slot heading - Heading (default "Cara membayar" / "How to pay").
 * @csspart base - The wrapper.
 * @csspart heading - The heading.
 * @csspart amount - The amount to pay; `copy` is every copy button.
 * @csspart details - Bank, account number and name of a virtual account; `account-number` is the number.
 * @csspart countdown - Time left to pay.
 * @csspart qr - The QR code (an `<svg>`).
 * @csspart accounts - The store's bank accounts (bank transfer); `account` is one of them.
 * @csspart pay-link - The button to the provider's payment page.
 * @csspart note - The explanation under the instructions.
 * @csspart state - Paid, expired or cancelled message.
 * @csspart account-number - The virtual account or bank account number.
 * @csspart account - A bank account of a manual transfer.
 * @csspart copy - A copy button.
 * @cssproperty --svc-qr-size - Width of the QR code (15rem).
 */
export class SvcPaymentInstructions extends SvcElement {
  // From 320 px wide every row wraps rather than widen the page: an account number sits under its label with the
  // copy button at its side, its blocks of four wrapping two by two on a 320 px phone.
  static override styles = [
    base,
    formStyles,
    paymentInstructionsStyles,
  ];

  private timer?: ReturnType<typeof setInterval>;

  private readonly qr = new Task(this, {
    args: () => [this.order && 'qr_string' in this.order.pg_payment_info ? this.order.pg_payment_info.qr_string : ''] as const,
    task: ([text]) => (text ? qrPath(text) : Promise.resolve(null)),
  });

  @state() private copied = '';

  /** The order to pay (`PublicOrder`, or a customer order). */
  @property({ attribute: false }) order?: PaymentView;

  override connectedCallback() {
    super.connectedCallback();
    this.syncTimer();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  protected override updated(changed: PropertyValues<this>) {
    if (changed.has('order')) this.syncTimer();
  }

  /** Ticks once a second only while there is a deadline to count down to. */
  private syncTimer() {
    const o = this.order;
    const counting = this.isConnected && !!o?.payment_expires_at && o.payment_status === 'unpaid' && o.status !== 'cancelled';
    if (counting && !this.timer) this.timer = setInterval(() => this.requestUpdate(), 1000);
    if (!counting) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  protected override readonly localize = new Localize(this, PAYMENT_INSTRUCTIONS_TERMS);

  private async copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // no clipboard permission (embedded frames, old browsers): copy through a selection
      const area = Object.assign(document.createElement('textarea'), { value: text });
      this.renderRoot.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    this.copied = what;
    setTimeout(() => this.copied === what && (this.copied = ''), 2000);
  }

  private copyButton(text: string, what: string) {
    const { term } = this.localize;
    // the visible word starts the accessible name ("Copy virtual account number")
    return html`<button type="button" class="btn quiet copy" part="copy" @click=${() => this.copy(text, what)}>
      ${this.copied === what ? html`${icons.check}${term('copied')}` : term('copy')}<span class="sr-only"> ${what}</span></button>`;
  }

  private renderAmount(amount: string) {
    const { term } = this.localize;
    return html`<div class="field"><span class="muted">${term('amount')}</span>
      <div class="amount" part="amount">${money(amount, this.uiLang)}${this.copyButton(amount, term('amount'))}</div></div>`;
  }

  private renderCountdown(deadline: string | null) {
    if (!deadline) return nothing;
    const { term } = this.localize;
    const left = remaining(deadline, Date.now());
    if (!left) return html`<p class="alert" part="countdown">${term('payExpired')}</p>`;
    return html`<div class="timer" part="countdown"><span>${term('payBefore')} ${dateTime(deadline, this.uiLang)}</span>
      <span role="timer" aria-label=${term('timeLeft')}><strong>${left}</strong></span></div>`;
  }

  private renderKind(order: PaymentView) {
    const { term } = this.localize;
    const lang = this.uiLang;
    const info = order.pg_payment_info;
    switch (paymentKind(order)) {
      case 'virtual_account': {
        if (!('account_number' in info)) return nothing;
        return html`${this.renderAmount(info.amount)}
          <dl class="rows card" part="details">
            <div><dt>${term('bank')}</dt><dd>${info.bank_name}</dd></div>
            <div class="number"><dt>${term('vaNumber')}</dt><dd><span class="big" part="account-number">${inFours(info.account_number)}</span>
              ${this.copyButton(info.account_number, term('vaNumber'))}</dd></div>
            <div><dt>${term('accountName')}</dt><dd>${info.account_name}</dd></div>
          </dl>
          ${this.renderCountdown(info.expires_at)}
          <p class="note" part="note">${term('vaSteps')}</p>`;
      }
      case 'qris': {
        if (!('qr_string' in info)) return nothing;
        const qr = this.qr.value;
        const pad = 4; // the quiet zone scanners need
        return html`${this.renderAmount(info.amount)}
          ${qr
            ? html`<svg class="qr" part="qr" viewBox=${`${-pad} ${-pad} ${qr.size + pad * 2} ${qr.size + pad * 2}`} role="img"
                aria-label=${term('qrisAlt', money(info.amount, lang))} shape-rendering="crispEdges">
                <rect x=${-pad} y=${-pad} width=${qr.size + pad * 2} height=${qr.size + pad * 2} fill="#fff"/><path d=${qr.d} fill="#000"/></svg>`
            : html`<div class="qr sk" part="qr" aria-label=${term('preparing')}></div>`}
          ${this.renderCountdown(info.expires_at)}
          <p class="note" part="note">${term('qrisSteps')}</p>`;
      }
      case 'redirect':
        return html`${this.renderAmount(order.gross_revenue)}
          ${this.renderCountdown(order.payment_expires_at)}
          <p class="note" part="note">${term('redirectSteps')}</p>
          ${safePaymentUrl(order.payment_url) ? html`<a class="btn" part="pay-link" href=${safePaymentUrl(order.payment_url)!}>${term('payNow')}</a>` : nothing}`;
      case 'bank_transfer':
        return html`${this.renderAmount(order.gross_revenue)}
          <ul class="accounts" part="accounts">${order.store.payment_accounts.map((a) => html`<li class="card" part="account"><dl class="rows">
            <div><dt>${term('bank')}</dt><dd><strong>${a.bank_name}</strong></dd></div>
            <div class="number"><dt>${term('accountNumber')}</dt><dd><span class="big">${inFours(a.account_number)}</span>${this.copyButton(a.account_number, `${term('accountNumber')} ${a.bank_name}`)}</dd></div>
            <div><dt>${term('accountName')}</dt><dd>${a.account_name}</dd></div></dl></li>`)}</ul>
          ${this.renderCountdown(order.payment_expires_at)}
          <p class="note" part="note">${term('transferSteps')}</p>`;
      case 'cod':
        return html`<p class="note" part="note">${term('codSteps', money(order.gross_revenue, lang))}</p>`;
      default:
        return html`<p class="note" part="note">${term('noInstructions')}</p>`;
    }
  }

  override render() {
    const order = this.order;
    if (!order) return nothing;
    const { term } = this.localize;
    const done = order.payment_status === 'paid'
      ? html`<p class="ok" part="state" role="status">${term('paid')}${order.paid_at ? html`<br><small>${term('paidAt', dateTime(order.paid_at, this.uiLang))}</small>` : nothing}</p>`
      : order.status === 'cancelled' ? html`<p class="alert" part="state">${term('cancelledNote')}</p>`
      : order.payment_status !== 'unpaid' ? html`<p class="alert" part="state">${term('payExpired')}</p>` : null;
    return html`<section part="base">
      <h3 part="heading"><slot name="heading">${term('payTitle')}</slot></h3>
      ${done ?? this.renderKind(order)}
      <span class="sr-only" role="status">${this.copied ? term('copied') : ''}</span>
    </section>`;
  }
}

define('svc-payment-instructions', SvcPaymentInstructions);

declare global {
  interface HTMLElementTagNameMap {
    'svc-payment-instructions': SvcPaymentInstructions;
  }
}
