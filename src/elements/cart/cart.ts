import { html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Cart, CartLine } from '../../contract/cart.ts';
import { MAX_LINE_QUANTITY } from '../../contract/constants.ts';
import { CartChangeEvent, CheckoutRequestEvent } from '../shared/cart-events.ts';
import { define, SvcElement } from '../shared/element.ts';
import { money } from '../shared/format.ts';
import { StoreController } from '../shared/store-controller.ts';
import { ensureCart } from '../shared/storefront.ts';
import { base } from '../shared/styles.ts';
import { ariaBool, icons, price, stepper } from '../shared/templates.ts';
import { cartStyles } from './cart.styles.ts';
import { CART_TERMS } from './cart.i18n.ts';
import { Localize } from '../shared/localize.ts';
import { safeUrl } from '../shared/safe-url.ts';
import { emitFunnel, lineItem } from '../../analytics/funnel.ts';

export { CART_PARTS } from './cart-parts.ts';

/** Parts of `<svc-cart>`, for elements that nest it and forward them with `exportparts`. */

/**
 * The buyer's cart: lines with quantity steppers and remove, subtotal and a checkout button. It is the guest cart
 * or, once the buyer signs in, the customer's cart; the session switches between them.
 *
 * @summary Cart lines, totals and checkout button.
 * @slot heading - Heading (default "Keranjang" / "Cart").
 * @slot empty - Shown when the cart is empty.
 * @slot checkout - Label of the checkout button.
 * @fires svc-cart-change - `{ action: 'update' | 'remove', cart, storeId }` after the server confirmed a change.
 * @fires svc-checkout-request - `{ cart }`, cancelable: the buyer pressed checkout. Not cancelled + `checkout-url` → navigates there.
 * @csspart base - The wrapper.
 * @csspart header - Heading row; `heading`, `count` inside it.
 * @csspart lines - The list of lines; each `line` has `line-image`, `line-name`, `line-variant`, `line-total` (what the
 *   line costs: its `price`, and `compare-at-price` struck through when on sale), `line-unit-price` (from 2 units
 *   on: "2 × Rp 85.000") and `line-saving`.
 * @csspart quantity - A line's stepper; also `quantity-button`, `quantity-input`.
 * @csspart remove - A line's remove button.
 * @csspart summary - Totals and checkout; `subtotal`, `fee`, `note`, `checkout` inside it.
 * @csspart state - Empty state and load error; `retry` is its button.
 * @csspart error - Message of a failed change.
 * @csspart skeleton - Placeholder lines while loading.
 * @csspart heading - The heading.
 * @csspart count - The item count.
 * @csspart line - One line.
 * @csspart line-image - A line's image.
 * @csspart line-name - A line's product name.
 * @csspart line-variant - A line's variant name.
 * @csspart line-unit-price - A line's unit price times its quantity, from 2 units on.
 * @csspart line-total - A line's total.
 * @csspart price - A line's amount, inside `line-total`.
 * @csspart compare-at-price - The struck-through former price of a line on sale (for its quantity), inside `line-total`.
 * @csspart line-saving - What a line on sale saves ("Hemat Rp 50.000").
 * @csspart quantity-button - The stepper's − and + buttons.
 * @csspart quantity-input - The stepper's number input.
 * @csspart retry - Retry button of the load error.
 * @csspart subtotal - The subtotal row.
 * @csspart fee - The store's fee ("Biaya layanan Rp 2.500"), asked when the cart comes into view.
 * @csspart note - The shipping note.
 * @csspart checkout - The checkout button.
 */
export class SvcCart extends SvcElement {
  static override styles = [base, cartStyles];
  protected override readonly localize = new Localize(this, CART_TERMS);

  private readonly cartState = new StoreController(this, () => this.storefront?.$cart);

  @query('h2') private heading?: HTMLElement;

  @state() private error?: unknown;
  /** The store's fee (`other_income` of a partial summary), and the lines it was asked for. */
  @state() private fee?: { name: string | null; amount: string };
  private feeCart?: Cart;
  private feeWanted = false;

  /** Where the checkout button leads when `svc-checkout-request` is not cancelled. */
  @property({ attribute: 'checkout-url' }) checkoutUrl?: string;

  /** The funnel's view_cart: once each time the cart comes into view (a drawer opened) with lines in it. */
  private sight?: IntersectionObserver;
  private unreported = false;

  override connectedCallback() {
    super.connectedCallback();
    this.sight ??= new IntersectionObserver(([entry]) => {
      this.unreported = this.feeWanted = !!entry?.isIntersecting;
      this.requestUpdate();
    });
    this.sight.observe(this);
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.sight?.disconnect();
  }

  protected override willUpdate() {
    if (this.storefront) ensureCart(this.storefront);
  }

  protected override updated() {
    const cart = this.cartState.value?.cart;
    if (!cart?.items.length || this.cartState.value?.status !== 'ready') return;
    if (this.feeWanted && !this.cartState.value.pending) this.askFee(cart);
    if (!this.unreported) return;
    this.unreported = false;
    emitFunnel('view_cart', cart.items.map((line) => lineItem(line)), { value: Number(cart.subtotal) }, this);
  }

  /**
   * The store's fee, named before checkout: a partial summary of the lines (no destination yet), asked when the cart
   * comes into view (a drawer opens) and its lines changed since the last answer; never while it is out of sight.
   */
  private askFee(cart: Cart) {
    this.feeWanted = false;
    if (cart === this.feeCart) return;
    this.feeCart = cart;
    const { client } = this.requireStorefront();
    import('./store-fee.ts').then((m) => m.storeFee(client, cart.items)).then((fee) => (this.fee = fee), () => (this.feeCart = undefined));
  }

  private async change(line: CartLine, quantity: number) {
    const storefront = this.requireStorefront();
    this.error = undefined;
    const removing = quantity === 0;
    if (removing) this.heading?.focus(); // the line and its button are about to go
    try {
      const cart = await (removing ? storefront.cart.remove(line.id) : storefront.cart.update(line.id, quantity));
      this.dispatchEvent(new CartChangeEvent({ action: removing ? 'remove' : 'update', cart, storeId: storefront.client.options.storeId ?? '' }));
    } catch (error) {
      this.error = error;
    }
  }

  private checkout(cart: Cart) {
    if (this.dispatchEvent(new CheckoutRequestEvent(cart)) && this.checkoutUrl) location.assign(this.checkoutUrl);
  }

  private renderLine(line: CartLine) {
    const { term } = this.localize;
    const lang = this.uiLang;
    const optimistic = line.id < 0; // not on the server yet: nothing to change
    const max = Math.min(MAX_LINE_QUANTITY, Math.max(line.available_quantity, line.quantity));
    // two variants of one product are two lines: the labels name the variant too
    const item = line.variant_name ? `${line.name} (${line.variant_name})` : line.name;
    // one price at quantity 1; from 2 on, the total and what one costs. A sale keeps its former price and the saving.
    const saving = (Number(line.compare_at_price) - Number(line.unit_price)) * line.quantity;
    return html`<li class="line" part="line" aria-busy=${ariaBool(optimistic)}>
      ${safeUrl(line.image_url) ? html`<img class="thumb" part="line-image" src=${safeUrl(line.image_url)!} alt="" loading="lazy">` : html`<span class="thumb"></span>`}
      <div class="main">
        <span class="name" part="line-name">${line.name}</span>
        ${line.variant_name ? html`<span class="muted small" part="line-variant">${line.variant_name}</span>` : nothing}
        <span part="line-total">${price(line.line_total, line.line_total, saving > 0 ? String(Number(line.compare_at_price) * line.quantity) : null, lang)}</span>
        ${line.quantity > 1 ? html`<span class="muted small" part="line-unit-price">${line.quantity} × ${money(line.unit_price, lang)}</span>` : nothing}
        ${saving > 0 ? html`<span class="saving small" part="line-saving">${term('saving', money(String(saving), lang))}</span>` : nothing}
        <div class="actions">
          ${stepper(line.quantity, max, (q) => void this.change(line, q), term, `${term('quantity')}: ${item}`, optimistic, item)}
          <button type="button" class="icon-btn" part="remove" aria-label=${term('remove', item)} ?disabled=${optimistic}
            @click=${() => this.change(line, 0)}>${icons.trash}</button>
        </div>
      </div>
    </li>`;
  }

  private renderBody(cart: Cart | null, status: string) {
    const { term } = this.localize;
    if (!cart && status === 'loading') return html`<div part="skeleton" aria-label=${term('loading')}>${[1, 2].map(() => html`<div class="sk sk-line"></div>`)}</div>`;
    if (!cart && status === 'error') {
      return html`<div class="state" part="state" role="alert"><p class="error">${this.errorText(this.cartState.value?.error)}</p>
        <button type="button" class="btn quiet" part="retry" @click=${() => void this.storefront?.cart.load().catch(() => {})}>${term('retry')}</button></div>`;
    }
    if (!cart?.items.length) return html`<div class="state muted" part="state"><slot name="empty">${term('cartEmpty')}</slot></div>`;
    return html`<ul class="lines" part="lines" role="list">${repeat(cart.items, (l) => l.id, (l) => this.renderLine(l))}</ul>
      <div class="sum" part="summary">
        <div class="row" part="subtotal"><span>${term('subtotal')}</span><span class="price">${money(cart.subtotal, this.uiLang)}</span></div>
        ${Number(this.fee?.amount) > 0 ? html`<div class="row fee" part="fee"><span>${this.fee!.name ?? term('fee')}</span><span>${money(this.fee!.amount, this.uiLang)}</span></div>` : nothing}
        ${cart.requires_shipping ? html`<p class="note muted" part="note">${term('shippingLater')}</p>` : nothing}
        <button type="button" class="btn" part="checkout" ?disabled=${!!this.cartState.value?.pending} @click=${() => this.checkout(cart)}>
          <slot name="checkout">${term('checkout')}</slot></button>
      </div>`;
  }

  override render() {
    const { term } = this.localize;
    const { cart = null, status = 'idle' } = this.cartState.value ?? {};
    return html`<section part="base" aria-busy=${ariaBool(status === 'loading')}>
      <div class="head" part="header">
        <h2 part="heading" tabindex="-1"><slot name="heading">${term('cart')}</slot></h2>
        ${cart?.item_count ? html`<span class="muted" part="count">${term('items', cart.item_count)}</span>` : nothing}
      </div>
      ${this.error ? html`<p class="error" part="error" role="alert">${this.errorText(this.error)}</p>` : nothing}
      ${this.storefront ? this.renderBody(cart, status) : html`<p class="error" part="error">${term('notConfigured')}</p>`}
    </section>`;
  }
}

define('svc-cart', SvcCart);

declare global {
  interface HTMLElementTagNameMap {
    'svc-cart': SvcCart;
  }
}
