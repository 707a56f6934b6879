/**
 * Server rendering of `<svc-catalog>`, `<svc-product>`, `<svc-cart-button>` and `<svc-add-to-cart>` with
 * `@lit-labs/ssr`: each element with its declarative shadow root, the answer it was rendered from in a
 * `<script type="application/json" data-svc-rendered>` child (the hydration script answers the element's first
 * requests with it, so that it asks the service for nothing it already shows) and, for catalog and product,
 * schema.org JSON-LD beside it. The elements render from that data through `adopt.ts` (no hook of their own).
 */
import './dom.ts';
import { LitElementRenderer, render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { BundlePriceOptionDetail, ItemCard, ProductDetail } from '../contract/catalog.ts';
import '../elements/add-to-cart/add-to-cart.ts';
import '../elements/cart-button/cart-button.ts';
import { cartButtonReservedCss } from '../elements/shared/reserved-boxes.ts';
import { safeUrl } from '../elements/shared/safe-url.ts';
import type { ProductView } from '../elements/product/product.ts';
import './adopt.ts';
import { fetchBundle, fetchCatalogPage, fetchProduct, type RenderedPage, type StoreConfig } from './data.ts';
import { bundleJsonLd, itemListJsonLd, jsonLdScript, productJsonLd, scriptJson } from './structured-data.ts';

/** The element's UI language (its `lang` attribute; default `id`): the server cannot see the page's own `lang`. */
type Lang = 'id' | 'en';

export type CatalogRenderOptions = {
  /** Read the first page from this store… */
  store?: StoreConfig;
  /** …or render this page the caller already has (`fetchCatalogPage`'s shape). */
  page?: RenderedPage;
  category?: string;
  /** Cards per page (default 12), as the element's `page-size`. */
  pageSize?: number;
  /** Each card's link, e.g. `/products/{slug}` (placeholders `{slug}`, `{id}`, `{type}`): real links for crawlers. */
  hrefTemplate: string;
  /** The page's absolute URL: the JSON-LD's links are resolved against it. */
  pageUrl?: string;
  hideFilter?: boolean;
  hideCount?: boolean;
  lang?: Lang;
};

export type ProductRenderOptions = {
  store?: StoreConfig;
  /** A product's slug, or `bundleSlug` for a bundle price option. */
  slug?: string;
  bundleSlug?: string;
  /** The product the caller already has (`fetchProduct` gives the variants their live prices)… */
  product?: ProductDetail;
  /** …or the bundle price option. */
  bundle?: BundlePriceOptionDetail;
  /** Variant to select first. */
  variantId?: number;
  /** The page's absolute URL, for the JSON-LD. */
  url?: string;
  lang?: Lang;
};

// The cart in the cart button's drawer is the shopper's own (their guest token is in their browser): it renders there,
// as a nested element the drawer's hydration brings to life, rather than as a server view its first render would differ from.
LitElementRenderer.renderOptions.push((element) => (element.localName === 'svc-cart' ? { disableSsr: true } : undefined));

/**
 * The element's HTML. `@lit-labs/ssr` writes a boolean property binding (a radio's `.checked`) as `checked="false"`,
 * which HTML reads as checked: such attributes become present or absent, so the page without script and the
 * hydrated page (which trusts the DOM it adopts) show the buyer's real choice.
 */
const toHtml = async (template: TemplateResult) =>
  (await collectResult(render(template))).replace(/ (checked|selected|disabled)="(true|false)"/g, (_, name: string, on: string) => (on === 'true' ? ` ${name}` : ''));

/** Puts the element's data child in as its last light-DOM child (not slotted: never shown). */
function withData(markup: string, tag: string, data: Record<string, unknown>): string {
  const end = markup.lastIndexOf(`</${tag}>`);
  return `${markup.slice(0, end)}<script type="application/json" data-svc-rendered>${scriptJson(data)}</script>${markup.slice(end)}`;
}

/** A card's link as `<svc-catalog href-template>` writes it. */
export function cardHref(template: string, item: ItemCard): string {
  const values: Record<string, string> = { slug: item.slug, id: String(item.id), type: item.entity_type };
  return template.replace(/\{(slug|id|type)\}/g, (_, key: string) => encodeURIComponent(values[key]));
}

const absolute = (href: string, base?: string) => (base ? new URL(href, base).href : href);

/**
 * A slow parser paints the page in pieces, and a card's DOM order (its text first: the reading order) is not its
 * visual order (CSS shows the image, then the category, above the name): text painted before the rest of its card is
 * parsed moves down once it arrives (CLS 0.0105 at 1280×800 when the HTML pauses before a card's image). A card stays
 * hidden until its image box, its last part, is parsed; then it is whole. Server markup, in the catalog's shadow root
 * before Lit's styles (hydration reads only Lit's markers): pages without server rendering carry none of it.
 */
const PARTIAL_CARD_STYLE = '<style>.card:not(:has(>.media)){visibility:hidden}</style>';
const withPartialCardStyle = (markup: string) => markup.replace(/(<svc-catalog\b[^>]*>\s*<template\b[^>]*>)/, `$1${PARTIAL_CARD_STYLE}`);

/** `<svc-catalog>` with its first page, and the `ItemList` JSON-LD of its cards. */
export async function renderCatalog(options: CatalogRenderOptions): Promise<string> {
  const { category, pageSize = 12, hrefTemplate, lang } = options;
  const page = options.page ?? (options.store ? await fetchCatalogPage({ store: options.store, category, pageSize }) : undefined);
  if (!page) throw new TypeError('svc-storefront/ssr: renderCatalog needs a store or a page');
  const markup = await toHtml(html`<svc-catalog page-size=${pageSize} category=${ifDefined(category || undefined)}
    href-template=${hrefTemplate} ?hide-filter=${!!options.hideFilter} ?hide-count=${!!options.hideCount} lang=${ifDefined(lang)}
    .svcRendered=${page}></svc-catalog>`);
  const jsonLd = itemListJsonLd(page.results, (item) => absolute(cardHref(hrefTemplate, item), options.pageUrl), page.total);
  return withData(withPartialCardStyle(markup), 'svc-catalog', { firstPage: page }) + jsonLdScript(jsonLd);
}

async function productView({ store, slug, bundleSlug, product, bundle }: ProductRenderOptions): Promise<ProductView> {
  if (product) return { product };
  if (bundle) return { bundle };
  if (store && slug) return { product: await fetchProduct({ store, slug }) };
  if (store && bundleSlug) return { bundle: await fetchBundle({ store, slug: bundleSlug }) };
  throw new TypeError('svc-storefront/ssr: renderProduct needs a store and a slug (or bundleSlug), or a product (or bundle)');
}

/**
 * Without script there is no cart (it lives in the shopper's browser) and no checkout: the dead add-to-cart buttons
 * are hidden and the fallbacks shown (`hidden` in the markup; the rule that shows them is in `<noscript>`, inert in a
 * browser that runs script). The fallbacks sit outside `<noscript>` so that they are real elements whatever the
 * browser's reason for running no script.
 */
const NO_SCRIPT_STYLE = '<noscript><style>svc-product::part(add-to-cart),svc-add-to-cart:not(:defined){display:none}'
  + '.svc-no-script[hidden]{display:block}.svc-add-to-cart-link[hidden]{display:inline-block}</style></noscript>';
const NO_SCRIPT_BUY = {
  id: 'Untuk membeli, aktifkan JavaScript di browser Anda.',
  en: 'To buy, turn on JavaScript in your browser.',
};

/** `<svc-product>` with the product (live prices) or bundle price option, and its `Product` JSON-LD. */
export async function renderProduct(options: ProductRenderOptions): Promise<string> {
  const view = await productView(options);
  const markup = await toHtml(html`<svc-product slug=${ifDefined(view.product?.slug)} bundle-slug=${ifDefined(view.bundle?.slug)}
    variant-id=${ifDefined(options.variantId)} lang=${ifDefined(options.lang)} .svcRendered=${view}></svc-product>`);
  const jsonLd = view.product ? productJsonLd(view.product, options.url) : bundleJsonLd(view.bundle, options.url);
  const noScript = `${NO_SCRIPT_STYLE}<p class="svc-no-script" hidden>${NO_SCRIPT_BUY[options.lang ?? 'id']}</p>`;
  return withData(markup, 'svc-product', { rendered: view }) + noScript + jsonLdScript(jsonLd);
}

/**
 * `<svc-cart-button>`: its icon box (the count arrives with the shopper's cart, in the browser), after the rule that
 * gives the host that box until it is defined. A slow parser paints the page in pieces: a frame between the host's
 * start tag and its declarative shadow root would show an empty host (in a header row, its neighbours move once the
 * button arrives); with the rule the box is there from the start tag, the size the shadow root then fills.
 */
export async function renderCartButton(options: { checkoutUrl?: string; lang?: Lang } = {}): Promise<string> {
  return `<style>${cartButtonReservedCss()}</style>`
    + await toHtml(html`<svc-cart-button checkout-url=${ifDefined(options.checkoutUrl)} lang=${ifDefined(options.lang)}></svc-cart-button>`);
}

const ADD_TO_CART = { id: 'Tambah ke keranjang', en: 'Add to cart' };

/**
 * `<svc-add-to-cart>`: the button, and for a browser without script a link to `href` (the product page, where the
 * visitor learns what buying needs) in its place. The link is server markup, not the element's: pages that do not
 * render on the server carry none of it.
 */
export async function renderAddToCart(options: { variantId?: number; bundlePriceOptionId?: number; href: string; lang?: Lang }): Promise<string> {
  const button = await toHtml(html`<svc-add-to-cart variant-id=${ifDefined(options.variantId)}
    bundle-price-option-id=${ifDefined(options.bundlePriceOptionId)} lang=${ifDefined(options.lang)}></svc-add-to-cart>`);
  // the elements' check: an http(s) or page-relative URL; a `javascript:` or other scheme leaves the button alone
  const href = safeUrl(options.href);
  if (!href || href.trim().toLowerCase().startsWith('data:')) return button;
  return `${button}${NO_SCRIPT_STYLE}<a class="svc-add-to-cart-link" href="${attribute(href)}" hidden>${ADD_TO_CART[options.lang ?? 'id']}</a>`;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The scripts of a server-rendered page: the hydration support, and the elements' address and configuration for
 * `store` (as `data-store-*`: the browser's storefront; its `baseUrl`, when given, is the service as the browser
 * reaches it) in a tag the browser does not run: `svc-hydrate.js` imports the elements after the page's load and an
 * idle moment, or at the shopper's first tap (docs/decisions.md #27), so that their download competes with neither
 * the page's first paint nor its largest image. `svc-hydrate.js` itself is asked for at low priority: the page's
 * stylesheet and first images go before it (it is needed at the first tap, not for the first paint). `dist` is
 * where the package's `dist/` is served.
 */
export function hydrationScripts(options: { dist?: string; store?: { storeId: string; storeKey: string; baseUrl?: string } } = {}): string {
  const { dist = '/dist/', store } = options;
  const data = store
    ? ` data-store-id="${attribute(store.storeId)}" data-store-key="${attribute(store.storeKey)}"${store.baseUrl ? ` data-base-url="${attribute(store.baseUrl)}"` : ''}`
    : '';
  return `<script type="module" src="${attribute(dist)}svc-hydrate.js" fetchpriority="low"></script>\n<script type="text/plain" data-svc-elements data-src="${attribute(dist)}svc-elements.js"${data}></script>`;
}
