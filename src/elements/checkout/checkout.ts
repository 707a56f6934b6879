import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { property, query, state } from 'lit/decorators.js';
import { createClient } from '../../client/client.ts';
import { isApiError } from '../../client/errors.ts';
import type { CartItemInput } from '../../contract/cart.ts';
import type { PaymentMethod } from '../../contract/catalog.ts';
import type { ShippingChoice, ShippingOption } from '../../contract/checkout.ts';
import type { PublicOrder } from '../../contract/order.ts';
import '../location-picker/location-picker.ts';
import type { SvcLocationPicker } from '../location-picker/location-picker.ts';
import '../payment-instructions/payment-instructions.ts';
import { paymentKind } from '../payment-instructions/payment-instructions.ts';
import { define, SvcElement } from '../shared/element.ts';
import { CheckoutSubmitEvent, OrderCreatedEvent, PaymentCreatedEvent, SvcErrorEvent } from '../shared/events-2.ts';
import { money } from '../shared/format.ts';
import { field, focusFirstInvalid, formStyles } from '../shared/form-kit.ts';
import { EMAIL_PATTERN, MESSAGES_2, PHONE_PATTERN } from '../shared/messages-2.ts';
import { StoreController } from '../shared/store-controller.ts';
import { ensureCart } from '../shared/storefront.ts';
import { base } from '../shared/styles.ts';
import { exportParts } from '../shared/templates.ts';
import { CHECKOUT_MESSAGES } from './checkout.i18n.ts';
import { checkoutStyles } from './checkout.styles.ts';
import { pageEngine, parseMethods, storeEngine, type CheckoutEngine } from './engines.ts';
import { safeUrl } from '../shared/safe-url.ts';

type Errors = Partial<Record<'name' | 'phone' | 'email' | 'location' | 'address' | 'shipping' | 'method' | 'channel', string>>;

const PICKER_PARTS = ['base', 'search', 'search-input', 'listbox', 'option', 'field', 'label', 'select', 'error'];
const PAYMENT_PARTS = ['heading', 'amount', 'copy', 'details', 'account-number', 'countdown', 'qr', 'accounts', 'account', 'pay-link', 'note', 'state'];
/** Server field paths → the input to mark. */
const FIELD_OF: Record<string, keyof Errors> = {
  'customer.name': 'name', 'customer.phone': 'phone', 'customer.email': 'email', destination: 'location',
  'destination.location_id': 'location', 'destination.postal_code': 'location', 'destination.address': 'address',
  courier: 'shipping', courier_service: 'shipping', warehouse_id: 'shipping', shipping_option: 'shipping',
  payment_method: 'method', sub_payment_method: 'channel',
};
/** Summary answers that only say "not chosen yet": no reason to alarm the buyer. */
const NOT_YET = /^(destination|courier|courier_service|warehouse_id|shipping_option|sub_payment_method)/;

const sameOption = (a: ShippingChoice | null, b: ShippingOption) =>
  !!a && a.courier === b.courier && a.courier_service === b.courier_service && Number(a.warehouse_id) === b.warehouse_id;
const choice = (o: ShippingOption): ShippingChoice => ({ courier: o.courier, courier_service: o.courier_service, warehouse_id: o.warehouse_id });

/**
 * Checkout with one UI for three modes: a guest of the storefront (`/public/checkout`), a signed-in customer
 * (`/customers/me/checkout`), or an HTML Mode page (`page-id` + `page-key` → `/v3/pages/{id}/…`; also picked up
 * from a `<script data-page-id data-page-key>` of the page runtime). Items are the cart's, or `items` (buy now).
 * After the order it creates the payment and shows `<svc-payment-instructions>`.
 *
 * Submitting twice makes one order: the session keeps one in-flight submission and one Idempotency-Key per attempt.
 * A failed submission keeps everything typed; the inputs the server refused are marked.
 *
 * @summary Checkout: contact, destination, shipping, payment, discount, live summary, place order.
 * @slot heading - Heading (default "Checkout").
 * @slot submit - Label of the place-order button.
 * @slot confirmation - Shown above the payment instructions once the order is placed.
 * @fires svc-checkout-submit - `{ mode, inputs }`, cancelable: the buyer places a valid order. Cancel to stop it.
 * @fires svc-order-created - `{ mode, order }` once the order exists.
 * @fires svc-payment-created - `{ order }` once its payment instructions exist.
 * @fires svc-error - `{ action: 'checkout' | 'payment', error, message }` when placing or paying failed.
 * @csspart base - The wrapper; `heading` its heading.
 * @csspart form - The form; `section` each step, `section-heading` their headings.
 * @csspart field - A label + input pair; `label`, `input`, `field-error` inside it.
 * @csspart location-* - Parts of the `<svc-location-picker>` inside, prefixed.
 * @csspart shipping-option - A courier service choice; `payment-method` and `channel` likewise.
 * @csspart discount - Discount row; `discount-input`, `discount-apply`, `discount-message`.
 * @csspart summary - Order summary column; `lines`, `line`, `totals`, `total` inside it.
 * @csspart error - Why placing the order failed.
 * @csspart submit - The place-order button.
 * @csspart confirmation - What replaces the form once placed; `order-link` is its link to the order page.
 * @csspart payment-* - Parts of the `<svc-payment-instructions>` inside, prefixed.
 */
export class SvcCheckout extends SvcElement {
  static override styles = [base, formStyles, checkoutStyles];

  private engine?: CheckoutEngine;
  private engineKey?: string;
  private engineStorefront?: unknown;
  /** What the buyer is typing; pushed to the checkout store on `change` and on submit (typing must never be undone by a render). */
  private draft = { name: '', phone: '', email: '', address: '', notes: '' };
  private submission?: Promise<void>;
  private announced = '';

  private readonly checkoutState = new StoreController(this, () => this.engine?.$checkout);
  private readonly cartState = new StoreController(this, () => (this.items ? undefined : this.storefront?.$cart));
  private readonly sessionState = new StoreController(this, () => this.storefront?.$session);

  private readonly methods = new Task(this, {
    args: () => [this.engine] as const,
    task: ([engine], { signal }) => engine?.paymentMethods(signal) ?? Promise.resolve([] as PaymentMethod[]),
  });

  /**
   * Buy-now items: whether they ship, from the `shipping` attribute or else asked of the server (a summary without a
   * destination answers 400 naming `destination` when they do). A cart knows it already.
   */
  private readonly probe = new Task(this, {
    args: () => [this.engine, JSON.stringify(this.items ?? null), this.methods.value?.[0]?.code, this.shipping] as const,
    task: ([engine, , method, declared], { signal }) => {
      if (declared === 'required' || declared === 'none') return Promise.resolve(declared === 'required');
      return engine && this.items?.length && method ? engine.requiresShipping(this.items, method, signal) : Promise.resolve(true);
    },
  });

  private readonly shippingOptions = new Task(this, {
    args: () => {
      const s = this.checkoutState.value;
      return [this.engine, s?.destination?.location_id, s?.destination?.postal_code, s?.paymentMethod, this.cartState.value?.revision, this.needsShipping] as const;
    },
    task: async ([engine, location, , , , needed], { signal }) => {
      if (!engine || !location || !needed) return null;
      const list = await engine.loadShippingOptions(signal);
      const chosen = engine.$checkout.get().shippingOption;
      if (!list.some((o) => sameOption(chosen, o))) engine.update({ shippingOption: list[0] ? choice(list[0]) : null });
      return list;
    },
  });

  @query('svc-location-picker') private picker?: SvcLocationPicker;

  @state() private errors: Errors = {};
  @state() private failure?: unknown;
  @state() private discountText = '';
  @state() private paid?: PublicOrder;
  @state() private paying = false;

  /** Buy now: these items instead of the cart (JSON in the attribute). */
  @property({ type: Array }) items?: CartItemInput[];
  /**
   * Buy now: `required` when the items are delivered, `none` when nothing ships (digital only). Saves the request
   * that otherwise asks the server, which answers it with a 400 the browser logs when the items do ship.
   */
  @property() shipping?: 'required' | 'none';
  /** HTML Mode page id; with `page-key`, checkout goes through `/v3/pages/{page-id}/…`. */
  @property({ attribute: 'page-id' }) pageId?: string;
  @property({ attribute: 'page-key' }) pageKey?: string;
  /** Service address in page mode (default: the page's origin). */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /**
   * Page mode: the payment methods the page offers (there is no page route that lists them). JSON of
   * `/public/payment-methods`, or the short form `"virtual_account:bca,bni qris cod"`.
   */
  @property({ attribute: 'payment-methods' }) paymentMethods?: string;

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.dropEngine();
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    this.syncEngine();
    const engine = this.engine;
    if (!engine) return;
    if (changed.has('items') || engine.$checkout.get().items !== (this.items ?? null)) engine.update({ items: this.items ?? null });
    if (engine.mode !== 'page' && !this.items && this.storefront) ensureCart(this.storefront);
    // a signed-in customer starts from the profile
    const profile = this.sessionState.value?.customer?.customer;
    if (engine.mode === 'customer' && profile && !this.draft.name && !this.draft.phone) {
      Object.assign(this.draft, { name: profile.name ?? '', phone: profile.phone ?? '', email: profile.email });
    }
  }

  /** The page's settings: attributes first, then the page runtime's script tag. */
  private get page() {
    const data = document.querySelector<HTMLScriptElement>('script[data-page-id][data-page-key]')?.dataset;
    const id = this.pageId ?? data?.pageId;
    const key = this.pageKey ?? data?.pageKey;
    return id && key ? { id, key, baseUrl: this.baseUrl ?? data?.baseUrl ?? '', methods: this.paymentMethods ?? data?.paymentMethods } : undefined;
  }

  private syncEngine() {
    const page = this.page;
    const key = page ? JSON.stringify(page) : this.items ? 'buy-now' : 'cart';
    if (key === this.engineKey && (page || this.engineStorefront === this.storefront)) return;
    this.dropEngine();
    [this.engineKey, this.engineStorefront] = [key, this.storefront];
    if (page) {
      const client = createClient({ baseUrl: page.baseUrl, pageId: page.id, pageKey: page.key, tokenStorage: 'memory' });
      this.engine = pageEngine({ client, methods: parseMethods(page.methods, MESSAGES_2[this.uiLang].methods), storefront: this.storefront });
    } else if (this.storefront) {
      this.engine = storeEngine(this.storefront, !!this.items);
    }
    const s = this.engine?.$checkout.get();
    if (s) {
      Object.assign(this.draft, { name: s.contact?.name ?? '', phone: s.contact?.phone ?? '', email: s.contact?.email ?? '' });
      Object.assign(this.draft, { address: s.destination?.address ?? '', notes: s.notes ?? '' });
    }
  }

  private dropEngine() {
    this.engine?.destroy();
    this.engine = this.engineKey = this.engineStorefront = undefined;
  }

  private get needsShipping(): boolean {
    if (this.items) return this.probe.value ?? true;
    return this.cartState.value?.cart?.requires_shipping ?? true;
  }

  private get m() {
    return MESSAGES_2[this.uiLang];
  }

  private get c() {
    return CHECKOUT_MESSAGES[this.uiLang];
  }

  /** Pushes what was typed to the checkout store (contact, address, notes). */
  private flush() {
    const d = this.draft;
    const s = this.engine!.$checkout.get();
    const email = d.email.trim();
    this.engine!.update({
      contact: { name: d.name.trim(), phone: d.phone.trim(), ...(email ? { email } : {}) },
      notes: d.notes.trim() || null,
      destination: s.destination && { ...s.destination, address: d.address.trim() || undefined },
    });
  }

  private onChange(event: Event) {
    const target = event.target as HTMLElement;
    if (target === this.picker) {
      const { value, postalCode } = this.picker;
      this.engine!.update({
        destination: value ? { location_id: Number(value), postal_code: postalCode || undefined, address: this.draft.address.trim() || undefined } : null,
      });
      if (this.errors.location && value && postalCode) this.errors = { ...this.errors, location: undefined };
    } else if (target.matches('input:not([type=radio]), textarea')) {
      this.flush();
    }
  }

  private validate(): Errors {
    const d = this.draft;
    const s = this.engine!.$checkout.get();
    const m = this.m;
    const c = this.c;
    const errors: Errors = {};
    if (!d.name.trim()) errors.name = m.required;
    if (!d.phone.trim()) errors.phone = m.required;
    else if (!PHONE_PATTERN.test(d.phone.trim())) errors.phone = m.invalidPhone;
    if (d.email.trim() && !EMAIL_PATTERN.test(d.email.trim())) errors.email = m.invalidEmail;
    if (this.needsShipping) {
      if (!s.destination?.location_id || !s.destination.postal_code) errors.location = c.chooseDestination;
      if (!d.address.trim()) errors.address = m.required;
      else if (!s.shippingOption && !errors.location) errors.shipping = c.chooseShipping;
    }
    const method = this.methods.value?.find((x) => x.code === s.paymentMethod);
    if (!method) errors.method = c.chooseMethod;
    else if (method.channels.length && !s.subPaymentMethod) errors.channel = c.chooseChannel;
    return errors;
  }

  private async onSubmit(event: SubmitEvent) {
    event.preventDefault();
    this.submission ??= this.submit().finally(() => (this.submission = undefined));
    await this.submission;
  }

  private async submit() {
    const engine = this.engine;
    if (!engine) return;
    this.flush();
    this.failure = undefined;
    this.errors = this.validate();
    if (Object.values(this.errors).some(Boolean)) {
      await this.updateComplete;
      return focusFirstInvalid(this.renderRoot);
    }
    const mode = engine.mode;
    if (!this.dispatchEvent(new CheckoutSubmitEvent({ mode, inputs: { ...engine.$checkout.get() } }))) return;
    let order: PublicOrder;
    // set before the order exists: once it is placed, the confirmation says "preparing" until the payment does,
    // instead of showing instructions without payment details for a moment
    this.paying = true;
    try {
      order = await engine.placeOrder();
    } catch (error) {
      this.paying = false;
      return this.fail('checkout', error);
    }
    if (this.announced !== order.secret_slug) {
      this.announced = order.secret_slug;
      this.dispatchEvent(new OrderCreatedEvent({ mode, order }));
    }
    try {
      this.paid = await engine.createPayment(order);
      this.dispatchEvent(new PaymentCreatedEvent(this.paid));
    } catch (error) {
      this.paid = order;
      this.fail('payment', error);
    } finally {
      this.paying = false;
    }
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part=confirmation] p')?.focus();
  }

  private fail(action: string, error: unknown) {
    this.failure = error;
    const errors: Errors = {};
    if (isApiError(error)) {
      for (const [path, message] of Object.entries(error.fields)) {
        const key = Object.entries(FIELD_OF).find(([p]) => path === p || path.startsWith(`${p}.`))?.[1];
        if (!key) continue;
        const m = this.m;
        errors[key] = key === 'phone' ? m.invalidPhone : key === 'email' ? m.invalidEmail : key === 'name' ? m.required : message;
      }
    }
    this.errors = errors;
    this.dispatchEvent(new SvcErrorEvent({ action, error, message: this.errorText(error) }));
    void this.updateComplete.then(() => focusFirstInvalid(this.renderRoot));
  }

  private async applyDiscount() {
    const code = this.discountText.trim().toUpperCase();
    if (!code || !this.engine) return;
    try {
      await this.engine.applyDiscount(code);
    } catch (error) {
      this.failure = error;
    }
  }

  private renderContact() {
    const m = this.m;
    const d = this.draft;
    const e = this.errors;
    const set = (key: keyof typeof d) => (value: string) => (d[key] = value);
    return html`<section class="step-box" part="section">
      <h3 part="section-heading"><span class="step" aria-hidden="true">1</span>${this.c.contact}</h3>
      ${field({ id: 'name', label: m.name, value: d.name, error: e.name, autocomplete: 'name', required: true, input: set('name') })}
      <div class="grid-2">
        ${field({ id: 'phone', label: m.phone, value: d.phone, error: e.phone, type: 'tel', autocomplete: 'tel', inputmode: 'tel', required: true, input: set('phone') })}
        ${field({ id: 'email', label: m.email, value: d.email, error: e.email, type: 'email', autocomplete: 'email', hint: this.c.emailHint, input: set('email') })}
      </div>
    </section>`;
  }

  private renderDestination() {
    const s = this.checkoutState.value!;
    const page = this.engine?.mode === 'page' ? this.page : undefined;
    const e = this.errors;
    return html`<section class="step-box" part="section">
      <h3 part="section-heading"><span class="step" aria-hidden="true">2</span>${this.c.destination}</h3>
      <svc-location-picker required exportparts=${exportParts(PICKER_PARTS, 'location-')} value=${String(s.destination?.location_id ?? '')}
        postal-code=${s.destination?.postal_code ?? ''} page-id=${page?.id ?? nothing} page-key=${page?.key ?? nothing} base-url=${page?.baseUrl ?? nothing}
        aria-invalid=${e.location ? 'true' : 'false'} aria-describedby="location-error"></svc-location-picker>
      ${e.location ? html`<p class="field-error" part="field-error" id="location-error">${e.location}</p>` : nothing}
      ${field({ id: 'address', label: this.m.address, value: this.draft.address, error: e.address, hint: this.m.addressHint, autocomplete: 'street-address', multiline: true, required: true, input: (v) => (this.draft.address = v) })}
      ${this.renderShipping()}
    </section>`;
  }

  private renderShipping() {
    const c = this.c;
    const lang = this.uiLang;
    const chosen = this.checkoutState.value!.shippingOption;
    const error = this.errors.shipping;
    const body = this.shippingOptions.render({
      initial: () => html`<p class="hint">${c.shippingFirst}</p>`,
      pending: () => html`<div class="sk sk-opt"></div><div class="sk sk-opt"></div>`,
      error: (err) => html`<p class="alert" role="alert">${this.errorText(err)}</p>`,
      complete: (list) => !list ? html`<p class="hint">${c.shippingFirst}</p>` : !list.length ? html`<p class="notice">${c.noShipping}</p>`
        : list.map((o, i) => html`<label class="choice" part="shipping-option">
            <input type="radio" name="shipping" .checked=${sameOption(chosen, o)} aria-invalid=${error && i === 0 ? 'true' : 'false'}
              @change=${() => this.engine!.update({ shippingOption: choice(o) })}>
            <span class="grow"><span>${o.courier_name} · ${o.service_name}</span><small>${this.m.days(o.etd_days_min, o.etd_days_max)}</small></span>
            <span class="cost">${o.cost === '0' ? this.m.free : money(o.cost, lang)}</span></label>`),
    });
    return html`<fieldset class="options" aria-describedby="shipping-error"><legend>${c.shipping}</legend>${body}
      ${error ? html`<p class="field-error" part="field-error" id="shipping-error">${error}</p>` : nothing}</fieldset>`;
  }

  private renderPayment(step: number) {
    const c = this.c;
    const s = this.checkoutState.value!;
    const e = this.errors;
    const list = this.methods.value ?? [];
    const methods = this.methods.status === TaskStatus.PENDING
      ? html`<div class="sk sk-opt"></div><div class="sk sk-opt"></div>`
      : this.methods.status === TaskStatus.ERROR ? html`<p class="alert" role="alert">${this.errorText(this.methods.error)}</p>`
      : !list.length ? html`<p class="notice">${c.noMethods}</p>`
      : list.map((method, i) => {
        const selected = method.code === s.paymentMethod;
        return html`<label class="choice" part="payment-method">
            <input type="radio" name="method" .checked=${selected} aria-invalid=${e.method && i === 0 ? 'true' : 'false'}
              @change=${() => this.engine!.update({ paymentMethod: method.code, subPaymentMethod: null })}>
            <span class="grow">${method.name}</span></label>
          ${selected && method.channels.length ? html`<fieldset class="channels" aria-describedby="channel-error"><legend class="sr-only">${c.channel}</legend>
            ${method.channels.map((ch, j) => html`<label class="choice" part="channel"><input type="radio" name="channel"
              .checked=${ch.code === s.subPaymentMethod} aria-invalid=${e.channel && j === 0 ? 'true' : 'false'}
              @change=${() => this.engine!.update({ subPaymentMethod: ch.code })}>${ch.name}</label>`)}
            ${e.channel ? html`<p class="field-error" part="field-error" id="channel-error">${e.channel}</p>` : nothing}</fieldset>` : nothing}`;
      });
    return html`<section class="step-box" part="section">
      <h3 part="section-heading"><span class="step" aria-hidden="true">${step}</span>${c.payment}</h3>
      <fieldset class="options" aria-describedby="method-error"><legend class="sr-only">${c.payment}</legend>${methods}
        ${e.method ? html`<p class="field-error" part="field-error" id="method-error">${e.method}</p>` : nothing}</fieldset>
      ${field({ id: 'notes', label: this.m.notes, value: this.draft.notes, multiline: true, input: (v) => (this.draft.notes = v) })}
    </section>`;
  }

  private renderDiscount() {
    const c = this.c;
    const { discount: result, discountCode } = this.checkoutState.value!;
    const message = !result || (result.eligible && discountCode !== result.code) ? nothing : result.eligible
      ? html`<p class="ok" part="discount-message" role="status">${c.applied(result.code, money(result.discount_amount, this.uiLang))}
          <button type="button" class="link" @click=${() => this.engine!.update({ discountCode: null })}>${c.remove}</button></p>`
      : html`<p class="notice" part="discount-message" role="status">${c.ineligible[result.reason]}</p>`;
    return html`<div class="field" part="discount">
      <label for="discount" part="label">${c.discountCode}</label>
      <div class="discount"><input id="discount" part="discount-input" autocomplete="off" .value=${this.discountText}
        @input=${(e: Event) => (this.discountText = (e.target as HTMLInputElement).value)}
        @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && (e.preventDefault(), void this.applyDiscount())}>
      <button type="button" class="btn quiet" part="discount-apply" ?disabled=${!this.discountText.trim()} @click=${this.applyDiscount}>${c.apply}</button></div>
      ${message}
    </div>`;
  }

  private renderSummary() {
    const m = this.m;
    const c = this.c;
    const lang = this.uiLang;
    const s = this.checkoutState.value!;
    const cart = this.cartState.value?.cart;
    const sum = s.summary;
    const productPrice = sum?.product_price ?? (cart && !this.items ? cart.subtotal : null);
    const dash = (amount: string | null | undefined) => (amount == null ? '—' : money(amount, lang));
    const summaryError = s.summaryStatus === 'error' && s.error
      && !(isApiError(s.error, 'validation_error') && Object.keys(s.error.fields).every((f) => NOT_YET.test(f)));
    const submitting = s.status === 'submitting';
    return html`<aside part="summary" aria-labelledby="summary-heading">
      <h3 id="summary-heading" part="section-heading">${c.yourOrder}</h3>
      ${cart && !this.items ? html`<ul class="lines" part="lines">${cart.items.map((l) => html`<li class="line" part="line">
        <span class="thumb">${safeUrl(l.image_url) ? html`<img class="thumb" src=${safeUrl(l.image_url)!} alt="">` : nothing}<span class="qty">${l.quantity}</span></span>
        <span class="name"><span>${l.name}</span>${l.variant_name ? html`<small>${l.variant_name}</small>` : nothing}</span>
        <span class="price">${money(l.line_total, lang)}</span></li>`)}</ul>` : nothing}
      ${this.renderDiscount()}
      <dl class="rows ${s.summaryStatus === 'loading' ? 'busy' : ''}" part="totals" aria-busy=${String(s.summaryStatus === 'loading')}>
        <div><dt>${m.subtotal}</dt><dd>${dash(productPrice)}</dd></div>
        ${this.needsShipping ? html`<div><dt>${m.shipping}</dt><dd>${sum ? (sum.shipping_cost === '0' ? m.free : money(sum.shipping_cost, lang)) : '—'}</dd></div>` : nothing}
        ${sum && sum.other_income !== '0' ? html`<div><dt>${sum.other_income_name ?? m.otherIncome}</dt><dd>${money(sum.other_income, lang)}</dd></div>` : nothing}
        ${sum && sum.discount_amount !== '0' ? html`<div><dt>${m.discount}</dt><dd>−${money(sum.discount_amount, lang)}</dd></div>` : nothing}
        <div class="grand" part="total"><dt>${m.total}</dt><dd aria-live="polite">${dash(sum?.gross_revenue)}</dd></div>
      </dl>
      ${!sum && !summaryError ? html`<p class="hint">${c.totalLater}</p>` : nothing}
      ${summaryError ? html`<p class="alert" role="alert">${this.errorText(s.error)}</p>` : nothing}
      ${this.failure ? html`<p class="alert" part="error" role="alert">${Object.values(this.errors).some(Boolean) ? c.fixErrors : this.errorText(this.failure)}</p>` : nothing}
      <button type="submit" class="btn submit" part="submit" aria-busy=${String(submitting)} ?disabled=${submitting}>
        ${submitting ? c.placing : html`<slot name="submit">${c.placeOrder}</slot>`}</button>
    </aside>`;
  }

  private renderPlaced(order: PublicOrder) {
    const c = this.c;
    const shown = this.paid ?? order;
    return html`<div part="confirmation">
      <p class="ok" role="status" tabindex="-1">${c.thanks}</p>
      <slot name="confirmation"></slot>
      ${this.paying ? html`<p class="muted" role="status">${this.m.preparing}</p>`
        : html`<svc-payment-instructions .order=${shown} exportparts=${exportParts(PAYMENT_PARTS, 'payment-')}></svc-payment-instructions>
          ${paymentKind(shown) === 'none' ? html`<p>${c.continueToOrder}</p>` : nothing}`}
      ${this.failure ? html`<p class="alert" part="error" role="alert">${this.errorText(this.failure)}</p>` : nothing}
      <a class="btn quiet" part="order-link" href=${ifDefined(safeUrl(order.public_order_url))}>${c.orderPage}</a>
    </div>`;
  }

  override render() {
    const c = this.c;
    const s = this.checkoutState.value;
    const { cart, status } = this.cartState.value ?? {};
    const placed = this.paid ?? (s?.status === 'placed' ? s.order : null);
    let body;
    if (!s) body = html`<p class="alert">${this.t.notConfigured}</p>`;
    else if (placed) body = this.renderPlaced(placed);
    else if (!this.items && this.engine?.mode !== 'page' && (cart ? !cart.items.length : status === 'idle')) body = html`<p class="state muted">${c.emptyCart}</p>`;
    else {
      const shipping = this.needsShipping;
      body = html`<form part="form" novalidate @submit=${this.onSubmit} @change=${this.onChange}>
        <div class="cols"><div class="main">
          ${this.renderContact()}
          ${shipping ? this.renderDestination() : html`<p class="notice">${c.digitalOnly}</p>`}
          ${this.renderPayment(shipping ? 3 : 2)}
        </div>${this.renderSummary()}</div>
      </form>`;
    }
    return html`<section part="base">
      <h2 part="heading"><slot name="heading">${c.checkout}</slot></h2>
      ${body}
    </section>`;
  }
}

define('svc-checkout', SvcCheckout);

declare global {
  interface HTMLElementTagNameMap {
    'svc-checkout': SvcCheckout;
  }
}
