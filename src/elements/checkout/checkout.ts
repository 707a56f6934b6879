import { Task } from '@lit/task';
import { html, type PropertyValues } from 'lit';
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
import type { CheckoutState, Storefront } from '../../session/index.ts';
import { pageStorefront } from '../shared/page-storefront.ts';
import { parseMethods } from './page-methods.ts';
import { choice, FIELD_OF, paymentChoiceStyles, problems, renderContact, renderDestination, renderPayment, sameOption, TYPED, type CheckoutView, type Errors, type FieldKey } from './checkout-form.ts';
import { renderPlaced, renderSummary } from './checkout-summary.ts';
import { checkoutFunnel } from './checkout-funnel.ts';
import { openWhatsApp, whatsappUrl } from '../shared/whatsapp.ts';

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
  private engine?: Storefront['checkout'];
  /** Whether `engine` is this element's own (destroyed with it), not the storefront's cart checkout. */
  private ownEngine = false;
  private readonly copier = new CopyController(this);
  private engineKey?: string;
  private engineStorefront?: unknown;
  /** The storefront the payment is created through: the store's when there is one (a page order has no store key). */
  private payer?: Storefront['checkout'];
  /** What the buyer is typing; pushed to the checkout store on `change` and on submit (typing must never be undone by a render). */
  private draft = { name: '', phone: '', email: '', address: '', notes: '' };
  private submission?: Promise<void>;
  private announced = '';
  private readonly funnel = checkoutFunnel(this);
  /** Fields the buyer typed in: their problems show once the buyer leaves them (or submits), not while typing. */
  private readonly dirty = new Set<FieldKey>();

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
      if (!list.some((o) => sameOption(chosen, o))) engine.update({ shippingOption: list[0] ? choice(list[0]) : null });
      this.recheck(['shipping']);
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

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.dropEngine();
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
    const storefront = page ? pageStorefront(page) : this.storefront;
    // the cart's checkout is the storefront's own; buy-now items and a page's get one of their own
    this.ownEngine = !!storefront && (!!this.items || storefront.scope === 'page');
    this.engine = this.ownEngine ? storefront!.createCheckout() : storefront?.checkout;
    this.payer = this.storefront?.scope === 'store' ? this.storefront.checkout : this.engine;
    const s = this.engine?.$checkout.get();
    if (s) {
      Object.assign(this.draft, { name: s.contact?.name ?? '', phone: s.contact?.phone ?? '', email: s.contact?.email ?? '' });
      Object.assign(this.draft, { address: s.destination?.address ?? '', notes: s.notes ?? '' });
    }
  }

  private dropEngine() {
    if (this.ownEngine) this.engine?.destroy();
    this.engine = this.payer = this.engineKey = this.engineStorefront = undefined;
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
      this.recheck(['location', 'shipping']);
    } else if (target.matches('input:not([type=radio]), textarea')) {
      this.flush();
    }
  }

  private validate(): Errors {
    return problems(this.view(this.engine!.$checkout.get()));
  }

  /** Typing: a shown problem goes as soon as the field is fixed (or turns into another one, shown on leaving). */
  private onInput(event: Event) {
    const key = (event.target as HTMLElement).id;
    if (!TYPED.has(key)) return;
    this.dirty.add(key as FieldKey);
    this.recheck([key as FieldKey], true);
  }

  /** Leaving a field the buyer typed in shows its problem. */
  private onFocusOut(event: FocusEvent) {
    const key = (event.target as HTMLElement).id as FieldKey;
    if (!this.dirty.has(key)) return;
    const problem = this.validate()[key];
    if (problem !== this.errors[key]) this.errors = { ...this.errors, [key]: problem };
  }

  /**
   * Checks the shown problems of `keys` again: a fixed one goes. While typing (`typing`), one that changed goes
   * too (a phone that was empty and is now half typed is not yet "invalid"; leaving the field says so).
   */
  private recheck(keys: FieldKey[], typing = false) {
    if (!this.engine || !keys.some((key) => this.errors[key])) return;
    const now = this.validate();
    const next = { ...this.errors };
    for (const key of keys) if (next[key]) next[key] = typing && now[key] !== next[key] ? undefined : now[key];
    this.errors = next;
    if (!Object.values(next).some(Boolean) && isApiError(this.failure) && Object.keys(this.failure.fields).length) this.failure = undefined;
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
      this.funnel.purchase(order);
    }
    try {
      this.paid = await (this.payer ?? engine).createPayment(order);
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

  private fail(action: string, error: unknown) {
    this.failure = error;
    const errors: Errors = {};
    if (isApiError(error)) {
      for (const [path, message] of Object.entries(error.fields)) {
        const key = Object.entries(FIELD_OF).find(([p]) => path === p || path.startsWith(`${p}.`))?.[1];
        if (!key) continue;
        const { term } = this.localize;
        errors[key] = key === 'phone' ? term('invalidPhone') : key === 'email' ? term('invalidEmail') : key === 'name' ? term('required') : message;
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

  /** What the templates (checkout-form.ts, checkout-summary.ts) read and call. */
  private view(state: CheckoutState): CheckoutView {
    const cart = this.items ? undefined : this.cartState.value?.cart;
    return {
      lang: this.uiLang, term: this.localize.term, state, errors: this.errors, draft: this.draft,
      page: this.engine?.mode === 'page' ? this.page : undefined,
      needsShipping: this.needsShipping,
      shippingOptions: this.shippingOptions,
      methods: this.methods,
      lines: cart ? cart.items : state.summary?.items ?? null,
      discountText: this.discountText,
      failure: this.failure,
      paying: this.paying,
      paid: this.paid,
      summaryLabel: this.summaryLabel || this.localize.term('summaryOf', this.querySelector(':scope > [slot=heading]')?.textContent?.trim()
        || (cart ? this.localize.term('theCart') : (state.summary?.items ?? []).map((l) => l.name).join(', '))),
      copier: this.copier,
      update: (inputs) => this.engine?.update(inputs),
      chose: (keys) => (this.recheck(keys), this.funnel.chose(keys, cart, this.engine!.$checkout.get())),
      setDiscountText: (text) => (this.discountText = text),
      applyDiscount: () => void this.applyDiscount(),
      errorText: (error) => this.errorText(error),
      whatsapp: this.getAttribute('whatsapp'),
    };
  }

  override render() {
    const { term } = this.localize;
    const s = this.checkoutState.value;
    const { cart, status } = this.cartState.value ?? {};
    const placed = this.paid ?? (s?.status === 'placed' ? s.order : null);
    let body;
    if (!s) body = html`<p class="alert">${this.localize.term('notConfigured')}</p>`;
    else if (placed) body = renderPlaced(this.view(s), placed);
    else if (!this.items && this.engine?.mode !== 'page' && (cart ? !cart.items.length : status === 'idle')) body = html`<p class="state muted">${term('emptyCart')}</p>`;
    else {
      const view = this.view(s);
      const shipping = view.needsShipping;
      body = html`<form part="form" novalidate @submit=${this.onSubmit} @change=${this.onChange} @input=${this.onInput} @focusout=${this.onFocusOut}>
        <div class="cols"><div class="main">
          ${renderContact(view)}
          ${shipping ? renderDestination(view) : html`<p class="notice">${term('digitalOnly')}</p>`}
          ${renderPayment(view, shipping ? 3 : 2)}
        </div>${renderSummary(view)}</div>
      </form>`;
    }
    return html`<section part="base">
      <h2 part="heading"><slot name="heading">${term('heading')}</slot></h2>
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
