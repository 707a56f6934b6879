import { property } from 'lit/decorators.js';
import { cardItem, emitFunnel } from '../../analytics/funnel.ts';
import { listItems, type ItemsParams } from '../../client/routes/catalog.ts';
import { getProduct } from '../../client/routes/product.ts';
import type { CartItemInput } from '../../contract/cart.ts';
import type { ItemCard, ItemCardPage } from '../../contract/catalog.ts';
import { CartChangeEvent, ItemSelectEvent } from '../shared/cart-events.ts';
import { define, NotConfiguredError } from '../shared/element.ts';
import { ListChangeEvent } from '../shared/template-events.ts';
import { parsePath, resolve, type Scope } from './path.ts';
import { Mismatch, Repeat, type Instance } from './render.ts';
import { TemplateElement, TemplateError } from './template-element.ts';
import { BIND, entryKey, MARK } from './vocabulary.ts';
import { cardView } from './views.ts';

const ITEM = parsePath('item')!;
const keyOf = (card: ItemCard) => entryKey(card, 0);

/**
 * Repeats its `<template>` child for each card of the catalog feed (products and bundle price options), into its own
 * light DOM: the same requests, cache and first page at t = 0 as `<svc-catalog>` (one request per page, none per
 * card). Paging by cursor: `next()`, `previous()` (a page instead of the one shown) and `more()` (appended), also from
 * the merchant's buttons (`data-svc-action="next-page"` with `aria-controls` naming the list). While the first page
 * is on its way, the child marked `data-svc-placeholder` is repeated to fill a page (the merchant's card box).
 *
 * @summary The merchant's own card, repeated for the catalog feed, with cursor paging.
 * @fires svc-list-change - `{ items, hasNext, hasPrevious, page }`: a page is shown.
 * @fires svc-item-select - `{ item }`, cancelable: a link of a card was followed (cancel to stay).
 * @fires svc-cart-change - `{ action: 'add', cart, item, storeId }`: a card's `add-to-cart`.
 * @fires svc-error - `{ action, error, message }`: a card's action failed.
 */
export class SvcList extends TemplateElement {
  private repeat?: Repeat;
  private page?: ItemCardPage;
  private items: ItemCard[] = [];
  private pageNumber = 1;
  private loading?: AbortController;
  private readonly listed = new WeakSet<ItemCard>();

  /** What to list: `catalog`, the catalog feed (the only kind today). */
  @property() type = 'catalog';
  /** Category slug; empty for all. */
  @property() category = '';
  /** Cards per page (1–100), as `<svc-catalog>`'s. */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 12;
  /** `item.url`: each card's link, e.g. `/products/{slug}` (`{slug}`, `{id}`, `{type}`). */
  @property({ attribute: 'href-template' }) hrefTemplate?: string;
  /** Reflected: a page after this one exists. */
  @property({ type: Boolean, reflect: true, attribute: 'has-next' }) hasNext = false;
  /** Reflected: a page before this one exists. */
  @property({ type: Boolean, reflect: true, attribute: 'has-previous' }) hasPrevious = false;

  override connectedCallback() {
    super.connectedCallback();
    this.addEventListener('click', this.onClick);
    if (this.hasUpdated && !this.page) this.reload();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.removeEventListener('click', this.onClick);
    this.loading?.abort();
  }

  protected override updated(changed: Map<PropertyKey, unknown>) {
    if (['provided', 'type', 'category', 'pageSize'].some((name) => changed.has(name))) this.reload();
    else if (changed.has('hrefTemplate')) this.refresh();
  }

  /** The first page again (another category or page size, the storefront arrived, or `retry`). */
  reload(): void {
    if (!this.isConnected) return; // its storefront went with the page around it
    if (!this.repeat) this.fillPlaceholders();
    void this.show({}, 'first');
  }

  /** Shows the next page instead of this one. */
  next(): Promise<void> {
    return this.show({ next_cursor: this.page?.next_cursor ?? undefined }, 'next');
  }

  /** Shows the page before this one. */
  previous(): Promise<void> {
    return this.show({ previous_cursor: this.page?.previous_cursor ?? undefined }, 'previous');
  }

  /** Adds the next page after the cards shown ("load more"). */
  more(): Promise<void> {
    return this.show({ next_cursor: this.page?.next_cursor ?? undefined }, 'more');
  }

  private async show(cursor: Pick<ItemsParams, 'next_cursor' | 'previous_cursor'>, how: 'first' | 'next' | 'previous' | 'more') {
    if (how !== 'first' && !cursor.next_cursor && !cursor.previous_cursor) return;
    const storefront = this.storefront;
    if (!this.template) return;
    if (!storefront) return this.failed(new NotConfiguredError());
    this.loading?.abort();
    const loading = (this.loading = new AbortController());
    // the server's cards stay as they are (`ready`) until the same page adopts them
    if (this.repeat || !this.serverEnd()) this.setLoadState('loading');
    let page: ItemCardPage;
    try {
      // the query as `<svc-catalog>` and the classic loader ask it: category (none when empty), then page size
      page = await listItems(storefront.client, { category: this.category || undefined, page_size: this.pageSize, ...cursor }, { signal: loading.signal });
    } catch (error) {
      if (!loading.signal.aborted) this.failed(error);
      return;
    }
    this.page = page;
    this.items = how === 'more' ? [...this.items, ...page.results] : page.results;
    this.pageNumber = how === 'first' ? 1 : how === 'previous' ? Math.max(1, this.pageNumber - 1) : this.pageNumber + 1;
    this.hasNext = page.next_cursor !== null;
    this.hasPrevious = page.previous_cursor !== null && this.pageNumber > 1;
    this.refresh();
    this.dispatchEvent(new ListChangeEvent({ items: this.items, hasNext: this.hasNext, hasPrevious: this.hasPrevious, page: this.pageNumber }));
  }

  private failed(error: unknown) {
    if (!this.repeat) return this.showLoadError(error);
    this.setLoadState('error');
    this.host.warn(`could not load a page: ${this.errorText(error)}`);
  }

  refresh(): void {
    const template = this.template;
    if (!template || !this.page) return;
    const list = { has_next: this.hasNext, has_previous: this.hasPrevious, page: this.pageNumber, count: this.items.length, empty: !this.items.length };
    const scope: Scope = { values: { list } };
    const views = this.items.map((card) => cardView(card, this.hrefTemplate));
    this.repeat ??= this.startRepeat(template);
    try {
      this.repeat.update(scope, views);
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
      this.host.warn(`the server's HTML does not match the template (${error.message}); rendered again`);
      this.repeat = this.startRepeat(template, true);
      this.repeat.update(scope, views);
    }
    this.dropPlaceholders();
    this.setLoadState('ready');
    this.markPagers();
    const shown = this.items.flatMap((card, index) => (this.listed.has(card) ? [] : (this.listed.add(card), [cardItem(card, index)])));
    if (shown.length) emitFunnel('view_item_list', shown, { item_list_id: this.category || 'all' }, this);
  }

  /** The server's end of the cards (the last end marker among the children: a card may hold repeats of its own). */
  private serverEnd(): ChildNode | undefined {
    let end: ChildNode | undefined;
    for (const node of this.childNodes) if (node.nodeType === Node.COMMENT_NODE && (node as Comment).data === MARK.each) end = node;
    return end;
  }

  /** The repeat after the template: the server's entries adopted when it rendered them, else none yet. */
  private startRepeat(template: HTMLTemplateElement, afresh = false): Repeat {
    const end = this.serverEnd();
    if (end && afresh) {
      while (template.nextSibling && template.nextSibling !== end) template.nextSibling.remove();
      end.remove();
    }
    try {
      return new Repeat(template.content, template, 'item', this.host, !!end && !afresh);
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
      return this.startRepeat(template, true);
    }
  }

  /** While the first page is on its way: the placeholder repeated to a page of them (the merchant's card box). */
  private fillPlaceholders() {
    const placeholders = [...this.children].filter((child) => child.hasAttribute(BIND.placeholder));
    const last = placeholders[placeholders.length - 1];
    for (let count = placeholders.length; last && count < Math.min(100, Math.max(1, this.pageSize)); count++) {
      const copy = placeholders[0].cloneNode(true) as Element;
      copy.setAttribute('aria-hidden', 'true');
      last.after(copy);
    }
  }

  /** The merchant's paging buttons for this list (`aria-controls`) say whether they lead anywhere. */
  private markPagers() {
    if (!this.id) return;
    for (const control of document.querySelectorAll(`[${BIND.action}][aria-controls="${CSS.escape(this.id)}"]`)) {
      const action = control.getAttribute(BIND.action);
      const enabled = action === 'previous-page' ? this.hasPrevious : action === 'next-page' || action === 'more' ? this.hasNext : true;
      control.setAttribute('aria-disabled', String(!enabled));
    }
  }

  /** The card of the entry that holds `node` (the entry's marker comes first among its siblings). */
  private cardAt(node: Node): { card: ItemCard; index: number } | undefined {
    let top: Node | null = node;
    while (top && top.parentNode !== this) top = top.parentNode;
    for (let at: Node | null = top; at; at = at.previousSibling) {
      if (at.nodeType !== Node.COMMENT_NODE || !(at as Comment).data.startsWith(`${MARK.item} `)) continue;
      const key = decodeURIComponent((at as Comment).data.slice(MARK.item.length + 1));
      const index = this.items.findIndex((card) => keyOf(card) === key);
      return index < 0 ? undefined : { card: this.items[index], index };
    }
    return undefined;
  }

  /** A card's link followed: `select_item`, and `svc-item-select` (cancel it to stay on the page). */
  private readonly onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest?.('a[href]');
    const found = link && this.contains(link) ? this.cardAt(link) : undefined;
    if (!found) return;
    emitFunnel('select_item', [cardItem(found.card, found.index)], { item_list_id: this.category || 'all' }, this);
    if (!this.dispatchEvent(new ItemSelectEvent(found.card))) event.preventDefault();
  };

  act(action: string, control: Element, instance: Instance, event: Event): void {
    if (action === 'retry') return this.reload();
    const scope = instance.scope;
    const item = scope && (resolve(ITEM, scope) as ReturnType<typeof cardView> | undefined);
    if (action !== 'add-to-cart' || !item) return;
    event.preventDefault();
    const storefront = this.requireStorefront();
    void this.run(control, instance, action, async () => {
      const cartItem = await this.cartItem(item);
      const cart = await storefront.cart.add(cartItem, { name: item.name, slug: item.slug, item_type: item.item_type, image_url: item.image_url, unit_price: item.price_min });
      control.dispatchEvent(new CartChangeEvent({ action: 'add', cart, item: cartItem, storeId: storefront.client.options.storeId ?? '' }));
    });
  }

  changed(): void {}

  /** A card added as it is: a bundle price option, or a product of one variant (read on the press, not per card). */
  private async cartItem(item: ReturnType<typeof cardView>): Promise<CartItemInput> {
    if (!item.available) throw new TemplateError('soldOut');
    if (item.is_bundle) return { type: 'bundle_price_option', bundle_price_option_id: item.id, quantity: 1 };
    const product = await getProduct(this.requireStorefront().client, item.slug);
    const inStock = product.variants.filter((v) => v.in_stock);
    if (product.variants.length !== 1 || !inStock[0]) throw new TemplateError(inStock.length ? 'chooseOptions' : 'soldOut');
    return { type: 'variant', variant_id: inStock[0].id, quantity: 1 };
  }
}

define('svc-list', SvcList);

declare global {
  interface HTMLElementTagNameMap {
    'svc-list': SvcList;
  }
}
