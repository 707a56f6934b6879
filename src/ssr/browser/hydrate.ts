/**
 * `dist/svc-hydrate.js`: the one script a server-rendered page loads before `svc-elements.js` (both module tags, in
 * this order). The elements carry no server-rendering code (decisions.md #15); this script brings all of it:
 * - Lit's hydration support, installed before any element class exists;
 * - the answers the page was rendered from (each element's `<script type="application/json" data-svc-rendered>`
 *   child), registered as the early answers of the very requests the elements will make (`early-requests.ts`): the
 *   client adopts them within microtasks, and nothing the page holds is asked of the service;
 * - hydration of each element when it is needed (`lazy-hydration.ts`: a tap, live data on screen, idle time), and of
 *   `<svc-catalog>` and `<svc-product>` once their first task has answered: until then they show their loading
 *   state, which is not what the server rendered, so the server's DOM stays as it is and Lit adopts it at the first
 *   render that matches it;
 * - the reserved boxes of not-yet-defined elements turned off: the declarative shadow roots have their final size.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import type { Task } from '@lit/task';
import type { PropertyValues, ReactiveElement } from 'lit';
import { settleEarlyRequest } from '../../client/early-requests.ts';
import { STORE_KEY_PARAM } from '../../contract/constants.ts';
import type { SvcCatalog } from '../../elements/catalog/catalog.ts';
import type { ProductView, SvcProduct } from '../../elements/product/product.ts';
import type { ProductDetail } from '../../contract/catalog.ts';
import type { RenderedPage } from '../data.ts';
import { hydrateWhenNeeded, markReady, SERVER_RENDERED } from './lazy-hydration.ts';

/** `TaskStatus.COMPLETE` and `ERROR` of `@lit/task` (the module itself stays out of this bundle). */
const COMPLETE = 2;
const ERROR = 3;

/**
 * The service and store an element's client reads, as `storefront.ts` and the classic loader find them: the
 * enclosing `<svc-store>`, else the elements' tag (`data-store-*`, `data-base-url` or the tag's origin).
 */
function storeOf(element: Element): { base: string; storeId: string; storeKey: string } | undefined {
  const tag = document.querySelector<HTMLScriptElement>('script[data-store-id]');
  const data = tag?.dataset ?? {};
  const src = tag?.src || data.src; // `data-src`: the elements' tag of hydrationScripts(), imported later
  const tagBase = data.baseUrl ?? (src ? new URL(src, location.href).origin : '');
  const store = element.closest('svc-store');
  const storeId = store ? store.getAttribute('store-id') : data.storeId;
  const storeKey = store ? store.getAttribute('store-key') : data.storeKey;
  if (!storeId || !storeKey) return undefined;
  const base = store ? store.getAttribute('base-url') ?? (data.storeId ? tagBase : '') : tagBase;
  return { base: base.replace(/\/+$/, ''), storeId, storeKey };
}

/**
 * The URL the client asks for a public read: the catalog reads carry the key as a query parameter, last; the
 * others (an order) send it as a header (`keyInQuery: false`).
 */
function publicRead(element: Element, path: string, query: Record<string, string | undefined> = {}, keyInQuery = true): string | undefined {
  const store = storeOf(element);
  if (!store) return undefined;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  if (keyInQuery) params.set(STORE_KEY_PARAM, store.storeKey);
  const search = params.toString();
  return `${store.base}/v3/stores/${encodeURIComponent(store.storeId)}/public${path}${search ? `?${search}` : ''}`;
}

const answer = (url: string | undefined, body: unknown) => url && settleEarlyRequest(url, JSON.stringify(body));

/** A catalog's (or a template list's) first page, as `listItems` asks for it. */
function answerFirstPage(feed: Element, page: RenderedPage) {
  const category = feed.getAttribute('category') ?? undefined;
  const pageSize = feed.hasAttribute('page-size') ? String(Number(feed.getAttribute('page-size'))) : '12';
  answer(publicRead(feed, '/items', { category, page_size: pageSize }), { results: page.results, next_cursor: page.next_cursor, previous_cursor: null });
}

/** A template context's first reads (`elements/templates/product-source.ts`, `cart-source.ts`). */
function answerContext(context: Element, data: Record<string, unknown>) {
  const product = data.product as ProductDetail | undefined;
  const bundle = data.bundle as { slug: string } | undefined;
  const order = data.order as { secret_slug: string } | undefined;
  if (product) {
    answer(publicRead(context, `/products/${encodeURIComponent(product.slug)}`), product);
    if (data.pricing) answer(publicRead(context, '/variants/pricing', { variant_ids: product.variants.map((v) => v.id).join(',') }), data.pricing);
    const stock = data.availability as { variant_id: number } | undefined;
    if (stock) answer(publicRead(context, `/variants/${stock.variant_id}/availability`), stock);
  }
  if (bundle) answer(publicRead(context, `/bundle-price-options/${encodeURIComponent(bundle.slug)}`), bundle);
  if (order) answer(publicRead(context, `/orders/${encodeURIComponent(order.secret_slug)}`, {}, false), order);
}

/**
 * The requests each element makes first, answered with what the server rendered (`listItems`, `countItems`,
 * `getProduct`, `getBundlePriceOption`; for templates also the live prices, the chosen variant's stock, the order).
 */
const FIRST_READS: Record<string, (host: Element, data: Record<string, unknown>) => void> = {
  'svc-catalog': (catalog, { firstPage }) => {
    const page = firstPage as RenderedPage;
    answerFirstPage(catalog, page);
    if (page.total !== undefined) answer(publicRead(catalog, '/items/count', { category: catalog.getAttribute('category') ?? undefined }), { total: page.total });
  },
  'svc-list': (list, { firstPage }) => answerFirstPage(list, firstPage as RenderedPage),
  'svc-context': answerContext,
  'svc-product': (product, { rendered }) => {
    const view = rendered as ProductView;
    if (view.product) answer(publicRead(product, `/products/${encodeURIComponent(view.product.slug)}`), view.product);
    else answer(publicRead(product, `/bundle-price-options/${encodeURIComponent(view.bundle.slug)}`), view.bundle);
  },
};

for (const script of document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-svc-rendered]')) {
  const host = script.parentElement;
  const read = host && FIRST_READS[host.localName];
  if (!host || !read) continue;
  try {
    read(host, JSON.parse(script.textContent ?? '') as Record<string, unknown>);
  } catch {
    // unreadable: the element asks the service itself, and is hydrated once it has the answer
  }
}

/** The task whose answer the server's HTML shows, by element (private fields, read with checked element access). */
const FIRST_TASK: Record<string, (host: never) => Task> = {
  'svc-catalog': (catalog: SvcCatalog) => catalog['feed'],
  'svc-product': (product: SvcProduct) => product['detail'],
};

/** Elements with a declarative shadow root whose first task has not answered yet. */
const awaiting = new WeakSet<Element>();

/** The (protected) lifecycle methods replaced below, as functions called with the element as `this`. */
type Hooks = {
  update: (this: ReactiveElement, changed: PropertyValues) => void;
  createRenderRoot: (this: ReactiveElement) => HTMLElement | DocumentFragment;
};

/**
 * Lit hydrates an element with a declarative shadow root at its first update, which must render what the server
 * did. Catalog and product first render their loading state (their task has just started), so their updates leave
 * the server's DOM alone until the task has answered, and the first one after that hydrates. An element whose first
 * request fails keeps the server's HTML as it is (readable, its links work, as without JavaScript). Every element
 * is marked ready at its first update (a tap held until then is played again).
 */
function hydrateWhenAnswered(element: CustomElementConstructor, firstTask?: (host: never) => Task): void {
  const proto = element.prototype as Hooks;
  let lit: object | null = proto; // LitElement's prototype: its `update` hydrates, ReactiveElement's below only updates
  while (lit && !Object.hasOwn(lit.constructor, '_$litElement$')) lit = Object.getPrototypeOf(lit) as object | null;
  if (!lit) return;
  const updateOnly = (Object.getPrototypeOf(lit) as Hooks).update;
  const hydrateOrRender = proto.update;
  const createRoot = proto.createRenderRoot;
  proto.createRenderRoot = function (this: ReactiveElement) {
    if (this.shadowRoot && firstTask) awaiting.add(this); // as Lit's hydration support decides to hydrate
    return createRoot.call(this);
  };
  proto.update = function (this: ReactiveElement, changed) {
    if (awaiting.has(this) && firstTask) {
      const { status } = firstTask(this as never);
      if (status === ERROR) markReady(this); // the server's HTML stays: a held tap goes to it as it is
      if (status !== COMPLETE) return updateOnly.call(this, changed);
    }
    awaiting.delete(this);
    hydrateOrRender.call(this, changed);
    markReady(this);
  };
}

const define = customElements.define.bind(customElements);
customElements.define = (name, element, options) => {
  if (SERVER_RENDERED.includes(name)) hydrateWhenAnswered(element, FIRST_TASK[name]);
  define(name, element, options);
};

(document as Document & { __svcReservedBoxes?: true }).__svcReservedBoxes = true;
hydrateWhenNeeded();
