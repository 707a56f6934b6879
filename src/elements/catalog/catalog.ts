import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { repeat } from 'lit/directives/repeat.js';
import { countItems, listCategories, listItems } from '../../client/routes/catalog.ts';
import type { ItemCard } from '../../contract/catalog.ts';
import { ItemSelectEvent } from '../shared/cart-events.ts';
import { define, SvcElement } from '../shared/element.ts';
import { base, dialogStyles } from '../shared/styles.ts';
import { ariaBool, exportParts, icons, price } from '../shared/templates.ts';
import { PRODUCT_PARTS } from '../product/parts.ts';
import { catalogStyles } from './catalog.styles.ts';
import { CATALOG_TERMS } from './catalog.i18n.ts';
import { Localize } from '../shared/localize.ts';
import { safeUrl } from '../shared/safe-url.ts';
import { EAGER_CARD_IMAGES } from '../shared/first-pages.ts';
import { cardItem, emitFunnel } from '../../analytics/funnel.ts';
import { yieldToMain } from '../shared/schedule.ts';


/** Runs `work` after the next frame is painted. */
const afterPaint = (work: () => void) => requestAnimationFrame(() => setTimeout(work));

/** The quick view's `<svc-product>` is a chunk of its own, fetched once the buyer reaches for a card. */
let productView: Promise<unknown> | undefined;

const loadProductView = () => void (productView ??= import('../product/product.ts').catch((error) => {
  productView = undefined; // the next reach for a card tries again
  console.error('[svc] could not load <svc-product>', error);
}));

/**
 * The catalog feed: products and bundle price options as cards, a category filter, the total count and cursor
 * paging ("load more", or infinite scroll with `infinite`). Choosing a card fires `svc-item-select`; unless that is
 * cancelled, the card's link is followed (`href-template`) or the product opens in a dialog.
 *
 * @summary Product grid with category filter, paging and quick view.
 * @slot heading - Heading above the grid (default "Produk" / "Products").
 * @slot empty - Shown when there is nothing to list.
 * @slot load-more - Label of the load-more button.
 * @fires svc-item-select - `{ item }`, cancelable: a card was chosen.
 * @csspart base - The wrapper.
 * @csspart header - Heading and count row.
 * @csspart heading - The heading.
 * @csspart count - Total count text.
 * @csspart filters - The row of category chips.
 * @csspart filter - A category chip.
 * @csspart filter-active - The chip of the category shown (also `filter`).
 * @csspart grid - The list of cards.
 * @csspart card - A card (a link with `href-template`, else a button).
 * @csspart card-media - The image box of a card.
 * @csspart card-image - The image.
 * @csspart card-body - Text of a card.
 * @csspart card-category - Category name on a card.
 * @csspart card-name - Item name.
 * @csspart price - Price or price range.
 * @csspart compare-at-price - Struck-through former price.
 * @csspart badge - A badge (digital, bundle, sale, sold out).
 * @csspart skeleton - A placeholder card while loading.
 * @csspart state - Empty and error states.
 * @csspart retry - Retry button of the error state.
 * @csspart footer - Paging area.
 * @csspart load-more - The load-more button.
 * @csspart dialog - The quick-view dialog.
 * @csspart close - Its close button.
 * @csspart product-* - Parts of the `<svc-product>` in the quick view, prefixed.
 * @cssproperty --svc-catalog-card-min-width - Minimum card width of the responsive grid (13rem).
 * @cssproperty --svc-card-image-ratio - Aspect ratio of card images (1).
 * @cssproperty --svc-catalog-card-text-height - Height of a card's text block below its image (calc(2.25rem + 5.325em)).
 * @cssproperty --svc-catalog-reserved-height - The box held before the element is defined (computed from page-size and width; docs/theming.md).
 */
export class SvcCatalog extends SvcElement {
  static override styles = [base, dialogStyles, catalogStyles];
  protected override readonly localize = new Localize(this, CATALOG_TERMS);

  private readonly feed = new Task(this, {
    args: () => [this.storefront, this.category, this.pageSize] as const,
    task: async ([, category, pageSize], { signal }) => {
      this.more.abort();
      const page = await listItems(this.requireStorefront().client, { category: category || undefined, page_size: pageSize }, { signal });
      this.items = page.results;
      this.nextCursor = page.next_cursor;
      this.afterFirstImages(() => this.countIfUnknown()); // its row is reserved
    },
  });

  private readonly more = new Task(this, {
    autoRun: false,
    task: async (_args: [], { signal }) => {
      const { client } = this.requireStorefront();
      const page = await listItems(client, { category: this.category || undefined, page_size: this.pageSize, next_cursor: this.nextCursor ?? undefined }, { signal });
      this.items = [...this.items, ...page.results];
      this.nextCursor = page.next_cursor;
    },
  });

  /** Asked only when the feed has more than its first page: otherwise the cards on screen are the count. */
  private readonly count = new Task(this, {
    autoRun: false,
    task: async ([category]: [string], { signal }) =>
      (await countItems(this.requireStorefront().client, { category: category || undefined }, { signal })).total,
  });

  private countIfUnknown() {
    if (this.hideCount || this.nextCursor === null) return this.count.abort();
    void this.count.run([this.category]); // aborts a count still running for the previous category
  }

  /** The feed's total: every card is loaded once there is no next page, else the count route's answer. */
  private get total(): number | undefined {
    if (this.hideCount) return undefined;
    return this.feed.status === TaskStatus.COMPLETE && this.nextCursor === null ? this.items.length : this.count.value;
  }

  /** Run once the first page is painted (`updated`): the chips' row is reserved, so they move nothing. */
  private readonly categories = new Task(this, {
    autoRun: false,
    args: () => [this.storefront, this.hideFilter] as const,
    task: ([, hide], { signal }) => (hide ? Promise.resolve([]) : listCategories(this.requireStorefront().client, { signal })),
  });

  private sentinel?: IntersectionObserver;
  /** The storefront and `hide-filter` the chips were last asked for. */
  private chipsAsked?: readonly [unknown, boolean];
  /** Cards reported in a view_item_list already. */
  private readonly listed = new WeakSet<ItemCard>();

  @query('dialog') private dialog?: HTMLDialogElement;
  @query('[part=load-more]') private moreButton?: HTMLButtonElement;

  @state() private items: ItemCard[] = [];
  /** Cards of the first page rendered so far: the first screen's, then a batch per task (docs/decisions.md #27). */
  @state() private rendered = EAGER_CARD_IMAGES;
  @state() private nextCursor: string | null = null;
  @state() private selected?: ItemCard;

  /** Slug of the category to show; empty for all. Changes when the buyer picks a chip. */
  @property({ reflect: true }) category = '';
  /** Cards per request (1–100). */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 12;
  /** Load the next page when the end of the grid scrolls into view. */
  @property({ type: Boolean }) infinite = false;
  /** Card link, e.g. `/products/{slug}`; placeholders `{slug}`, `{id}`, `{type}` (`product` | `bundle_price_option`). */
  @property({ attribute: 'href-template' }) hrefTemplate?: string;
  /** No category chips (and no categories request). */
  @property({ type: Boolean, attribute: 'hide-filter' }) hideFilter = false;
  /** No total count (and no count request; there is none either when the first page holds the whole feed). */
  @property({ type: Boolean, attribute: 'hide-count' }) hideCount = false;
  override connectedCallback() {
    if (!this.hasUpdated && this.shadowRoot) this.rendered = Infinity; // server-rendered: hydration renders what the server did
    super.connectedCallback();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.sentinel?.disconnect();
    this.sentinel = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('hideCount') && changed.get('hideCount') && this.feed.status === TaskStatus.COMPLETE) this.countIfUnknown();
  }

  protected override updated() {
    if (this.rendered < this.items.length) void yieldToMain().then(() => (this.rendered += 8));
    // the funnel's view_item_list: the cards not reported yet (a new page, another category)
    const shownNow = this.items.flatMap((card, index) => (this.listed.has(card) ? [] : (this.listed.add(card), [cardItem(card, index)])));
    if (shownNow.length) emitFunnel('view_item_list', shownNow, { item_list_id: this.category || 'all' }, this);
    // at most two requests before the first paint (the first page, and a returning shopper's cart): chips come after
    const shown = this.items.length > 0 || this.feed.status === TaskStatus.COMPLETE || this.feed.status === TaskStatus.ERROR;
    if (shown && (!this.chipsAsked || this.chipsAsked[0] !== this.storefront || this.chipsAsked[1] !== this.hideFilter)) {
      this.chipsAsked = [this.storefront, this.hideFilter];
      this.afterFirstImages(() => void this.categories.run());
    }
    // infinite scroll watches the load-more button itself, which keeps working for keyboards and without JS paging
    if (!this.infinite || !this.moreButton) return this.sentinel?.disconnect();
    this.sentinel ??= new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && this.nextCursor && this.more.status !== TaskStatus.PENDING) void this.more.run();
    }, { rootMargin: '400px' });
    this.sentinel.disconnect();
    this.sentinel.observe(this.moreButton);
  }

  /**
   * Runs `work` once the feed's cards are rendered and the first screen's images shown (or failed, or 3 s have
   * passed), after a paint: on a slow link the count and the chips would share it with the page's largest paint.
   */
  private afterFirstImages(work: () => void) {
    const rendered = () => this.updateComplete; // the task requests its update before this promise's reactions run
    void this.feed.taskComplete.then(rendered, rendered).then(() => Promise.race([
      Promise.all([...this.renderRoot.querySelectorAll<HTMLImageElement>('img[fetchpriority=high]')].map((img) => img.decode().catch(() => {}))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])).then(() => afterPaint(work));
  }

  /** Keeps focus on the button while loading (a disabled button would drop it), then moves it to the first new card. */
  private async loadMore() {
    if (this.more.status === TaskStatus.PENDING) return;
    this.rendered = Infinity;
    const first = this.items.length;
    await this.more.run();
    await this.updateComplete;
    if (this.more.status === TaskStatus.COMPLETE) this.renderRoot.querySelectorAll<HTMLElement>('[part=card]')[first]?.focus();
  }

  private href(item: ItemCard) {
    const values: Record<string, string> = { slug: item.slug, id: String(item.id), type: item.entity_type };
    return this.hrefTemplate?.replace(/\{(slug|id|type)\}/g, (_, key: string) => encodeURIComponent(values[key]));
  }

  private async select(event: MouseEvent, item: ItemCard) {
    emitFunnel('select_item', [cardItem(item, this.items.indexOf(item))], { item_list_id: this.category || 'all' }, this);
    if (!this.dispatchEvent(new ItemSelectEvent(item))) return event.preventDefault();
    if (this.hrefTemplate) return; // the link navigates
    loadProductView(); // usually already there: a pointer or focus on the grid asked for it
    this.selected = item;
    await this.updateComplete;
    this.dialog?.showModal();
  }

  /**
   * `index` in the feed: the first screen's images load at once and first (they are the largest paint above the
   * fold; a server-rendered page's parser finds them before any layout has told the browser so).
   */
  private renderCard(item: ItemCard, index: number) {
    const { term } = this.localize;
    // In reading order: name, price (the old one read "semula …"), category, then the badges; CSS shows the image
    // and its badges first and the category above the name. The card's accessible name is its content.
    const body = html`<span class="info" part="card-body">
        <span class="name" part="card-name">${item.name}</span>
        ${price(item.price_min, item.price_max, item.compare_at_price, this.uiLang)}
        ${item.category ? html`<span class="cat muted" part="card-category">${item.category.name}</span>` : nothing}
      </span>
      <span class="media" part="card-media">
        ${safeUrl(item.image_url) ? html`<img part="card-image" src=${safeUrl(item.image_url)!} alt="" loading=${index < EAGER_CARD_IMAGES ? 'eager' : 'lazy'}
          fetchpriority=${ifDefined(index < EAGER_CARD_IMAGES ? 'high' : undefined)} decoding="async">` : nothing}
        <span class="badges">
          ${item.entity_type === 'bundle_price_option' ? html`<span class="badge" part="badge">${term('bundle')}</span>` : nothing}
          ${item.item_type === 'digital' ? html`<span class="badge" part="badge">${term('digital')}</span>` : nothing}
          ${item.compare_at_price && item.in_stock ? html`<span class="badge danger" part="badge">${term('sale')}</span>` : nothing}
          ${item.in_stock ? nothing : html`<span class="badge danger" part="badge">${term('soldOut')}</span>`}
        </span>
      </span>`;
    const href = this.href(item);
    const cls = item.in_stock ? 'card' : 'card out';
    return html`<li>${href
      ? html`<a class=${cls} part="card" href=${href} @click=${(e: MouseEvent) => this.select(e, item)}>${body}</a>`
      : html`<button type="button" class=${cls} part="card" aria-haspopup="dialog" @click=${(e: MouseEvent) => this.select(e, item)}>${body}</button>`}</li>`;
  }

  /** A page of placeholders with the cards' own box (image ratio, fixed text block): nothing moves when they arrive. */
  private renderSkeletons(count = Math.max(1, Math.min(this.pageSize, 100) || 1)) {
    return Array.from({ length: count }, () => html`<li class="sk-card" part="skeleton" aria-hidden="true">
      <div class="sk sk-media"></div><div class="sk-text"><div class="sk sk-line"></div><div class="sk sk-line"></div></div></li>`);
  }

  private renderError(error: unknown, retry: () => void) {
    return html`<div class="state" part="state" role="alert"><p class="error">${this.errorText(error)}</p>
      <button type="button" class="btn quiet" part="retry" @click=${retry}>${this.localize.term('retry')}</button></div>`;
  }

  private renderFilters() {
    const categories = this.categories.value ?? [];
    if (this.hideFilter) return nothing;
    // the row keeps its height while the chips are on their way (they follow the first paint)
    if (!categories.length) return html`<div class="filters" part="filters"></div>`;
    const chip = (slug: string, name: string) => html`<button type="button" class="chip" part=${this.category === slug ? 'filter filter-active' : 'filter'}
      aria-pressed=${ariaBool(this.category === slug)}
      @click=${() => (this.category = slug)}>${name}</button>`;
    return html`<div class="filters" part="filters" role="group" aria-label=${this.localize.term('category')}>
      ${chip('', this.localize.term('all'))}${categories.map((c) => chip(c.slug, c.name))}</div>`;
  }

  private renderFooter() {
    const { term } = this.localize;
    const total = this.total;
    return html`<div class="foot" part="footer">
      ${total !== undefined && this.items.length ? html`<span class="muted">${term('shown', this.items.length, total)}</span>` : nothing}
      ${this.more.render({ error: (e) => this.renderError(e, () => void this.more.run()) })}
      ${this.nextCursor ? html`<button type="button" class="btn quiet" part="load-more"
          aria-busy=${ariaBool(this.more.status === TaskStatus.PENDING)} @click=${this.loadMore}>
          ${this.more.status === TaskStatus.PENDING ? term('loading') : html`<slot name="load-more">${term('loadMore')}</slot>`}</button>` : nothing}
    </div>`;
  }

  private renderFeed() {
    const more = this.more.status === TaskStatus.PENDING ? this.renderSkeletons() : nothing;
    const cards = this.items.slice(0, this.rendered);
    const coming = this.items.length > cards.length ? this.renderSkeletons(this.items.length - cards.length) : nothing; // the same box
    return this.items.length
      ? this.renderGrid(cards, coming, more, this.renderFooter())
      : html`<div class="state muted" part="state"><slot name="empty">${this.localize.term('empty')}</slot></div>`;
  }

  /**
   * The grid while the first page loads and once it is there: one template, so that the cards take the place of the
   * loading placeholders, which stay where cards are still to come (not a page of placeholders replaced by another).
   */
  private renderGrid(cards: ItemCard[], coming: unknown, more: unknown, footer: unknown) {
    return html`<ul class="grid" part="grid" role="list" @pointerover=${loadProductView} @focusin=${loadProductView}>${repeat(cards, (i) => `${i.entity_type}${i.id}`, (i, index) => this.renderCard(i, index))}${coming}${more}</ul>
      ${footer}`;
  }

  override render() {
    const { term } = this.localize;
    const total = this.total;
    return html`<section part="base" aria-busy=${ariaBool(this.feed.status === TaskStatus.PENDING)}>
      <div class="head" part="header">
        <h2 part="heading"><slot name="heading">${term('products')}</slot></h2>
        <span class="muted" part="count" aria-live="polite">${total !== undefined ? term('count', total) : nothing}</span>
      </div>
      ${this.renderFilters()}
      ${this.feed.render({
        pending: () => this.renderGrid([], this.renderSkeletons(), nothing, html`<div class="foot" part="footer"></div>`),
        error: (e) => this.renderError(e, () => void this.feed.run()),
        complete: () => this.renderFeed(),
      })}
      <dialog part="dialog" aria-label=${ifDefined(this.selected?.name)} @close=${() => (this.selected = undefined)}>
        <div class="dialog-bar"><button type="button" class="icon-btn" part="close" aria-label=${term('close')} @click=${() => this.dialog?.close()}>${icons.close}</button></div>
        ${this.selected ? html`<svc-product exportparts=${exportParts(PRODUCT_PARTS, 'product-')}
          slug=${ifDefined(this.selected.entity_type === 'product' ? this.selected.slug : undefined)}
          bundle-slug=${ifDefined(this.selected.entity_type === 'bundle_price_option' ? this.selected.slug : undefined)}></svc-product>` : nothing}
      </dialog>
    </section>`;
  }
}

define('svc-catalog', SvcCatalog);

declare global {
  interface HTMLElementTagNameMap {
    'svc-catalog': SvcCatalog;
  }
}
