import { html, nothing } from 'lit';
import { property, query } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { CART_PARTS } from '../cart/cart-parts.ts';
import type { CartChangeEvent } from '../shared/cart-events.ts';
import { define, SvcElement } from '../shared/element.ts';
import { StoreController } from '../shared/store-controller.ts';
import { ensureCart } from '../shared/storefront.ts';
import { base, dialogStyles } from '../shared/styles.ts';
import { exportParts, icons } from '../shared/templates.ts';
import { whenIdle } from '../shared/schedule.ts';
import { cartButtonStyles } from './cart-button.styles.ts';
import { CART_BUTTON_TERMS } from './cart-button.i18n.ts';
import { Localize } from '../shared/localize.ts';

/**
 * A cart icon with the item count that opens `<svc-cart>` in a drawer (a native modal `<dialog>`: focus is trapped
 * inside, Escape closes it, focus returns to the button).
 *
 * @summary Cart badge that opens the cart drawer.
 * @slot - Button content (default: a bag icon).
 * @slot heading - Forwarded to the cart's heading.
 * @slot empty - Forwarded to the cart's empty state.
 * @fires svc-checkout-request - From the cart inside (see `<svc-cart>`).
 * @csspart button - The button.
 * @csspart badge - The item count bubble.
 * @csspart dialog - The drawer.
 * @csspart close - Its close button.
 * @csspart cart-* - Parts of the `<svc-cart>` inside, prefixed (`cart-line`, `cart-checkout`, …).
 * @cssproperty --svc-drawer-width - Width of the drawer (26rem).
 * @cssproperty --svc-cart-button-reserved-width - Width held before the element is defined (max(2.75em, 44px)).
 * @cssproperty --svc-cart-button-reserved-height - Height held before the element is defined (max(2.75em, 44px)).
 */
export class SvcCartButton extends SvcElement {
  static override styles = [
    base,
    dialogStyles,
    cartButtonStyles,
  ];
  protected override readonly localize = new Localize(this, CART_BUTTON_TERMS);

  private readonly cartState = new StoreController(this, () => this.storefront?.$cart);
  private readonly onCartChange = (event: CartChangeEvent) => {
    if (!this.openOnAdd || event.detail.action !== 'add' || event.detail.storeId !== this.storefront?.client.options.storeId) return;
    // Added from inside a modal (the catalog's quick view): the drawer replaces it, so one Esc leads back to the page.
    for (const node of event.composedPath()) if (node instanceof HTMLDialogElement && node.open) node.close();
    void this.show();
  };

  @query('dialog') private dialog?: HTMLDialogElement;
  @query('.open') private button?: HTMLButtonElement;

  /** Forwarded to the cart's `checkout-url`. */
  @property({ attribute: 'checkout-url' }) checkoutUrl?: string;
  /**
   * Open the drawer when an item is added anywhere on the page (for this store). Added from inside a modal dialog
   * (the catalog's quick view), the drawer replaces that dialog.
   */
  @property({ type: Boolean, attribute: 'open-on-add' }) openOnAdd = false;

  override connectedCallback() {
    super.connectedCallback();
    document.addEventListener('svc-cart-change', this.onCartChange);
  }

  /**
   * The drawer's `<svc-cart>` is a chunk of its own (a catalog page's first task carries none of it): fetched when the
   * shopper reaches for the button or the page goes idle, and awaited before the drawer opens.
   */
  private loadCart(): Promise<unknown> {
    // a chunk that failed to come (offline) is asked again at the next reach, not remembered as failed
    return (this.cartModule ??= import('../cart/cart.ts').catch((error: unknown) => {
      this.cartModule = undefined;
      throw error;
    }));
  }

  private cartModule?: Promise<unknown>;

  /** Asks for the cart's code ahead of a tap; a failure waits for the tap, which asks again. */
  private prefetchCart() {
    this.loadCart().catch(() => {});
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    document.removeEventListener('svc-cart-change', this.onCartChange);
  }

  protected override willUpdate() {
    if (this.storefront) ensureCart(this.storefront);
  }

  protected override firstUpdated() {
    whenIdle(() => this.prefetchCart());
  }

  /** A click on the backdrop (outside the drawer's box) closes it. */
  private onDialogClick(event: MouseEvent) {
    const box = this.dialog!.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (event.target === this.dialog && !inside) this.close();
  }

  /** On the way to the checkout the drawer closes (an in-page `#checkout` would sit under it), focus stays put. */
  private onCheckoutRequest(event: Event) {
    queueMicrotask(() => { // after every listener had its chance to cancel
      if (event.defaultPrevented) return;
      this.leaving = true;
      this.close();
    });
  }

  private leaving = false;

  /** Opens the drawer: at once when the cart's code is there, else once it has come (never an empty drawer). */
  show(): Promise<void> {
    const open = () => {
      if (this.isConnected && !this.dialog?.open) this.dialog?.showModal();
    };
    if (customElements.get('svc-cart')) return Promise.resolve(open());
    return this.loadCart().then(open, () => {}); // no drawer without its code; the next tap asks again
  }

  /** Closes the drawer; focus goes back to the button. */
  close() {
    this.dialog?.close();
  }

  override render() {
    const count = this.cartState.value?.cart?.item_count ?? 0;
    const { term } = this.localize;
    return html`<button type="button" class="icon-btn open" part="button" aria-haspopup="dialog" aria-label=${term('cartLabel', count)}
        @pointerenter=${() => this.prefetchCart()} @focus=${() => this.prefetchCart()} @click=${() => void this.show()}>
        <slot>${icons.bag}</slot>${count ? html`<span class="badge" part="badge" aria-hidden="true">${count > 99 ? '99+' : count}</span>` : nothing}
      </button>
      <dialog class="drawer" part="dialog" aria-label=${term('cart')} @click=${this.onDialogClick}
        @svc-checkout-request=${this.onCheckoutRequest} @close=${() => (this.leaving ? (this.leaving = false) : this.button?.focus())}>
        <div class="dialog-bar"><button type="button" class="icon-btn" part="close" aria-label=${term('close')} @click=${this.close}>${icons.close}</button></div>
        <svc-cart exportparts=${exportParts(CART_PARTS, 'cart-')} checkout-url=${ifDefined(this.checkoutUrl)}>
          <slot name="heading" slot="heading">${term('cart')}</slot><slot name="empty" slot="empty">${term('cartEmpty')}</slot>
        </svc-cart>
      </dialog>`;
  }
}

define('svc-cart-button', SvcCartButton);

declare global {
  interface HTMLElementTagNameMap {
    'svc-cart-button': SvcCartButton;
  }
}
