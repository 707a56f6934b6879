/**
 * `svc-storefront/ssr`: server-rendered storefront elements for Node (a static-site generator, an HTTP server or
 * middleware). See docs/ssr.md.
 */
export { cardHref, hydrationScripts, renderAddToCart, renderCartButton, renderCatalog, renderProduct } from './render.ts';
export type { CatalogRenderOptions, ProductRenderOptions } from './render.ts';
export { fetchBundle, fetchCatalogPage, fetchProduct, storeClient, type PageQuery, type RenderedPage, type StoreConfig } from './data.ts';
export { bundleJsonLd, itemListJsonLd, productJsonLd } from './structured-data.ts';
export { renderTemplates, type TemplatesRenderOptions } from './templates.ts';
export type { ProductView } from '../elements/product/product.ts';
