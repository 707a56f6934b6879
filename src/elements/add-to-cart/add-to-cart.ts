import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { CartItemInput } from '../../contract/cart.ts';
import type { LinePreview } from '../../session/index.ts';
import { CartChangeEvent } from '../shared/cart-events.ts';
import { define, SvcElement } from '../shared/element.ts';
import { base } from '../shared/styles.ts';
import { ariaBool, icons } from '../shared/templates.ts';
import { addToCartStyles } from './add-to-cart.styles.ts';
import { ADD_TO_CART_TERMS } from './add-to-cart.i18n.ts';
import { Localize } from '../shared/localize.ts';

/**
 * A button that adds a variant (`variant-id`) or a bundle price option (`bundle-price-option-id`) to the cart of
 * its storefront. Place it anywhere in your own markup.
 *
 * @summary Add-to-cart button for merchant markup.
 * @slot - Button label (default "Tambah ke keranjang" / "Add to cart").
 * @fires svc-cart-change - `{ action: 'add', cart, item }` once the server has the item.
 * @csspart button - The button.
 * @csspart error - Error message under the button.
 */
export class SvcAddToCart extends SvcElement {
  static override styles = [base, addToCartStyles];
  protected override readonly localize = new Localize(this, ADD_TO_CART_TERMS);

  private resetTimer?: ReturnType<typeof setTimeout>;

  @state() private status: 'idle' | 'busy' | 'done' | 'error' = 'idle';
  @state() private error?: unknown;

  @property({ type: Number, attribute: 'variant-id' }) variantId?: number;
  @property({ type: Number, attribute: 'bundle-price-option-id' }) bundlePriceOptionId?: number;
  @property({ type: Number }) quantity = 1;
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Name, image and price shown in the cart before the server answers (optional). */
  @property({ attribute: false }) preview?: LinePreview;
  override disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this.resetTimer);
  }

  private get item(): CartItemInput | undefined {
    const quantity = Math.max(1, Math.floor(this.quantity) || 1);
    if (this.variantId) return { type: 'variant', variant_id: this.variantId, quantity };
    if (this.bundlePriceOptionId) return { type: 'bundle_price_option', bundle_price_option_id: this.bundlePriceOptionId, quantity };
    return undefined;
  }

  private async add() {
    const item = this.item;
    if (!item || this.disabled || this.status === 'busy') return;
    clearTimeout(this.resetTimer);
    this.status = 'busy';
    try {
      const storefront = this.requireStorefront();
      const cart = await storefront.cart.add(item, this.preview);
      this.status = 'done';
      this.dispatchEvent(new CartChangeEvent({ action: 'add', cart, item, storeId: storefront.client.options.storeId ?? '' }));
      this.resetTimer = setTimeout(() => (this.status = 'idle'), 2000);
    } catch (error) {
      this.error = error;
      this.status = 'error';
    }
  }

  override render() {
    const { term } = this.localize;
    const { status } = this;
    return html`<button type="button" class="btn" part="button" ?disabled=${this.disabled || !this.item}
        aria-busy=${ariaBool(status === 'busy')} @click=${this.add}>
        ${status === 'done' ? html`${icons.check}${term('added')}` : status === 'busy' ? term('adding') : html`${icons.bag}<slot>${term('addToCart')}</slot>`}
      </button>
      <span class="sr-only" role="status">${status === 'done' ? term('added') : ''}</span>
      ${status === 'error' ? html`<p class="error" part="error" role="alert">${this.errorText(this.error)}</p>` : nothing}`;
  }
}

define('svc-add-to-cart', SvcAddToCart);

declare global {
  interface HTMLElementTagNameMap {
    'svc-add-to-cart': SvcAddToCart;
  }
}
