import {
  BundlePriceOptionDetail, CategoryList, ItemCardPage, ItemCount, ProductDetail, VariantAvailability,
  VariantPricingList,
} from '../../contract/json-schemas/index.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';

const seg = encodeURIComponent;
/** Feed query: cursor paging plus an optional category slug. */
export type ItemsParams = { page_size?: number; next_cursor?: string; previous_cursor?: string; category?: string };

/** Catalog feed (products and bundle price options visible in the catalog), cursor-paginated. Cached briefly. */
export const listItems = (client: Client, params: ItemsParams = {}, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/items'), query: params, schema: ItemCardPage, cache: true }, options);

/** `{ total }` of the catalog feed (optionally of one category). Cached briefly. */
export const countItems = (client: Client, params: { category?: string } = {}, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/items/count'), query: params, schema: ItemCount, cache: true }, options);

/** Product detail by slug, hidden products included. Cached briefly. */
export const getProduct = (client: Client, slug: string, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath(`/public/products/${seg(slug)}`), schema: ProductDetail, cache: true }, options);

/** Bundle price option detail by slug. Cached briefly. */
export const getBundlePriceOption = (client: Client, slug: string, options?: CallOptions) =>
  client.request(
    { method: 'GET', path: client.storePath(`/public/bundle-price-options/${seg(slug)}`), schema: BundlePriceOptionDetail, cache: true },
    options,
  );

/** Categories that have visible entries. Cached briefly. */
export const listCategories = (client: Client, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/categories'), schema: CategoryList, cache: true }, options);

/** Current prices of up to 100 variants (hidden products included). Never cached: prices feed the cart. */
export const getVariantPricing = (client: Client, variantIds: readonly number[], options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/variants/pricing'), query: { variant_ids: variantIds }, schema: VariantPricingList }, options);

/** Stock of one variant. Never cached. */
export const getVariantAvailability = (client: Client, variantId: number, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath(`/public/variants/${variantId}/availability`), schema: VariantAvailability }, options);
