import { Task } from '@lit/task';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { getBundlePriceOption, getProduct, getVariantAvailability, getVariantPricing } from '../../client/routes/product.ts';
import { MAX_LINE_QUANTITY } from '../../contract/constants.ts';
import type { BundlePriceOptionDetail, ProductDetail, Variant, VariantPricing } from '../../contract/catalog.ts';
import type { LinePreview } from '../../session/index.ts';
import '../add-to-cart/add-to-cart.ts';
import { emitFunnel } from '../../analytics/funnel.ts';
import { VariantChangeEvent } from '../shared/cart-events.ts';
import { define, SvcElement } from '../shared/element.ts';
import { innerHtml, sanitize } from '../shared/sanitize.ts';
import { base } from '../shared/styles.ts';
import { ariaBool, price, stepper } from '../shared/templates.ts';
import { Localize } from '../shared/localize.ts';
import { PRODUCT_TERMS } from './product.i18n.ts';
import { productStyles } from './product.styles.ts';
import { safeUrl } from '../shared/safe-url.ts';
export { PRODUCT_PARTS } from './parts.ts';

/** A product or a bundle price option; also what a server renders the element from (`svc-storefront/ssr`). */
export type ProductView = { product: ProductDetail; bundle?: undefined } | { bundle: BundlePriceOptionDetail; product?: undefined };
type Detail = ProductView;

/**
 * Options whose every value shows one photo of its own (a colour): the buyer sees what is chosen, so one may start
 * chosen. Any other option with a choice to make (a size) waits for the buyer: Baymard's research finds a
 * preselected fit-critical option goes unnoticed and comes back as a return.
 */
function pictured(product: ProductDetail): Set<string> {
  const photoOf = (v: Variant) => v.image_url ?? product.image_url;
  return new Set(product.options.filter(({ name, values }) => {
    const photos = values.map((value) => new Set(product.variants.filter((v) => v.options[name] === value).map(photoOf)));
    return photos.every((p) => p.size === 1) && new Set(photos.map((p) => [...p][0])).size > 1;
  }).map((o) => o.name));
}

/** The one photo every variant in `variants` shares, if they share one. */
const sharedPhoto = (variants: Variant[]) => {
  const photos = new Set(variants.map((v) => v.image_url));
  return photos.size === 1 ? [...photos][0] : undefined;
};

/**
 * Product detail by `slug` (or bundle price option by `bundle-slug`): gallery, variant picker, live price from the
 * pricing route, availability, quantity and add to cart. Works for products hidden from the catalog. In a `<dialog>`
 * one column wide (a quick view on a phone), the photo is smaller and the add button stays at the dialog's foot.
 * The merchant's description is sanitised with DOMPurify; every other string is rendered as text.
 *
 * @summary Product (or bundle) detail with variant picker and add to cart.
 * @slot add-to-cart - Label of the add-to-cart button.
 * @fires svc-variant-change - `{ variant }`: the buyer picked options (`null` while one is still to choose).
 * @fires svc-cart-change - `{ action: 'add', cart, item }`, from the add-to-cart button.
 * @csspart base - The two-column layout.
 * @csspart gallery - Image column.
 * @csspart image - The main image.
 * @csspart thumb - A thumbnail button.
 * @csspart info - Text column.
 * @csspart category - Category name.
 * @csspart name - The product name (an `h2`).
 * @csspart price - Current price.
 * @csspart compare-at-price - Struck-through former price.
 * @csspart badge - Digital / bundle badge.
 * @csspart availability - Stock line.
 * @csspart option - One option group (fieldset).
 * @csspart option-label - Its legend.
 * @csspart option-value - A selectable value.
 * @csspart contents - What a bundle contains.
 * @csspart quantity - The quantity stepper; also `quantity-button`, `quantity-input`.
 * @csspart add-to-cart - The add-to-cart button; until every option is chosen, a button that names the missing one
 *   ("Pilih ukuran") and leads to it.
 * @csspart option-error - Why the add button led to an option group.
 * @csspart description - The sanitised description.
 * @csspart state - Not found / error state.
 * @csspart skeleton - Placeholders while loading.
 * @csspart quantity-button - The stepper's − and + buttons.
 * @csspart quantity-input - The stepper's number input.
 * @cssproperty --svc-product-image-ratio - Aspect ratio of the main image (1).
 * @cssproperty --svc-product-reserved-height - Height held before the element is defined (its media box).
 */
export class SvcProduct extends SvcElement {
  static override styles = [base, productStyles];
  protected override readonly localize = new Localize(this, PRODUCT_TERMS);

  private readonly detail = new Task(this, {
    args: () => [this.storefront, this.slug, this.bundleSlug] as const,
    task: async ([, slug, bundleSlug], { signal }): Promise<Detail | undefined> => {
      const { client } = this.requireStorefront();
      this.quantity = 1;
      this.image = undefined;
      this.prompt = undefined;
      if (bundleSlug) return { bundle: await getBundlePriceOption(client, bundleSlug, { signal }) };
      if (!slug) return undefined;
      return this.chooseFirst(await getProduct(client, slug, { signal }));
    },
  });

  /** Live prices of every variant of the product, one request. */
  private readonly pricing = new Task(this, {
    args: () => [this.detail.value?.product] as const,
    task: async ([product], { signal }) =>
      product?.variants.length
        ? new Map((await getVariantPricing(this.requireStorefront().client, product.variants.map((v) => v.id), { signal })).map((p) => [p.variant_id, p]))
        : undefined,
  });

  private readonly availability = new Task(this, {
    args: () => [this.variant?.id] as const,
    task: ([id], { signal }) => (id ? getVariantAvailability(this.requireStorefront().client, id, { signal }) : Promise.resolve(undefined)),
  });

  private readonly description = new Task(this, {
    args: () => [this.detail.value?.product?.description_html ?? this.detail.value?.bundle?.description_html] as const,
    task: ([dirty]) => (dirty ? sanitize(dirty) : Promise.resolve('')),
  });

  @state() private choice: Record<string, string> = {};
  @state() private quantity = 1;
  @state() private image?: string;
  /** The option the buyer pressed the add button without choosing (its group shows why). */
  @state() private prompt?: string;
  /** In a dialog (the catalog's quick view): one column wide, a smaller photo and the add button kept in sight. */
  @state() private inDialog = false;
  /** The product last reported in a view_item. */
  private viewed?: Detail;

  /** Product slug. */
  @property() slug?: string;
  /** Bundle price option slug (instead of `slug`). */
  @property({ attribute: 'bundle-slug' }) bundleSlug?: string;
  /**
   * Variant to select first. Without it the options shown by a photo of their own (colour) start at the first
   * variant in stock and the others (size) wait for the buyer, as does an option with a single value not.
   */
  @property({ type: Number, attribute: 'variant-id' }) variantId?: number;
  override connectedCallback() {
    super.connectedCallback();
    this.inDialog = !!this.closest('dialog'); // never on a server, which renders the page's own product view
  }

  protected override updated() {
    // the funnel's view_item, once per product or bundle shown (the variant chosen first)
    const shown = this.detail.value;
    if (!shown || shown === this.viewed) return;
    this.viewed = shown;
    const { product, bundle } = shown;
    const variant = this.variant;
    const item = product
      ? { item_id: variant ? `variant:${variant.id}` : `product:${product.id}`, item_name: product.name, ...(variant && { item_variant: variant.name, price: Number(variant.price) }), ...(product.category && { item_category: product.category.name }) }
      : bundle && { item_id: `bundle_price_option:${bundle.id}`, item_name: bundle.name, price: Number(bundle.price) };
    if (item) emitFunnel('view_item', [{ price: 0, quantity: 1, ...item }], {}, this);
  }

  /** Selects the variant asked for by `variant-id`; else the options that may start chosen, at the first in stock. */
  private chooseFirst(product: ProductDetail): Detail {
    const asked = product.variants.find((v) => v.id === this.variantId);
    const first = asked ?? product.variants.find((v) => v.in_stock) ?? product.variants[0];
    const startsChosen = pictured(product);
    for (const o of product.options) if (o.values.length === 1) startsChosen.add(o.name);
    this.choice = Object.fromEntries(Object.entries(first?.options ?? {}).filter(([name]) => asked || startsChosen.has(name)));
    return { product };
  }

  /** The variants the choice so far leaves open. */
  private matching(variants: Variant[]) {
    return variants.filter((v) => Object.entries(this.choice).every(([k, val]) => v.options[k] === val));
  }

  private choose(name: string, value: string) {
    const variants = this.detail.value?.product?.variants ?? [];
    const wanted = { ...this.choice, [name]: value };
    const fits = (v: Variant) => Object.entries(wanted).every(([k, val]) => v.options[k] === val);
    // a value that rules out the other choices moves them to the nearest variant that has it, in stock first;
    // what the buyer has not chosen stays unchosen
    const next = variants.some(fits) ? undefined : variants.find((v) => v.options[name] === value && v.in_stock) ?? variants.find((v) => v.options[name] === value);
    this.choice = next ? Object.fromEntries(Object.keys(wanted).map((k) => [k, next.options[k]])) : wanted;
    this.image = undefined;
    this.dispatchEvent(new VariantChangeEvent(this.variant ?? null));
  }

  /** The add button pressed before `name` was chosen: its group says why and takes focus. */
  private async promptChoice(name: string) {
    this.prompt = name;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part=option-error]')?.closest('fieldset')?.querySelector('input')?.focus();
  }

  private renderGallery(name: string, mainImage: string | null, allImages: readonly string[]) {
    const images = allImages.filter((src) => safeUrl(src));
    const main = safeUrl(mainImage) ?? null;
    const shown = this.image ?? main;
    return html`<div part="gallery">
      <div class="main">${shown ? html`<img part="image" src=${shown} alt=${name}>` : nothing}</div>
      ${images.length > 1 ? html`<div class="thumbs">${images.map((src, i) => html`<button type="button" class="thumb" part="thumb"
        aria-pressed=${ariaBool(src === shown)} aria-label=${`${name} ${i + 1}`} @click=${() => (this.image = src)}><img src=${src} alt=""></button>`)}</div>` : nothing}
    </div>`;
  }

  private renderPicker(product: ProductDetail) {
    return product.options.map(({ name, values }) => html`<fieldset part="option">
      <legend part="option-label">${name}: <span>${this.choice[name] ?? ''}</span></legend>
      ${this.prompt === name && !(name in this.choice)
        ? html`<p class="error" part="option-error" role="alert">${this.localize.term('chooseToAdd', name)}</p>` : nothing}
      <div class="values">${values.map((value) => {
        const inStock = product.variants.some((v) => v.options[name] === value && v.in_stock &&
          Object.entries(this.choice).every(([k, val]) => k === name || v.options[k] === val));
        return html`<label class=${inStock ? 'value' : 'value out'} part="option-value">
          <input type="radio" name=${name} .value=${value} .checked=${this.choice[name] === value} @change=${() => this.choose(name, value)}>
          <span>${value}</span></label>`;
      })}</div>
    </fieldset>`);
  }

  private renderAvailability(inStock: boolean, left: number | undefined) {
    const { term } = this.localize;
    const low = inStock && left !== undefined && left <= 5;
    return html`<p class=${`avail ${inStock ? (low ? 'low' : '') : 'out'}`} part="availability" role="status">
      ${inStock ? (low ? term('left', left) : term('inStock')) : term('soldOut')}</p>`;
  }

  /** `missing`: an option still to choose; the button then leads to it instead of adding. */
  private renderBuy(max: number, enabled: boolean, ids: { variant?: number; bundle?: number }, preview: LinePreview, missing?: string) {
    const { term } = this.localize;
    return html`<div class="buy">
      ${stepper(this.quantity, Math.max(1, max), (q) => (this.quantity = q), term, term('quantity'), !enabled && !missing)}
      <div class="add">${missing
        ? html`<button type="button" class="btn" part="add-to-cart" @click=${() => this.promptChoice(missing)}>${term('choose', missing)}</button>`
        : html`<svc-add-to-cart exportparts="button:add-to-cart" variant-id=${ifDefined(ids.variant)} bundle-price-option-id=${ifDefined(ids.bundle)}
        quantity=${this.quantity} ?disabled=${!enabled} .preview=${preview}><slot name="add-to-cart">${term('addToCart')}</slot></svc-add-to-cart>`}</div>
    </div>`;
  }

  private renderDescription() {
    const clean = this.description.value;
    return clean ? html`<div class="desc" part="description" .innerHTML=${innerHtml(clean)}></div>` : nothing;
  }

  /** The price of the variant, or the range of those the choice leaves open, at the pricing route's prices. */
  private renderPrice(open: Variant[]) {
    const live = open.map((v): Pick<VariantPricing, 'price' | 'compare_at_price'> => this.pricing.value?.get(v.id) ?? v);
    const amounts = live.map((p) => Number(p.price));
    return price(String(Math.min(...amounts)), String(Math.max(...amounts)), live.find((p) => p.compare_at_price)?.compare_at_price ?? null, this.uiLang);
  }

  private renderProduct(product: ProductDetail) {
    const { term } = this.localize;
    const variant = this.variant;
    const open = variant ? [variant] : this.matching(product.variants);
    const missing = product.options.find((o) => !(o.name in this.choice))?.name;
    const stock = variant && this.availability.value?.variant_id === variant.id ? this.availability.value : undefined;
    const inStock = stock?.in_stock ?? variant?.in_stock ?? false;
    const max = Math.min(MAX_LINE_QUANTITY, stock?.available_quantity ?? MAX_LINE_QUANTITY);
    return html`<div class=${this.inDialog ? 'layout in-dialog' : 'layout'} part="base">
      ${this.renderGallery(product.name, sharedPhoto(open) ?? product.image_url, product.images)}
      <div class="info" part="info">
        ${product.category ? html`<span class="cat muted" part="category">${product.category.name}</span>` : nothing}
        <h2 part="name">${product.name}</h2>
        ${product.item_type === 'digital' ? html`<span class="badges"><span class="badge" part="badge">${term('digital')}</span></span>` : nothing}
        ${open.length
          ? this.renderPrice(open)
          : html`${price(product.price_min, product.price_max, null, this.uiLang)}<p class="error" role="status">${term('unavailable')}</p>`}
        ${this.renderPicker(product)}
        ${variant ? this.renderAvailability(inStock, stock?.available_quantity) : nothing}
        ${this.renderBuy(max, !!variant && inStock, { variant: variant?.id }, {
          name: product.name, variant_name: variant?.name, slug: product.slug, item_type: product.item_type,
          image_url: variant?.image_url ?? product.image_url, unit_price: variant && (this.pricing.value?.get(variant.id) ?? variant).price,
        }, open.length && !variant ? missing : undefined)}
        ${this.renderDescription()}
      </div>
    </div>`;
  }

  private renderBundle(bundle: BundlePriceOptionDetail) {
    const { term } = this.localize;
    return html`<div class=${this.inDialog ? 'layout in-dialog' : 'layout'} part="base">
      ${this.renderGallery(bundle.name, bundle.image_url, [])}
      <div class="info" part="info">
        <span class="cat muted" part="category">${bundle.bundle.name}</span>
        <h2 part="name">${bundle.name}</h2>
        <span class="badges"><span class="badge" part="badge">${term('bundle')}</span>
          ${bundle.item_type === 'digital' ? html`<span class="badge" part="badge">${term('digital')}</span>` : nothing}</span>
        ${price(bundle.price, bundle.price, bundle.compare_at_price, this.uiLang)}
        <div part="contents"><strong>${term('contents')}</strong>
          <ul class="contents">${bundle.components.map((c) => html`<li>${c.quantity}× ${c.product_name} — ${c.variant_name}</li>`)}</ul></div>
        ${this.renderAvailability(bundle.in_stock, bundle.available_quantity)}
        ${this.renderBuy(Math.min(MAX_LINE_QUANTITY, bundle.available_quantity), bundle.in_stock, { bundle: bundle.id }, {
          name: bundle.name, slug: bundle.slug, item_type: bundle.item_type, image_url: bundle.image_url, unit_price: bundle.price,
        })}
        ${this.renderDescription()}
      </div>
    </div>`;
  }

  /** The variant matching the chosen options (`undefined` while loading or for a bundle). */
  get variant(): Variant | undefined {
    const variants = this.detail.value?.product?.variants ?? [];
    return variants.find((v) => Object.entries(v.options).every(([k, val]) => this.choice[k] === val));
  }

  private renderDetail(d: Detail | undefined) {
    return d?.product ? this.renderProduct(d.product) : d?.bundle ? this.renderBundle(d.bundle) : nothing;
  }

  override render() {
    return this.detail.render({
      pending: () => html`<div class="layout" part="skeleton" aria-busy="true" aria-label=${this.localize.term('loading')}>
        <div class="main"><div class="sk sk-main"></div></div>
        <div class="info">${[1, 2, 3, 4, 5].map(() => html`<div class="sk sk-block"></div>`)}</div></div>`,
      error: (e) => html`<div class="state" part="state" role="alert"><p class="error">${this.errorText(e)}</p>
        <button type="button" class="btn quiet" @click=${() => void this.detail.run()}>${this.localize.term('retry')}</button></div>`,
      complete: (d) => this.renderDetail(d),
    });
  }
}

define('svc-product', SvcProduct);

declare global {
  interface HTMLElementTagNameMap {
    'svc-product': SvcProduct;
  }
}
