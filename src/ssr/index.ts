/**
 * `svc-storefront/ssr`: server-rendered storefront elements for Node (a static-site generator, an HTTP server or
 * middleware). See docs/ssr.md.
 */
export { cardHref, hydrationScripts, renderAddToCart, renderCartButton, renderCatalog, renderProduct } from './render.ts';
export type { CatalogRenderOptions, ProductRenderOptions } from './render.ts';
export { fetchCatalogPage, fetchProduct, storeClient, type PageQuery, type StoreConfig } from './data.ts';
export { itemListJsonLd, productJsonLd } from './structured-data.ts';
export type { RenderedPage } from '../elements/catalog/catalog.ts';
