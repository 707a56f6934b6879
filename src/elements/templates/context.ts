import { property } from 'lit/decorators.js';
import { emitFunnel } from '../../analytics/funnel.ts';
import type { Cart } from '../../contract/cart.ts';
import { CartChangeEvent, VariantChangeEvent } from '../shared/cart-events.ts';
import { define } from '../shared/element.ts';
import type { OptionChangeEvent } from '../shared/template-events.ts';
import { CartSource, OrderSource } from './cart-source.ts';
import { goToCheckout } from './actions.ts';
import { parsePath, resolve } from './path.ts';
import { ProductSource } from './product-source.ts';
import { endMarker, optionName, renderContent, type Instance } from './render.ts';
import { BIND, MARK } from './vocabulary.ts';
import { TemplateElement } from './template-element.ts';
import { chosenVariant, type lineView } from './views.ts';

type Source = ProductSource | CartSource | OrderSource;
type LineView = ReturnType<typeof lineView>;
const LINE = parsePath('line')!;
const VALUE = parsePath('value')!;

/**
 * Renders its `<template>` child once, into its own light DOM, bound to one thing of the store: a product or a
 * bundle price option by slug, the buyer's cart, or an order by its secret slug. The template reads it through
 * `data-svc-*` bindings and `{{ path }}` (docs/templates.md); the merchant's buttons act on it through
 * `data-svc-action`. A child marked `data-svc-placeholder` holds the place until the data is there.
 *
 * @summary The merchant's own markup, bound to a product, a bundle, the cart or an order.
 * @fires svc-variant-change - `{ variant }`: the buyer chose another variant (product).
 * @fires svc-cart-change - `{ action, cart, item, storeId }`: an action of the template changed the cart.
 * @fires svc-checkout-request - `{ cart }`, cancelable: `buy-now` or `checkout` is about to go to `checkout-url`.
 * @fires svc-error - `{ action, error, message }`: an action failed; `message` is what the template shows.
 */
export class SvcContext extends TemplateElement {
  private source?: Source;
  private instance?: Instance;
  private loading?: AbortController;
  /** The product (or bundle) last reported in a view_item. */
  private viewed?: unknown;

  /** `product`, `bundle` (a bundle price option), `cart` or `order`. */
  @property() type: 'product' | 'bundle' | 'cart' | 'order' = 'product';
  /** The product's or bundle price option's slug. */
  @property() slug?: string;
  /** The order's secret slug (`type="order"`). */
  @property() secret?: string;
  /** Variant to choose first (else the first in stock). */
  @property({ type: Number, attribute: 'variant-id' }) variantId?: number;
  /** `product.url`: the product page's address, e.g. `/products/{slug}` (`{slug}`, `{id}`, `{type}`). */
  @property({ attribute: 'href-template' }) hrefTemplate?: string;

  override connectedCallback() {
    super.connectedCallback();
    this.addEventListener('svc-option-change', this.onOptionChange);
    if (this.hasUpdated && !this.source) this.reload();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.removeEventListener('svc-option-change', this.onOptionChange);
    this.stop();
  }

  protected override updated(changed: Map<PropertyKey, unknown>) {
    if (['provided', 'type', 'slug', 'secret', 'variantId'].some((name) => changed.has(name))) this.reload();
    else if (changed.has('hrefTemplate')) this.refresh();
  }

  private stop() {
    this.loading?.abort();
    if (this.source instanceof CartSource || this.source instanceof OrderSource) this.source.stop();
    this.source = undefined;
  }

  /** Asks for the data again (another slug, the storefront arrived, or `retry` after an error). */
  reload(): void {
    this.stop();
    if (!this.isConnected) return; // its storefront went with the page around it
    const storefront = this.storefront;
    if (!this.template) return;
    if (!storefront) return this.failed(this.requireStorefrontError());
    // the server's DOM stays as it is (`ready`) until the same data adopts it
    if (this.instance || !endMarker(this.template, MARK.end)) this.setLoadState('loading');
    if (this.type === 'cart' || this.type === 'order') {
      if (this.type === 'order' && !this.secret) return;
      const source = this.type === 'cart' ? new CartSource(storefront) : new OrderSource(storefront, this.secret!);
      this.source = source;
      void source.start(() => this.source === source && this.refresh());
      return this.refresh();
    }
    if (!this.slug) return;
    const source = new ProductSource(storefront, this.type === 'bundle' ? 'bundle' : 'product', this.slug, this.variantId);
    const loading = (this.loading = new AbortController());
    this.source = source;
    source.load(loading.signal).then(() => this.refresh(), (error: unknown) => loading.signal.aborted || this.failed(error));
  }

  private requireStorefrontError(): unknown {
    try {
      this.requireStorefront();
    } catch (error) {
      return error;
    }
    return undefined;
  }

  private failed(error: unknown) {
    this.showLoadError(error);
  }

  refresh(): void {
    const source = this.source;
    const template = this.template;
    if (!source || !template) return;
    if (!(source instanceof ProductSource)) {
      const status = source.status();
      if (status !== 'ready') return status === 'error' && !this.instance ? this.failed(source.error()) : undefined;
    }
    const scope = source.scope(this.hrefTemplate ?? null);
    if (!scope) return;
    if (!this.instance) {
      this.instance = renderContent(template, this.host, scope);
      this.dropPlaceholders();
    } else this.instance.update(scope);
    this.setLoadState('ready');
    this.reportView(source);
  }

  private reportView(source: Source) {
    if (!(source instanceof ProductSource)) return;
    const shown = source.product ?? source.bundle;
    const item = shown !== this.viewed ? source.viewedItem() : undefined;
    this.viewed = shown;
    if (item) emitFunnel('view_item', [item], {}, this);
  }

  private readonly onOptionChange = (event: OptionChangeEvent) => {
    event.stopPropagation();
    this.choose(event.detail.name, event.detail.value);
  };

  /** Chooses `value` of option `name` (product contexts). */
  choose(name: string, value: string): void {
    const source = this.source;
    if (!(source instanceof ProductSource) || !source.product) return;
    const before = chosenVariant(source.product, source.choice);
    source.choose(name, value, () => this.refresh());
    const after = chosenVariant(source.product, source.choice);
    if (after !== before) this.dispatchEvent(new VariantChangeEvent(after ?? null));
  }

  act(action: string, control: Element, instance: Instance, event: Event): void {
    const source = this.source;
    const scope = instance.scope;
    if (action === 'retry') return this.reload();
    if (!source || !scope) return;
    const line = resolve(LINE, scope) as LineView | undefined;
    if (source instanceof CartSource && line) return this.lineAction(action, control, instance, line, event);
    if (action === 'checkout' && source instanceof CartSource) return void goToCheckout(control, this.requireStorefront().$cart.get().cart, event);
    if (!(source instanceof ProductSource)) return;
    if (action === 'choose') {
      const value = resolve(VALUE, scope) as { option?: string; name?: string } | undefined;
      if (value?.option && value.name !== undefined) this.choose(value.option, value.name);
      return;
    }
    if (action === 'increment' || action === 'decrement') {
      source.setQuantity(source.quantity + (action === 'increment' ? 1 : -1));
      return this.refresh();
    }
    if (action === 'add-to-cart' || action === 'buy-now') {
      event.preventDefault(); // a link as the button goes to checkout after the item is in the cart, not before
      void this.addToCart(action, control, instance, source);
    }
  }

  /** A control's value changed: an option (`data-svc-option`), or a quantity (`data-svc-quantity`: the product's, or a line's). */
  changed(control: HTMLInputElement, instance: Instance): void {
    if (control.hasAttribute(BIND.option)) {
      if (instance.scope && control.value) this.choose(optionName(control, instance.scope), control.value);
      return;
    }
    const source = this.source;
    const quantity = Number(control.value);
    const line = instance.scope && (resolve(LINE, instance.scope) as LineView | undefined);
    if (source instanceof CartSource && line) return void this.changeLine(control, instance, line, Math.max(0, Math.round(quantity) || 0));
    if (!(source instanceof ProductSource)) return;
    source.setQuantity(quantity);
    control.value = String(source.quantity);
    this.refresh();
  }

  private async addToCart(action: string, control: Element, instance: Instance, source: ProductSource) {
    const storefront = this.requireStorefront();
    let cart: Cart | undefined;
    const done = await this.run(control, instance, action, async () => {
      const { item, preview } = source.cartItem();
      cart = await storefront.cart.add(item, preview);
      control.dispatchEvent(new CartChangeEvent({ action: 'add', cart, item, storeId: storefront.client.options.storeId ?? '' }));
    });
    if (done && action === 'buy-now') goToCheckout(control, cart ?? null);
  }

  private lineAction(action: string, control: Element, instance: Instance, line: LineView, event: Event) {
    if (action === 'increment' || action === 'decrement') return void this.changeLine(control, instance, line, Math.max(1, line.quantity + (action === 'increment' ? 1 : -1)));
    if (action === 'remove') return void this.changeLine(control, instance, line, 0);
    if (action === 'checkout') return void goToCheckout(control, this.requireStorefront().$cart.get().cart, event);
  }

  /** Sets a line's quantity (0 removes it), through the session's cart actions. */
  private async changeLine(control: Element, instance: Instance, line: LineView, quantity: number) {
    if (line.optimistic) return; // not on the server yet
    const storefront = this.requireStorefront();
    const wanted = Math.min(quantity, line.max_quantity);
    if (wanted === line.quantity) return;
    await this.run(control, instance, wanted === 0 ? 'remove' : 'update', async () => {
      const cart = await (wanted === 0 ? storefront.cart.remove(line.id) : storefront.cart.update(line.id, wanted));
      this.dispatchEvent(new CartChangeEvent({ action: wanted === 0 ? 'remove' : 'update', cart, storeId: storefront.client.options.storeId ?? '' }));
    }, false);
  }
}

define('svc-context', SvcContext);

declare global {
  interface HTMLElementTagNameMap {
    'svc-context': SvcContext;
  }
}
