// one module per schema, not the index: the elements' build groups its modules by their imports (vite.config.ts)
import { CategoryList } from '../../contract/json-schemas/category-list.ts';
import { ItemCardPage } from '../../contract/json-schemas/item-card-page.ts';
import { ItemCount } from '../../contract/json-schemas/item-count.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';

/**
 * The catalog's own reads (feed, count, categories), in a catalog page's initial load. What the product view reads
 * (product, bundle price option, variant prices and stock) is `product.ts`, loaded with it.
 */
/** Feed query: cursor paging plus an optional category slug. */
export type ItemsParams = { page_size?: number; next_cursor?: string; previous_cursor?: string; category?: string };

/** Catalog feed (products and bundle price options visible in the catalog), cursor-paginated. Cached briefly. */
export const listItems = (client: Client, params: ItemsParams = {}, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/items'), query: params, schema: ItemCardPage, cache: true }, options);

/** `{ total }` of the catalog feed (optionally of one category). Cached briefly. */
export const countItems = (client: Client, params: { category?: string } = {}, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/items/count'), query: params, schema: ItemCount, cache: true }, options);

/** Categories that have visible entries. Cached briefly. */
export const listCategories = (client: Client, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/categories'), schema: CategoryList, cache: true }, options);
