import { Task } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { isApiError } from '../../client/errors.ts';
import type { CartItemInput } from '../../contract/cart.ts';
import type { PaymentMethod } from '../../contract/catalog.ts';
import type { PublicOrder } from '../../contract/order.ts';
import '../location-picker/location-picker.ts';
import type { SvcLocationPicker } from '../location-picker/location-picker.ts';
import { define, SvcElement } from '../shared/element.ts';
import { CheckoutSubmitEvent, OrderCreatedEvent, PaymentCreatedEvent } from '../shared/checkout-events.ts';
import { SvcErrorEvent } from '../shared/svc-event.ts';
import { focusFirstInvalid, formStyles } from '../shared/form-kit.ts';
import { Localize } from '../shared/localize.ts';
import { CopyController, orderNumberStyles } from '../shared/order-number.ts';
import { StoreController } from '../shared/store-controller.ts';
import { ensureCart } from '../shared/storefront.ts';
import '../../session/storefront-parts.ts'; // storefront.checkout and createCheckout()
import { base } from '../shared/styles.ts';
import { CHECKOUT_TERMS } from './checkout.i18n.ts';
import { checkoutStyles } from './checkout.styles.ts';
import type { CheckoutState } from '../../session/index.ts';
import { CheckoutBinding, pageSettings } from './checkout-binding.ts';
import { parseMethods } from './page-methods.ts';
import { choice, paymentChoiceStyles, problems, renderContact, renderDestination, renderPayment, sameOption, type CheckoutView } from './checkout-form.ts';
import { renderPlaced, renderSummary } from './checkout-summary.ts';
import { renderPayBar, renderSummaryBar } from './checkout-bars.ts';
import { checkoutFunnel } from './checkout-funnel.ts';
import { PayBarController } from './pay-bar.ts';
import { FieldFeedback } from './checkout-feedback.ts';
import { digitalOf, ReturningBuyer, signInTarget } from './checkout-returning.ts';
import { openWhatsApp, whatsappUrl } from '../shared/whatsapp.ts';
import { errorText, fieldText, type ErrorContext } from '../shared/server-errors.ts';

/**
 * Checkout with one UI for three modes: a guest of the storefront (`/public/checkout`), a signed-in customer
 * (`/customers/me/checkout`), or an HTML Mode page (`page-id` + `page-key` → `/v3/pages/{id}/…`; also picked up
 * from a `<script data-page-id data-page-key>` of the page runtime). Items are the cart's, or `items` (buy now).
 * After the order it creates the payment and shows `<svc-payment-instructions>`.
 *
 * Submitting twice makes one order: the session keeps one in-flight submission and one Idempotency-Key per attempt.
 * A failed submission keeps everything typed; the inputs the server refused are marked, in the page's language.
 * When no answer came (network, 5xx) the buyer is told the order may exist, and "Coba lagi" sends the same attempt.
 * On narrow widths a collapsible summary bar opens the checkout, and a pay bar with the total and the place-order
 * button holds the bottom of the screen while the form's own button is out of view. A signed-in buyer starts from
 * their last order's address and courier; a guest is offered to sign in when `sign-in-url` is set or the page has a
 * `<svc-sign-in>` or `<svc-account>`.
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
 * @csspart summary-bar - Narrow widths: the collapsible summary at the top; `summary-toggle`, `summary-panel` inside.
 * @csspart summary-toggle - Its button: "Ringkasan pesanan", the item count and the total.
 * @csspart summary-panel - Its lines and amounts, once expanded.
 * @csspart pay-bar - Narrow widths: the bar fixed at the bottom of the screen; `pay-bar-total`, `pay-bar-submit`.
 * @csspart pay-bar-total - The total in it.
 * @csspart pay-bar-submit - Its place-order button.
 * @csspart total-note - "+ ongkir" after a total that does not hold shipping yet.
 * @csspart fee - The store's fee row (`other_income_name`); `cod-fee` the COD fee (its row, or its note under shipping).
 * @csspart cod-fee - The cash-on-delivery fee.
 * @csspart error - Why placing the order failed; `retry` its "Coba lagi" when the outcome is unknown.
 * @csspart retry - "Coba lagi": places the same attempt again (no second order).
 * @csspart sign-in - "Masuk" for a guest, when the page has sign-in.
 * @csspart prefilled - "Address and courier from your last order" (signed-in buyers).
 * @csspart submit - The place-order button.
 * @cssproperty --svc-checkout-sticky-top - Offset of the sticky summary column (and of focused fields) below a fixed page header (1rem).
 * @cssproperty --svc-pay-bar-z-index - Stacking of the pay bar over the page (20).
 * @csspart confirmation - What replaces the form once placed; `order-link` is its link to the order page.
 * @csspart order-number - The order number the buyer quotes; `order-number-value` and `order-number-copy` inside.
 * @csspart payment-* - Parts of the `<svc-payment-instructions>` inside, prefixed.
 * @csspart heading - The heading.
 * @csspart section - A section of the form (contact, shipping, payment).
 * @csspart section-heading - A section's heading.
 * @csspart label - A field's or the discount code's label.
 * @csspart input - A field's input.
 * @csspart field-error - A field's or a choice's error message.
 * @csspart payment-method - A payment method.
 * @csspart channel - A payment channel (bank, e-wallet) of the chosen method.
 * @csspart payment-option - A payment method's card: its `payment-method` label, `payment-marks`, `payment-description` and, once chosen, its channels.
 * @csspart payment-marks - The marks beside a method's name (its banks, e-wallets, QRIS or a pictogram).
 * @csspart payment-description - The line under a method's name, or why it cannot be chosen ("COD hanya untuk barang yang dikirim").
 * @csspart discount-input - The discount code input.
 * @csspart discount-apply - Its apply button.
 * @csspart discount-message - What the code did (applied, invalid).
 * @csspart lines - The summary's lines.
 * @csspart line - One line.
 * @csspart unit-price - A line's unit price.
 * @csspart totals - The totals.
 * @csspart total - The grand total row.
 * @csspart order-number-value - The number.
 * @csspart order-number-copy - Its copy button.
 * @csspart order-link - The link to the order's status page.
 * @csspart whatsapp - "Konfirmasi via WhatsApp" (`whatsapp="62811…[,62812…]"`; `whatsapp-after-submit` opens it at once).
 */
export class SvcCheckout extends SvcElement {
  static override styles = [base, formStyles, checkoutStyles, orderNumberStyles, paymentChoiceStyles];
  protected override readonly localize = new Localize(this, CHECKOUT_TERMS);

  /** The checkout driven: the storefront's cart checkout, or one of its own (buy now, HTML Mode page). */
  private readonly binding = new CheckoutBinding();
  private readonly copier = new CopyController(this);
  /** What the buyer is typing; pushed to the checkout store on `change` and on submit (typing must never be undone by a render). */
  private draft = { name: '', phone: '', email: '', address: '', notes: '' };
  private submission?: Promise<void>;
  private announced = '';
  private readonly funnel = checkoutFunnel(this);
  private readonly payBar = new PayBarController(this, () => {
    const q = (selector: string) => this.renderRoot.querySelector(selector);
    return { box: q('[part=base]'), submit: q('[part~=submit]'), main: q('.main'), summary: q('aside'), bar: q('[part~=pay-bar]') };
  });
  private readonly returning = new ReturningBuyer(this);
  private readonly feedback = new FieldFeedback(this, () => this.engine && problems(this.view(this.engine.$checkout.get())), () => {
    if (isApiError(this.failure) && Object.keys(this.failure.fields).length) this.failure = undefined; // every refused field fixed
  });

  private readonly checkoutState = new StoreController(this, () => this.engine?.$checkout);
  private readonly cartState = new StoreController(this, () => (this.items ? undefined : this.storefront?.$cart));
  private readonly sessionState = new StoreController(this, () => this.storefront?.$session);

  private readonly methods = new Task(this, {
    args: () => [this.engine, this.paymentMethods ?? this.page?.methods] as const,
    task: ([engine, pageMethods], { signal }) => pageMethods
      ? Promise.resolve(parseMethods(pageMethods, (code) => this.localize.term('method', code)))
      : engine?.paymentMethods(signal) ?? Promise.resolve([] as PaymentMethod[]),
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
      const pick = this.returning.pick(list);
      if (!list.some((o) => sameOption(chosen, o))) engine.update({ shippingOption: pick ? choice(pick) : null });
      this.feedback.recheck(['shipping']);
      return list;
    },
  });

  @query('svc-location-picker') private picker?: SvcLocationPicker;

  @state() private failure?: unknown;
  @state() private discountText = '';
  @state() private paid?: PublicOrder;
  @state() private paying = false;
  @state() private summaryOpen = false;
  /** The server asked for the e-mail (a digital item the lines did not reveal): from then on it is required here too. */
  @state() private emailRequired = false;

  /** Buy now: these items instead of the cart (JSON in the attribute). */
  @property({ type: Array }) items?: CartItemInput[];
  /** Buy now: `required` when the items ship, `none` when nothing does; saves asking the server (whose 400 the browser logs). */
  @property() shipping?: 'required' | 'none';
  /** HTML Mode page id; with `page-key`, checkout goes through `/v3/pages/{page-id}/…`. */
  @property({ attribute: 'page-id' }) pageId?: string;
  @property({ attribute: 'page-key' }) pageKey?: string;
  /** Service address in page mode (default: the page's origin). */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /** Page mode: the page's payment methods (no page route lists them), `/public/payment-methods` JSON or `"virtual_account:bca,bni qris cod"`. */
  @property({ attribute: 'payment-methods' }) paymentMethods?: string;
  /** Name of the order summary landmark (default from the heading, the cart or the items): set it when two checkouts share a page. */
  @property({ attribute: 'summary-label' }) summaryLabel?: string;
  /** Where a guest signs in ("Sudah punya akun? Masuk"); without it, the `<svc-sign-in>` or `<svc-account>` on the page, if any. */
  @property({ attribute: 'sign-in-url' }) signInUrl?: string;

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.binding.drop();
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    this.syncEngine();
    const engine = this.engine;
    if (!engine) return;
    if (!this.cartState.value?.pending) this.funnel.seen(this.items ? undefined : this.cartState.value?.cart, engine.$checkout.get()); // begin_checkout, of a confirmed cart
    // buy-now items ship as the `shipping` attribute says, else as the engine learns from its first summary
    if (changed.has('items') || changed.has('shipping') || engine.$checkout.get().items !== (this.items ?? null)) {
      engine.update({ items: this.items ?? null, needsShipping: this.shipping ? this.shipping === 'required' : null });
    }
    if (engine.mode !== 'page' && !this.items && this.storefront) ensureCart(this.storefront);
    // a signed-in customer starts from the profile, and from the address and courier of their last order
    if (engine.mode === 'customer') this.returning.start(engine, this.sessionState.value?.customer?.customer, this.draft);
  }

  private get page() {
    return pageSettings(this);
  }

  /** Drives the checkout its attributes and storefront say; the draft starts from what that checkout holds. */
  private syncEngine() {
    if (!this.binding.sync(this.page, !!this.items, this.storefront)) return;
    const s = this.engine?.$checkout.get();
    if (s) {
      Object.assign(this.draft, { name: s.contact?.name ?? '', phone: s.contact?.phone ?? '', email: s.contact?.email ?? '' });
      Object.assign(this.draft, { address: s.destination?.address ?? '', notes: s.notes ?? '' });
    }
  }

  private get engine() {
    return this.binding.engine;
  }

  private get needsShipping(): boolean {
    if (this.items) return this.checkoutState.value?.needsShipping ?? true;
    return this.cartState.value?.cart?.requires_shipping ?? true;
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
      this.feedback.recheck(['location', 'shipping']);
    } else if (target.matches('input:not([type=radio]), textarea')) {
      this.flush();
    }
  }

  private async onSubmit(event?: SubmitEvent) {
    event?.preventDefault();
    this.submission ??= this.submit().finally(() => (this.submission = undefined));
    await this.submission;
  }

  private async submit() {
    const engine = this.engine;
    if (!engine) return;
    this.flush();
    this.failure = undefined;
    if (!this.feedback.checkAll()) {
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
      this.funnel.purchase(order);
    }
    try {
      this.paid = await (this.binding.payer ?? engine).createPayment(order);
      this.dispatchEvent(new PaymentCreatedEvent(this.paid));
    } catch (error) {
      this.paid = order;
      this.fail('payment', error);
    } finally {
      this.paying = false;
    }
    if (this.hasAttribute('whatsapp-after-submit')) openWhatsApp(whatsappUrl(this.getAttribute('whatsapp'), order, this.uiLang));
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part=confirmation] p')?.focus();
  }

  /** Marks the inputs the server refused, each with a sentence in the page's language that names it. */
  private fail(action: string, error: unknown) {
    this.failure = error;
    if (isApiError(error, 'email_required')) this.emailRequired = true;
    this.feedback.fromServer(error, (path, code) => (code === 'email_required' ? this.localize.term('emailNeeded', this.digital?.what ?? null)
      : fieldText(path, code, this.uiLang, this.errorContext)));
    this.dispatchEvent(new SvcErrorEvent({ action, error, message: this.errorText(error) }));
    void this.updateComplete.then(() => focusFirstInvalid(this.renderRoot));
  }

  /** No server message reaches the buyer: codes and fields in the page's language (shared/server-errors.ts). */
  protected override errorText(error: unknown): string {
    return errorText(error, this.uiLang, this.errorContext);
  }

  private get errorContext(): ErrorContext {
    const lines = this.items ? this.checkoutState.value?.lines : this.cartState.value?.cart?.items;
    return { itemName: (index) => lines?.[index]?.name };
  }

  /** The order holds something digital: the e-mail is required, with the reason. */
  private get digital() {
    const s = this.checkoutState.value;
    return digitalOf(this.items ? s?.summary?.items ?? s?.lines : this.cartState.value?.cart?.items, !this.needsShipping)
      ?? (this.emailRequired ? { what: null } : null);
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

  /** What the templates (checkout-form.ts, checkout-summary.ts) read and call. */
  private view(state: CheckoutState): CheckoutView {
    const cart = this.items ? undefined : this.cartState.value?.cart;
    return {
      lang: this.uiLang, term: this.localize.term, state, errors: this.feedback.errors, draft: this.draft,
      page: this.engine?.mode === 'page' ? this.page : undefined,
      needsShipping: this.needsShipping,
      shippingOptions: this.shippingOptions,
      methods: this.methods,
      lines: cart ? cart.items : state.summary?.items ?? state.lines,
      digital: this.digital,
      signIn: signInTarget(this.engine?.mode, this.signInUrl),
      prefilled: this.returning.prefilled && !!state.destination,
      summaryOpen: this.summaryOpen,
      payBar: this.payBar.shown,
      submitLabel: this.querySelector(':scope > [slot=submit]')?.textContent?.trim() || this.localize.term('placeOrder'),
      discountText: this.discountText,
      failure: this.failure,
      paying: this.paying,
      paid: this.paid,
      summaryLabel: this.summaryLabel || this.localize.term('summaryOf', this.querySelector(':scope > [slot=heading]')?.textContent?.trim()
        || (cart ? this.localize.term('theCart') : (state.summary?.items ?? []).map((l) => l.name).join(', '))),
      copier: this.copier,
      update: (inputs) => this.engine?.update(inputs),
      chose: (keys) => (this.feedback.recheck(keys), this.funnel.chose(keys, cart, this.engine!.$checkout.get())),
      setDiscountText: (text) => (this.discountText = text),
      applyDiscount: () => void this.applyDiscount(),
      errorText: (error) => this.errorText(error),
      toggleSummary: () => (this.summaryOpen = !this.summaryOpen),
      retry: () => void this.onSubmit(),
      whatsapp: this.getAttribute('whatsapp'),
    };
  }

  override render() {
    const { term } = this.localize;
    const s = this.checkoutState.value;
    const { cart, status } = this.cartState.value ?? {};
    const placed = this.paid ?? (s?.status === 'placed' ? s.order : null);
    // the pay bar is outside the base: a container (the base, for its queries) could hold a fixed bar in some engines
    const frame = (body: unknown, summaryBar: unknown = nothing, payBar: unknown = nothing) => html`<section part="base">
      <h2 part="heading"><slot name="heading">${term('heading')}</slot></h2>
      ${summaryBar}${body}
    </section>${payBar}`;
    if (!s) return frame(html`<p class="alert">${term('notConfigured')}</p>`);
    if (placed) return frame(renderPlaced(this.view(s), placed));
    if (!this.items && this.engine?.mode !== 'page' && (cart ? !cart.items.length : status === 'idle')) return frame(html`<p class="state muted">${term('emptyCart')}</p>`);
    const view = this.view(s);
    const shipping = view.needsShipping;
    return frame(html`<form id="checkout-form" part="form" novalidate @submit=${this.onSubmit} @change=${this.onChange}
        @input=${this.feedback.onInput} @focusout=${this.feedback.onFocusOut}>
      <div class="cols"><div class="main">
        ${renderContact(view)}
        ${shipping ? renderDestination(view) : html`<p class="notice">${term('digitalOnly')}</p>`}
        ${renderPayment(view, shipping ? 3 : 2)}
      </div>${renderSummary(view)}</div>
    </form>`, renderSummaryBar(view), renderPayBar(view));
  }
}

define('svc-checkout', SvcCheckout);

declare global {
  interface HTMLElementTagNameMap {
    'svc-checkout': SvcCheckout;
  }
}
