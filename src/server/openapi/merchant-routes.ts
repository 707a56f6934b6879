import type * as z from 'zod/mini';
import * as C from '../../contract/index.ts';
import type { Credential, RouteDoc } from './route-table.ts';

/** Merchant self-service routes (storefront set-up, landing pages, catalog): business API key or a scoped OAuth token. */
const AUTH: Credential[][] = [['businessKey'], ['businessBearer'], ['oauth']];
const ST = '/v3/stores/{store_id}';

const r = (method: RouteDoc['method'], path: string, summary: string, tag: string, scope: string, ok: [number, z.ZodMiniType | null],
  errors: number[], extra: Partial<RouteDoc> = {}): RouteDoc => ({ method, path, summary, tag, auth: AUTH, ok, errors, scopes: [scope], ...extra });

const READ = [401, 403, 404, 429];
const WRITE = [400, 401, 403, 404, 429];

export const STOREFRONT_SETUP_ROUTES: RouteDoc[] = [
  r('get', '/v3/stores', 'Stores of the business with plan state, storefront keys and allowed origins', 'storefront setup', 'storefront:read', [200, C.StoreSetupList], [401, 403, 429]),
  r('get', ST, 'Store set-up: plan state, storefront keys, allowed origins, settings', 'storefront setup', 'storefront:read', [200, C.StoreSetup], READ),
  r('patch', ST, 'Change the store\'s settings: order_status_url, the merchant\'s page where the buyer\'s order link leads (null: the service\'s)',
    'storefront setup', 'storefront:write', [200, C.StoreSetup], WRITE, { body: C.StoreSettingsUpdate }),
  r('get', `${ST}/storefront-keys`, 'Storefront keys of the store', 'storefront setup', 'storefront:read', [200, C.StorefrontKeyList], READ),
  r('post', `${ST}/storefront-keys`, 'Create a storefront key (generated unless given)', 'storefront setup', 'storefront:write', [201, C.StorefrontKey], WRITE, { body: C.StorefrontKeyCreate }),
  r('post', `${ST}/storefront-keys/{key}/rotate`, 'Replace a storefront key by a new one (the old one is refused at once)', 'storefront setup', 'storefront:write', [200, C.KeyRotation], READ),
  r('delete', `${ST}/storefront-keys/{key}`, 'Revoke a storefront key', 'storefront setup', 'storefront:write', [204, null], READ),
  r('get', `${ST}/allowed-origins`, 'Allowed browser origins of the store', 'storefront setup', 'storefront:read', [200, C.OriginList], READ),
  r('post', `${ST}/allowed-origins`, 'Allow an exact origin (201 added, 200 already allowed)', 'storefront setup', 'storefront:write', [201, C.AddedOrigin], WRITE, {
    body: C.OriginBody, alsoOk: [[200, 'Already allowed (nothing changed)']],
  }),
  r('delete', `${ST}/allowed-origins`, 'Remove an allowed origin (?origin=)', 'storefront setup', 'storefront:write', [204, null], WRITE, { query: C.OriginQuery }),
];

const LP = '/v3/landing-pages/{page_id}';
export const PAGE_SETUP_ROUTES: RouteDoc[] = [
  r('get', '/v3/landing-pages', 'Landing pages of the business with their keys and domains', 'landing pages', 'pages:read', [200, C.LandingPageSetupList], [401, 403, 429]),
  r('get', LP, 'Landing page set-up (id or unique_id)', 'landing pages', 'pages:read', [200, C.LandingPageSetup], READ),
  r('post', `${LP}/keys`, 'Create a page key (generated unless given)', 'landing pages', 'pages:write', [201, C.StorefrontKey], WRITE, { body: C.PageKeyCreate }),
  r('post', `${LP}/keys/{key}/rotate`, 'Replace a page key by a new one (the old one is refused at once)', 'landing pages', 'pages:write', [200, C.KeyRotation], READ),
  r('delete', `${LP}/keys/{key}`, 'Revoke a page key', 'landing pages', 'pages:write', [204, null], READ),
  r('post', `${LP}/domains`, 'Add a page domain (201 added, 200 already there)', 'landing pages', 'pages:write', [201, C.AddedOrigin], WRITE, {
    body: C.OriginBody, alsoOk: [[200, 'Already a domain of the page (nothing changed)']],
  }),
  r('delete', `${LP}/domains`, 'Remove a page domain (?origin=)', 'landing pages', 'pages:write', [204, null], WRITE, { query: C.OriginQuery }),
];

const cat = (method: RouteDoc['method'], path: string, summary: string, ok: [number, z.ZodMiniType | null], extra: Partial<RouteDoc> = {}) =>
  r(method, `${ST}${path}`, summary, 'catalog admin', method === 'get' ? 'catalog:read' : 'catalog:write', ok,
    method === 'get' ? (extra.query ? [400, ...READ] : READ) : WRITE, extra); // a query can be a bad one
export const CATALOG_ROUTES: RouteDoc[] = [
  cat('get', '/categories', 'Categories of the store', [200, C.MerchantCategoryList]),
  cat('post', '/categories', 'Create a category', [201, C.MerchantCategory], { body: C.CategoryCreate }),
  cat('patch', '/categories/{category_id}', 'Rename a category or change its slug', [200, C.MerchantCategory], { body: C.CategoryUpdate }),
  cat('delete', '/categories/{category_id}', 'Delete an empty category', [204, null]),
  cat('get', '/products', 'Products with variants, hidden ones included (search, search_field: name | slug | sku)', [200, C.MerchantProductPage], { query: C.MerchantProductsQuery }),
  cat('post', '/products', 'Create a product with its variants', [201, C.MerchantProduct], { body: C.ProductCreate }),
  cat('get', '/products/{product_id}', 'Product with variants', [200, C.MerchantProduct]),
  cat('patch', '/products/{product_id}', 'Update a product (listed: false hides it)', [200, C.MerchantProduct], { body: C.ProductUpdate }),
  cat('post', '/products/{product_id}/variants', 'Add a variant', [201, C.MerchantVariant], { body: C.VariantCreate }),
  cat('get', '/variants/{variant_id}', 'Variant', [200, C.MerchantVariant]),
  cat('patch', '/variants/{variant_id}', 'Update a variant: price, compare-at price, weight, stock, image', [200, C.MerchantVariant], { body: C.VariantUpdate }),
  cat('get', '/variants/{variant_id}/stock-adjustments', 'Stock history: the adjustments of a variant, oldest first', [200, C.StockAdjustmentPage], { query: C.PageQuery }),
  cat('post', '/variants/{variant_id}/stock-adjustments', 'Adjust stock by a delta (never below zero), recorded with its reason', [200, C.MerchantVariant], { body: C.StockAdjustment }),
  cat('get', '/bundles', 'Bundles with their price options', [200, C.MerchantBundleList]),
  cat('post', '/bundles', 'Create a bundle (with price options)', [201, C.MerchantBundle], { body: C.BundleCreate }),
  cat('get', '/bundles/{bundle_id}', 'Bundle with its price options', [200, C.MerchantBundle]),
  cat('patch', '/bundles/{bundle_id}', 'Rename a bundle', [200, C.MerchantBundle], { body: C.BundleUpdate }),
  cat('post', '/bundles/{bundle_id}/price-options', 'Add a bundle price option', [201, C.MerchantBundle], { body: C.PriceOptionCreate }),
  cat('patch', '/bundle-price-options/{option_id}', 'Update a bundle price option (components are replaced when given)', [200, C.MerchantBundle], { body: C.PriceOptionUpdate }),
];

export const MERCHANT_ROUTES: RouteDoc[] = [...STOREFRONT_SETUP_ROUTES, ...PAGE_SETUP_ROUTES, ...CATALOG_ROUTES];
