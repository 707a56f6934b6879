import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { isApiError } from '../../client/errors.ts';
import '../../session/storefront-parts.ts'; // storefront.orders
import type { PublicOrder, PublicOrderUpdate } from '../../contract/order.ts';
import '../payment-instructions/payment-instructions.ts';
import { define, SvcElement } from '../shared/element.ts';
import { PaymentCreatedEvent } from '../shared/checkout-events.ts';
import { SvcErrorEvent } from '../shared/svc-event.ts';
import { field, focusFirstInvalid, formStyles } from '../shared/form-kit.ts';
import { Localize } from '../shared/localize.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../shared/buyer-messages.ts';
import { dateTime } from '../shared/order-messages.ts';
import { channelName } from '../shared/payment-messages.ts';
import { CopyController, orderNumber, orderNumberStyles } from '../shared/order-number.ts';
import { orderLines, orderTotals, orderViewStyles, publicLineImage, stateBadge } from '../shared/order-view.ts';
import { base } from '../shared/styles.ts';
import { ariaBool, exportParts } from '../shared/templates.ts';
import { ORDER_STATUS_TERMS } from './order-status.i18n.ts';
import { safeUrl } from '../shared/safe-url.ts';
import { orderStatusStyles } from './order-status.styles.ts';

const PAYMENT_PARTS = ['heading', 'amount', 'copy', 'details', 'account-number', 'countdown', 'qr', 'save-qr', 'check', 'check-result', 'steps',
  'steps-group', 'accounts', 'account', 'pay-link', 'note', 'state'];
const MAX_POLL_MS = 30_000;

type Draft = { name: string; phone: string; email: string; address: string; notes: string };

const waiting = (o: PublicOrder) => o.payment_status === 'unpaid' && o.status !== 'cancelled';
const hasInstructions = (o: PublicOrder) => 'type' in o.pg_payment_info || !!o.payment_url || !!o.payment_expires_at;

/**
 * The buyer's order page: status, items, totals, shipping and how to pay. Creates the payment when the order has
 * none yet, then polls while it is unpaid (the interval grows ×1.5 up to 30 s, pauses while the tab is hidden,
 * checks at once when it comes back) and stops once it is paid, expired or cancelled. While unpaid the buyer can
 * correct their name, phone, e-mail, street address and notes (the fields `PATCH /public/orders/{slug}` accepts).
 *
 * @summary Order status page with payment instructions and live payment status.
 * @slot heading - Heading (default "Pesanan" / "Order").
 * @fires svc-payment-created - `{ order }` when this element created the payment instructions.
 * @fires svc-error - `{ action: 'load' | 'update', error, message }`.
 * @csspart base - The wrapper; `header`, `heading`, `status` (the badge) inside it.
 * @csspart order-number - The order number the buyer quotes; `order-number-value` and `order-number-copy` inside.
 * @csspart section - Items, shipping and buyer sections; `lines`, `line`, `totals`, `total` inside.
 * @csspart edit - The "edit buyer details" button; the edit form reuses `field`, `label`, `input`, `field-error`.
 * @csspart payment-* - Parts of the `<svc-payment-instructions>` inside, prefixed.
 * @csspart state - Loading and error states.
 * @csspart header - Heading, date and state badge.
 * @csspart heading - The heading.
 * @csspart status - The state badge.
 * @csspart order-number-value - The number.
 * @csspart order-number-copy - Its copy button.
 * @csspart lines - The order's lines.
 * @csspart line - One line.
 * @csspart totals - The totals.
 * @csspart total - The grand total row.
 * @csspart field - A label + input pair of the details form.
 * @csspart label - A field's label.
 * @csspart input - A field's input.
 * @csspart field-error - A field's error message.
 * @cssproperty --svc-order-status-max-width - Width of the page (44rem).
 */
export class SvcOrderStatus extends SvcElement {
  protected override readonly localize = new Localize(this, ORDER_STATUS_TERMS);
  static override styles = [
    base,
    formStyles,
    orderViewStyles,
    orderNumberStyles,
    orderStatusStyles,
  ];

  private timer?: ReturnType<typeof setTimeout>;
  private abort?: AbortController;
  private delay = 0;
  private loadedKey?: unknown;
  private unwatch?: () => void;
  private readonly copier = new CopyController(this);
  private readonly onVisibility = () => {
    if (document.hidden) clearTimeout(this.timer);
    else if (this.order && waiting(this.order)) void this.refresh(true); // back in view: look now
  };

  @state() private order?: PublicOrder;
  @state() private failure?: unknown;
  @state() private announcement = '';
  @state() private draft?: Draft;
  @state() private errors: Partial<Record<keyof Draft, string>> = {};
  @state() private saving = false;

  /** The order's secret slug; defaults to `?order=` of the page address. */
  @property({ attribute: 'secret-slug' }) secretSlug?: string;
  /** First polling interval in ms while unpaid (grows ×1.5 up to 30 s). */
  @property({ type: Number, attribute: 'poll-interval' }) pollInterval = 3000;

  override connectedCallback() {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.stop();
    this.loadedKey = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    const key = `${this.slug} ${this.storefront?.client.options.storeId}`;
    if (key !== this.loadedKey && this.isConnected) {
      this.loadedKey = key;
      this.order = this.failure = undefined;
      void this.start();
    }
    if (changed.has('pollInterval')) this.delay = this.pollInterval;
  }

  private get slug() {
    return this.secretSlug || new URLSearchParams(location.search).get('order') || '';
  }

  private stop() {
    clearTimeout(this.timer);
    this.abort?.abort();
    this.unwatch?.();
    this.unwatch = undefined;
  }

  private async start() {
    this.stop();
    this.delay = this.pollInterval;
    if (!this.slug || !this.storefront) return;
    const { orders } = this.storefront;
    const slug = this.slug;
    const abort = (this.abort = new AbortController());
    try {
      let order = await orders.load(slug, abort.signal);
      if (waiting(order) && !hasInstructions(order)) {
        order = await orders.pay(slug, abort.signal);
        this.dispatchEvent(new PaymentCreatedEvent(order));
      }
      this.show(order);
      // from now on every answer about this order, this view's polls and edits or another view's, shows here
      this.unwatch = orders.$order(slug).listen((latest) => latest && this.show(latest));
    } catch (error) {
      if (!abort.signal.aborted) this.fail('load', error);
    }
  }

  /** One poll: a failure keeps the order shown and tries again later. */
  private async refresh(now = false) {
    if (now) this.delay = this.pollInterval;
    clearTimeout(this.timer);
    const storefront = this.storefront;
    if (!storefront) return;
    const abort = (this.abort = new AbortController());
    try {
      await storefront.orders.load(this.slug, abort.signal); // shown through $order
    } catch {
      if (!abort.signal.aborted) this.schedule();
    }
  }

  private show(order: PublicOrder) {
    if (this.order && waiting(this.order) && order.payment_status === 'paid') this.announcement = this.localize.term('nowPaid');
    this.order = order;
    if (waiting(order)) this.schedule();
  }

  private schedule() {
    clearTimeout(this.timer);
    if (document.hidden) return; // visibilitychange resumes
    this.timer = setTimeout(() => void this.refresh(), this.delay);
    this.delay = Math.min(MAX_POLL_MS, this.delay * 1.5);
  }

  private fail(action: string, error: unknown) {
    this.failure = error;
    this.dispatchEvent(new SvcErrorEvent({ action, error, message: this.errorText(error) }));
  }

  private edit() {
    const o = this.order!;
    this.errors = {};
    this.draft = { name: o.customer.name, phone: o.customer.phone, email: o.customer.email ?? '', address: o.shipping?.address ?? '', notes: o.notes ?? '' };
  }

  private async save(event: SubmitEvent) {
    event.preventDefault();
    const order = this.order!;
    const d = this.draft!;
    const { term } = this.localize;
    const [name, phone, email, address, notes] = [d.name.trim(), d.phone.trim(), d.email.trim(), d.address.trim(), d.notes.trim()];
    this.errors = {
      name: name ? undefined : term('required'),
      phone: !phone ? term('required') : PHONE_PATTERN.test(phone) ? undefined : term('invalidPhone'),
      email: !email || EMAIL_PATTERN.test(email) ? undefined : term('invalidEmail'),
      address: order.shipping && !address ? term('required') : undefined,
    };
    if (Object.values(this.errors).some(Boolean)) return void this.updateComplete.then(() => focusFirstInvalid(this.renderRoot));
    // only what changed: an unchanged field is not an edit
    const c = order.customer;
    const customer = { ...(name !== c.name && { name }), ...(phone !== c.phone && { phone }), ...(email && email !== c.email && { email }) };
    const update: PublicOrderUpdate = {
      ...(Object.keys(customer).length && { customer }),
      ...(order.shipping && address !== order.shipping.address && { address }),
      ...(notes !== (order.notes ?? '') && { notes }),
    };
    if (!Object.keys(update).length) return void (this.draft = undefined);
    this.saving = true;
    try {
      await this.storefront!.orders.update(this.slug, update); // shown through $order, here and in every other view
      this.draft = undefined;
      this.announcement = term('saved');
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      this.errors = Object.fromEntries(Object.entries(fields).map(([path, message]) => [path.replace('customer.', ''), message]));
      this.fail('update', error);
    } finally {
      this.saving = false;
    }
  }

  private renderEdit(d: Draft, shipped: boolean) {
    const { term } = this.localize;
    const e = this.errors;
    const set = (key: keyof Draft) => (value: string) => (d[key] = value);
    return html`<form novalidate @submit=${this.save}>
      ${field({ id: 'name', label: term('name'), value: d.name, error: e.name, autocomplete: 'name', required: true, input: set('name') })}
      <div class="grid-2">
        ${field({ id: 'phone', label: term('phone'), value: d.phone, error: e.phone, type: 'tel', autocomplete: 'tel', required: true, input: set('phone') })}
        ${field({ id: 'email', label: term('email'), value: d.email, error: e.email, type: 'email', autocomplete: 'email', input: set('email') })}
      </div>
      ${shipped ? field({ id: 'address', label: term('address'), value: d.address, error: e.address, multiline: true, spellcheck: false, required: true, input: set('address') }) : nothing}
      ${field({ id: 'notes', label: term('notes'), value: d.notes, error: e.notes, multiline: true, input: set('notes') })}
      ${this.failure ? html`<p class="alert" role="alert">${this.errorText(this.failure)}</p>` : nothing}
      <div class="actions"><button class="btn" ?disabled=${this.saving}>${this.saving ? term('saving') : term('save')}</button>
        <button type="button" class="btn quiet" @click=${() => (this.draft = undefined)}>${term('cancel')}</button></div>
    </form>`;
  }

  private renderOrder(order: PublicOrder) {
    const { term } = this.localize;
    const lang = this.uiLang;
    const ship = order.shipping;
    return html`
      <header part="header">
        ${safeUrl(order.store.logo) ? html`<img src=${safeUrl(order.store.logo)!} alt="">` : nothing}
        <div class="title"><h2 part="heading"><slot name="heading">${term('order')}</slot> · ${order.store.name}</h2>
          <span class="muted">${term('placedOn', dateTime(order.created_at, lang))}</span></div>
        ${stateBadge(order, term)}
      </header>
      ${orderNumber(order.order_number, this.copier, term)}
      <div class="card pay"><svc-payment-instructions .order=${order} exportparts=${exportParts(PAYMENT_PARTS, 'payment-')}></svc-payment-instructions></div>
      <section class="card" part="section"><h3>${term('itemsHeading')}</h3>${orderLines(order.items, lang, publicLineImage(order))}${orderTotals(order, term, lang, !!ship)}</section>
      ${ship ? html`<section class="card" part="section"><h3>${term('shippingHeading')}</h3>
        <span><strong>${ship.courier_name} ${ship.service_name}</strong> · ${term('days', ship.etd_days_min, ship.etd_days_max)}</span>
        ${ship.tracking_number ? html`<span>${term('tracking')}: <strong>${ship.tracking_number}</strong></span>` : nothing}
        <address class="muted">${ship.recipient_name} · ${ship.phone}<br>${ship.address}<br>${ship.location_label}${ship.postal_code ? ` ${ship.postal_code}` : ''}</address>
      </section>` : nothing}
      <section class="card" part="section"><h3>${term('buyer')}</h3>
        ${this.draft ? this.renderEdit(this.draft, !!ship) : html`
          <span>${order.customer.name} · ${order.customer.phone}${order.customer.email ? ` · ${order.customer.email}` : ''}</span>
          ${order.notes ? html`<span class="muted">${order.notes}</span>` : nothing}
          <span class="muted">${term('paymentMethod')}: ${term('method', order.payment_method)}${order.sub_payment_method ? ` · ${channelName(order.sub_payment_method)}` : ''}</span>
          ${waiting(order) ? html`<div class="actions"><button type="button" class="btn quiet" part="edit" @click=${this.edit}>${term('editDetails')}</button></div>` : nothing}`}
      </section>`;
  }

  override render() {
    const { term } = this.localize;
    const { order, failure } = this;
    const body = order ? this.renderOrder(order)
      : !this.slug ? html`<p class="state" part="state">${term('noOrder')}</p>`
      : failure ? html`<p class="alert" part="state" role="alert">${isApiError(failure) && failure.status === 404 ? term('orderNotFound') : this.errorText(failure)}</p>`
      : !this.storefront ? html`<p class="alert" part="state">${this.localize.term('notConfigured')}</p>`
      : html`<div class="sk" part="state" aria-label=${this.localize.term('loading')}></div><div class="sk"></div>`;
    return html`<section part="base" aria-busy=${ariaBool(!order && !failure)}>
      ${body}
      <span class="sr-only" role="status">${this.announcement}</span>
    </section>`;
  }
}

define('svc-order-status', SvcOrderStatus);

declare global {
  interface HTMLElementTagNameMap {
    'svc-order-status': SvcOrderStatus;
  }
}
