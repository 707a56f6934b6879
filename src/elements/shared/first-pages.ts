/**
 * Data at t = 0: the classic loader asks for each `<svc-catalog>`'s (and `<svc-list>`'s) first page while the page is still being parsed,
 * long before the element's code arrives; the element's client adopts the answer in flight
 * (`client/early-requests.ts`). The URL and headers are the ones the client will use: the store of the enclosing
 * `<svc-store>`, else the tag's `data-store-*`, with the same base-URL fallbacks as `storefront.ts`. As soon as a page
 * arrives, the images of its first row are asked for too (the page's largest paint), still before the code.
 */
import { startEarlyRequest } from '../../client/early-requests.ts';
import { STORE_KEY_PARAM } from '../../contract/constants.ts';

/** Cards whose images load at once (not lazy): a first row on wide screens. */
export const EAGER_CARD_IMAGES = 4;

/**
 * The eager cards' images, asked for when the first page arrives rather than once the elements' code has run and
 * rendered the cards; the cards' `<img>` find them in the document's image cache. At the browser's priority for an
 * image no layout has placed (low), not `fetchPriority = 'high'`: on a throttled link they would then share it with
 * the entry's modules, which the cards need before anything shows (Lighthouse's mobile profile measured no gain,
 * docs/decisions.md #27). An image runs no script, whatever the URL's scheme: the cards' own check (`safeUrl`) is
 * not repeated here, where every byte is the loader's.
 */
function preloadCardImages(text: string): void {
  try {
    for (const card of (JSON.parse(text) as { results: { image_url: string | null }[] }).results.slice(0, EAGER_CARD_IMAGES)) {
      if (card.image_url) new Image().src = card.image_url;
    }
  } catch { /* an error's body: the cards ask for their images themselves */ }
}

/** The elements that show the catalog feed, and ask for its first page the same way. */
const FEEDS = 'svc-catalog,svc-list';

/** Starts the first-page request of every catalog in the document, and of those the parser has yet to insert. */
export function askFirstPages(script: HTMLScriptElement | null): void {
  const data = script?.dataset ?? {};
  const scriptBase = data.baseUrl ?? (script?.src ? new URL(script.src).origin : '');
  const asked = new WeakSet<Element>();
  const ask = (catalog: Element) => {
    if (asked.has(catalog)) return;
    asked.add(catalog);
    const store = catalog.closest('svc-store');
    const storeId = store ? store.getAttribute('store-id') : data.storeId;
    const storeKey = store ? store.getAttribute('store-key') : data.storeKey;
    if (!storeId || !storeKey) return;
    // a <svc-store> without base-url uses the tag that carries data-store-id, else the page's origin
    const base = (store ? store.getAttribute('base-url') ?? (data.storeId ? scriptBase : '') : scriptBase).replace(/\/+$/, '');
    const query = new URLSearchParams(); // in the client's order: `listItems`' category and page_size, then the key
    const category = catalog.getAttribute('category');
    if (category) query.set('category', category);
    query.set('page_size', `${Number(catalog.getAttribute('page-size') ?? 12)}`);
    query.set(STORE_KEY_PARAM, storeKey); // no key header: a CORS-simple request, no preflight first
    startEarlyRequest(`${base}/v3/stores/${encodeURIComponent(storeId)}/public/items?${query}`, { Accept: 'application/json' }, preloadCardImages);
  };
  const scan = (root: ParentNode) => root.querySelectorAll(FEEDS).forEach(ask);
  scan(document);
  if (document.readyState !== 'loading') return;
  // a tag in <head> runs before the body exists: catch each catalog as the parser inserts it
  const watch = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => node instanceof Element && (node.matches(FEEDS) ? ask(node) : scan(node)));
    }
  });
  watch.observe(document, { childList: true, subtree: true });
  addEventListener('DOMContentLoaded', () => watch.disconnect()); // fired once per document, and bubbles to the window
}
