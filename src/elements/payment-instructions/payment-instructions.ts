import { Task } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { PaymentAccount, PublicOrder } from '../../contract/order.ts';
import '../../session/storefront-parts.ts'; // storefront.orders, for "Cek status pembayaran"
import { define, SvcElement } from '../shared/element.ts';
import { money } from '../shared/format.ts';
import { formStyles } from '../shared/form-kit.ts';
import { localeOf } from '../shared/i18n.ts';
import { Localize } from '../shared/localize.ts';
import { dateTime, isCashOnDelivery } from '../shared/order-messages.ts';
import { copyButtonStyles, CopyController } from '../shared/order-number.ts';
import { stateBadge, stateBadgeStyles } from '../shared/order-view.ts';
import { bankMark } from '../shared/payment-marks.ts';
import { safePaymentUrl } from '../shared/safe-url.ts';
import { base } from '../shared/styles.ts';
import { icons } from '../shared/templates.ts';
import { clock, deadlineText, timeLeft } from './deadline.ts';
import { PAYMENT_INSTRUCTIONS_TERMS } from './payment-instructions.i18n.ts';
import { paymentInstructionsStyles } from './payment-instructions.styles.ts';
import { qrPath } from './qr.ts';
import { qrPng, saveImage } from './qr-image.ts';
import { vaSteps } from './va-steps.ts';

/** What the instructions need of an order: the public order and the customer's buyer-safe order both fit. */
export type PaymentView = Pick<PublicOrder, 'secret_slug' | 'order_number' | 'status' | 'payment_status' | 'payment_method' | 'pg_payment_info'
  | 'payment_url' | 'payment_expires_at' | 'gross_revenue' | 'paid_at'> & {
  store: { name: string; payment_accounts: PaymentAccount[] };
};

type Kind = 'virtual_account' | 'qris' | 'redirect' | 'bank_transfer' | 'cod' | 'none';

/**
 * The kind of instructions: the provider's (`pg_payment_info.type`), a hosted page (`payment_url`), or, for the
 * manual methods whose info is `{}`, the payment method code.
 */
export function paymentKind(order: Pick<PaymentView, 'pg_payment_info' | 'payment_url' | 'payment_method'>): Kind {
  const info = order.pg_payment_info;
  if ('type' in info) return info.type;
  if (order.payment_url) return 'redirect';
  if (isCashOnDelivery(order.payment_method)) return 'cod';
  if (/transfer/.test(order.payment_method)) return 'bank_transfer';
  return 'none';
}

/**
 * An account number in blocks of four, as banks print them ("8808 1234 5678 9012"): each block a box of its own,
 * so the number wraps between blocks, never inside one; the text (and what the copy button copies) stays the bare
 * digits.
 */
const DOWNLOAD = html`<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"
  stroke-linejoin="round" aria-hidden="true"><path d="M12 4v11m-5-5 5 5 5-5M5 20h14"></path></svg>`;

/** A phone or tablet, where the QR is on the screen that would have to scan it: its gallery steps start open. */
const TOUCH = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

const inFours = (number: string) => (number.match(/.{1,4}/g) ?? []).map((block) => html`<span>${block}</span>`);

/**
 * How to pay an order: virtual account (bank, number to copy, amount, countdown, the steps at that bank), QRIS (a
 * scannable QR drawn in the page, "Simpan QR" to pay from the same phone's gallery), bank transfer (the store's
 * accounts), cash on delivery, or a button to the provider's payment page (e-wallet, card, invoice). "Cek status
 * pembayaran" asks the service at once (inside a store's storefront). Shows "paid", "expired" or "cancelled"
 * instead once that is the case.
 *
 * @summary Payment instructions of an order.
 * @slot heading - Heading (default "Cara membayar" / "How to pay").
 * @csspart base - The wrapper.
 * @csspart heading - The heading.
 * @csspart status - With `show-state`: the order's state badge beside the heading.
 * @csspart amount - The amount to pay.
 * @csspart copy - A copy button (amount, account number); every one the same size.
 * @csspart details - Bank, account number and name of a virtual account; `account-number` is the number.
 * @csspart account-number - The virtual account or bank account number.
 * @csspart countdown - The deadline with its time zone and the time left.
 * @csspart qr - The QR code (an `<svg>`).
 * @csspart save-qr - "Simpan QR": saves the QR with the store's name and the amount as a PNG.
 * @csspart check - "Cek status pembayaran"; `check-result` what it found.
 * @csspart check-result - "Belum diterima …" after a check found the order unpaid.
 * @csspart steps - How to pay step by step; `steps-group` each collapsible way (m-banking, internet banking, ATM).
 * @csspart steps-group - One way to pay, a `<details>`.
 * @csspart accounts - The store's bank accounts (bank transfer); `account` is one of them.
 * @csspart account - A bank account of a manual transfer.
 * @csspart pay-link - The button to the provider's payment page.
 * @csspart note - The explanation under the instructions.
 * @csspart state - Paid, expired or cancelled message.
 * @cssproperty --svc-qr-size - Width of the QR code (15rem).
 */
export class SvcPaymentInstructions extends SvcElement {
  static override styles = [base, formStyles, copyButtonStyles, stateBadgeStyles, paymentInstructionsStyles];
  protected override readonly localize = new Localize(this, PAYMENT_INSTRUCTIONS_TERMS);

  private timer?: ReturnType<typeof setInterval>;
  private readonly copier = new CopyController(this);

  private readonly qr = new Task(this, {
    args: () => [this.order && 'qr_string' in this.order.pg_payment_info ? this.order.pg_payment_info.qr_string : ''] as const,
    task: ([text]) => (text ? qrPath(text) : Promise.resolve(null)),
  });

  /** The order as "Cek status pembayaran" last read it. */
  @state() private latest?: PaymentView;
  @state() private checking = false;
  /** When a check last found the order unpaid ("14.05"); empty otherwise. */
  @state() private uncheckedSince = '';
  @state() private failure?: unknown;
  /** "Simpan QR" saved the image (the buyer is told where to find it). */
  @state() private qrSaved = false;

  /** The order to pay (`PublicOrder`, or a customer order). */
  @property({ attribute: false }) order?: PaymentView;
  /** Shows the order's state ("Menunggu pembayaran", "Diproses — bayar saat barang tiba") beside the heading. */
  @property({ type: Boolean, attribute: 'show-state' }) showState = false;

  override connectedCallback() {
    super.connectedCallback();
    this.syncTimer();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('order') && this.latest?.secret_slug !== this.order?.secret_slug) [this.latest, this.uncheckedSince] = [undefined, ''];
  }

  protected override updated() {
    this.syncTimer();
  }

  /** The newest answer: a check's (paid) over a given order that still says unpaid. */
  private get shown(): PaymentView | undefined {
    return this.latest && this.order?.payment_status === 'unpaid' ? this.latest : this.order;
  }

  /** Ticks once a second only while there is a deadline to count down to. */
  private syncTimer() {
    const o = this.shown;
    const counting = this.isConnected && !!o?.payment_expires_at && o.payment_status === 'unpaid' && o.status !== 'cancelled';
    if (counting && !this.timer) this.timer = setInterval(() => this.requestUpdate(), 1000);
    if (!counting) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Asks the service for the order now (and every view of it, through the storefront's order store). */
  private async check() {
    const slug = this.shown?.secret_slug;
    if (!slug || this.checking) return;
    [this.checking, this.failure] = [true, undefined];
    try {
      this.latest = await this.storefront!.orders.load(slug);
      this.uncheckedSince = this.latest.payment_status === 'unpaid'
        ? new Intl.DateTimeFormat(localeOf(this.uiLang), { timeStyle: 'short' }).format(new Date()) : '';
    } catch (error) {
      this.failure = error;
    } finally {
      this.checking = false;
    }
  }

  private async saveQr(order: PaymentView, text: string, amount: string) {
    const { term } = this.localize;
    const image = await qrPng(text, { store: order.store.name, amount: money(amount, this.uiLang), order: `${term('orderNumber')} ${order.order_number}` });
    this.qrSaved = await saveImage(image, `qris-${order.order_number}.png`, this.renderRoot);
  }

  private copyButton(text: string, what: string) {
    const { term } = this.localize;
    // the visible word starts the accessible name ("Copy virtual account number")
    return html`<button type="button" class="btn quiet copy" part="copy" @click=${() => this.copier.copy(text)}>
      ${this.copier.copied === text ? html`${icons.check}${term('copied')}` : term('copy')}<span class="sr-only"> ${what}</span></button>`;
  }

  /** The amount, with a copy button where the buyer types it in (a transfer); a QR or a payment page carries it. */
  private renderAmount(amount: string, copy: boolean) {
    const { term } = this.localize;
    return html`<div class="field"><span class="muted">${term('amount')}</span>
      <div class="amount-row"><span class="amount" part="amount">${money(amount, this.uiLang)}</span>${copy ? this.copyButton(amount, term('amount')) : nothing}</div></div>`;
  }

  private renderCountdown(deadline: string | null) {
    if (!deadline) return nothing;
    const { term } = this.localize;
    const left = timeLeft(deadline, Date.now());
    if (!left) return html`<p class="alert" part="countdown">${term('payExpired')}</p>`;
    // a timer is not a live region: its name changes by the minute and is read when the buyer gets to it
    return html`<div class="timer" part="countdown"><span>${term('payBefore')} <strong>${deadlineText(deadline, this.uiLang)}</strong></span>
      <span><span aria-hidden="true">${term('timeLeft')} </span><strong role="timer" aria-label=${term('timeLeftLabel', left.hours, left.minutes)}>${clock(left)}</strong></span></div>`;
  }

  /** "Cek status pembayaran" and what it found; only where a store's storefront can read the order. */
  private renderCheck() {
    if (this.storefront?.scope !== 'store') return nothing;
    const { term } = this.localize;
    return html`<div class="actions"><button type="button" class="btn quiet" part="check" ?disabled=${this.checking} @click=${() => this.check()}>
        ${this.checking ? term('checking') : term('checkStatus')}</button></div>
      <p class="checked" part="check-result" role="status">${this.failure ? this.errorText(this.failure) : this.uncheckedSince ? term('notYetPaid', this.uncheckedSince) : ''}</p>`;
  }

  private renderVirtualAccount(order: PaymentView) {
    const info = order.pg_payment_info;
    if (!('account_number' in info)) return nothing;
    const { term } = this.localize;
    const amount = money(info.amount, this.uiLang);
    return html`${this.renderAmount(info.amount, true)}
      <dl class="panel" part="details">
        <div><dt>${term('bank')}</dt><dd class="bank">${bankMark(info.bank_code, info.bank_name)}${info.bank_name}</dd></div>
        <div><dt>${term('vaNumber')}</dt><dd class="number-row"><span class="big" part="account-number">${inFours(info.account_number)}</span>${this.copyButton(info.account_number, term('vaNumber'))}</dd></div>
        <div><dt>${term('accountName')}</dt><dd>${info.account_name}</dd></div>
      </dl>
      ${this.renderCountdown(info.expires_at)}
      ${this.renderCheck()}
      ${vaSteps(this.localize.term, { bankCode: info.bank_code, bankName: info.bank_name, number: info.account_number.replace(/(.{4})(?=.)/g, '$1 '), accountName: info.account_name, amount })}`;
  }

  private renderQris(order: PaymentView) {
    const info = order.pg_payment_info;
    if (!('qr_string' in info)) return nothing;
    const { term } = this.localize;
    const amount = money(info.amount, this.uiLang);
    const qr = this.qr.value;
    const pad = 4; // the quiet zone scanners need
    const side = qr ? qr.size + pad * 2 : 0;
    return html`${this.renderAmount(info.amount, false)}
      <div class="qr-box">
        ${qr ? html`<svg class="qr" part="qr" viewBox="${-pad} ${-pad} ${side} ${side}" role="img" aria-label=${term('qrisAlt', amount)} shape-rendering="crispEdges">
            <rect x=${-pad} y=${-pad} width=${side} height=${side} fill="#fff"/><path d=${qr.d} fill="#000"/></svg>`
          : html`<div class="qr sk" part="qr" aria-label=${term('preparing')}></div>`}
        <button type="button" class="btn save" part="save-qr" ?disabled=${!qr} @click=${() => this.saveQr(order, info.qr_string, info.amount)}>${DOWNLOAD}${term('saveQr')}</button>
        <p class="checked" role="status">${this.qrSaved ? term('qrSaved') : ''}</p>
      </div>
      <details part="steps-group" ?open=${TOUCH}><summary>${term('payFromThisPhone')}</summary><ol>
        <li>${term('galleryStep1')}</li><li>${term('galleryStep2')}</li><li>${term('galleryStep3')}</li><li>${term('galleryStep4', order.store.name, amount)}</li>
      </ol></details>
      ${this.renderCountdown(info.expires_at)}
      <p class="note" part="note">${term('qrisSteps')}</p>
      ${this.renderCheck()}`;
  }

  private renderKind(order: PaymentView) {
    const { term } = this.localize;
    const lang = this.uiLang;
    switch (paymentKind(order)) {
      case 'virtual_account':
        return this.renderVirtualAccount(order);
      case 'qris':
        return this.renderQris(order);
      case 'redirect':
        return html`${this.renderAmount(order.gross_revenue, false)}
          ${this.renderCountdown(order.payment_expires_at)}
          <p class="note" part="note">${term('redirectSteps')}</p>
          ${safePaymentUrl(order.payment_url) ? html`<a class="btn" part="pay-link" href=${safePaymentUrl(order.payment_url)!}>${term('payNow')}</a>` : nothing}
          ${this.renderCheck()}`;
      case 'bank_transfer':
        return html`${this.renderAmount(order.gross_revenue, true)}
          <ul class="accounts" part="accounts">${order.store.payment_accounts.map((a) => html`<li part="account"><dl class="panel">
            <div><dt>${term('bank')}</dt><dd class="bank">${bankMark(a.bank_name, a.bank_name)}${a.bank_name}</dd></div>
            <div><dt>${term('accountNumber')}</dt><dd class="number-row"><span class="big">${inFours(a.account_number)}</span>${this.copyButton(a.account_number, `${term('accountNumber')} ${a.bank_name}`)}</dd></div>
            <div><dt>${term('accountName')}</dt><dd>${a.account_name}</dd></div></dl></li>`)}</ul>
          ${this.renderCountdown(order.payment_expires_at)}
          <p class="note" part="note">${term('transferSteps')}</p>
          ${this.renderCheck()}`;
      case 'cod':
        return html`<p class="note" part="note">${term('codSteps', money(order.gross_revenue, lang))}</p>`;
      default:
        return html`<p class="note" part="note">${term('noInstructions')}</p>`;
    }
  }

  override render() {
    const order = this.shown;
    if (!order) return nothing;
    const { term } = this.localize;
    const done = order.payment_status === 'paid'
      ? html`<p class="ok" part="state" role="status">${term('paid')}${order.paid_at ? html`<br><small>${term('paidAt', dateTime(order.paid_at, this.uiLang))}</small>` : nothing}</p>`
      : order.status === 'cancelled' ? html`<p class="alert" part="state">${term('cancelledNote')}</p>`
      : order.payment_status !== 'unpaid' ? html`<p class="alert" part="state">${term('payExpired')}</p>` : null;
    return html`<section part="base">
      <div class="head"><h3 part="heading"><slot name="heading">${term('payTitle')}</slot></h3>${this.showState ? stateBadge(order, term) : nothing}</div>
      ${done ?? this.renderKind(order)}
      <span class="sr-only" role="status">${this.copier.copied ? term('copied') : ''}</span>
    </section>`;
  }
}

define('svc-payment-instructions', SvcPaymentInstructions);

declare global {
  interface HTMLElementTagNameMap {
    'svc-payment-instructions': SvcPaymentInstructions;
  }
}
