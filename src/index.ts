/**
 * The script-tag entry: defines what a catalog page shows (store, catalog, add-to-cart, cart button), each tag
 * with instances on the page in a task of its own (`define-queue.ts`: a phone's CPU paints in between), and loads
 * every other element on first use (`elements/autoload.ts`), the product view included: the catalog fetches it when
 * a pointer or focus reaches its cards, a page when its `<svc-product>` comes near the viewport. `<svc-store>` comes
 * first, defined at once, so that it is there before the elements that look for it through context.
 *
 *   <script type="module" src=".../svc-elements.js" data-store-id="demo-store" data-store-key="sfk_demo"></script>
 *
 * A module runs after the page is parsed: for a box held from the first frame and the catalog's data asked at t = 0,
 * use the classic tag (`script-tag.ts`), or link `svc-reserved.css` (docs/theming.md, "Reserved space").
 */
// first: the catalogs' first pages are asked for before the rest of the entry is evaluated
import './elements/shared/early-first-pages.ts';
import { lazyReservedCss, reserveBoxes } from './elements/shared/reserved-boxes.ts';

export { SvcStore } from './elements/store/store.ts';
export { SvcCatalog } from './elements/catalog/catalog.ts';
export type { SvcProduct } from './elements/product/product.ts';
export { SvcAddToCart } from './elements/add-to-cart/add-to-cart.ts';
export type { SvcCart } from './elements/cart/cart.ts';
export { SvcCartButton } from './elements/cart-button/cart-button.ts';
export { CartChangeEvent, CheckoutRequestEvent, ItemSelectEvent, VariantChangeEvent } from './elements/shared/cart-events.ts';
// the others are loaded on first use
export * from './elements/autoload.ts';

// the lazy elements (product view, checkout) hold their boxes until their chunks arrive; the classic loader has
// adopted the whole sheet already
reserveBoxes(document, lazyReservedCss());

// `?svc-debug` in the URL or `data-debug` on the tag: the diagnostics panel, a lazy chunk (README, "Diagnostics")
if (location.search.includes('svc-debug') || document.querySelector('script[data-debug]')) void import('./diagnostics/panel.ts');
