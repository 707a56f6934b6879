/**
 * What the server renders from, fetched through the headless client: a catalog's first page (and its total when
 * there are more pages, so that the browser need not ask), a product with its variants' live prices.
 */
import { createClient, type Client } from '../client/client.ts';
import { countItems, listItems } from '../client/routes/catalog.ts';
import { getBundlePriceOption, getProduct, getVariantPricing } from '../client/routes/product.ts';
import type { BundlePriceOptionDetail, ItemCardPage, ProductDetail } from '../contract/catalog.ts';

/** A catalog's first page as the server renders it, with the feed's total when it has more pages. */
export type RenderedPage = Pick<ItemCardPage, 'results' | 'next_cursor'> & { total?: number };

/** The store to read: its public id, publishable key and the service's base URL (an absolute URL on a server). */
export type StoreConfig = { storeId: string; storeKey: string; baseUrl: string; fetch?: typeof fetch };

const clients = new Map<string, Client>();

/** One client per store and service (its short catalog cache serves repeated renders); tokens in memory only. */
export function storeClient(store: StoreConfig): Client {
  if (!/^https?:\/\//.test(store.baseUrl)) throw new TypeError('svc-storefront/ssr: store.baseUrl must be an absolute http(s) URL');
  const options = { storeId: store.storeId, storeKey: store.storeKey, baseUrl: store.baseUrl.replace(/\/+$/, ''), tokenStorage: 'memory' as const };
  if (store.fetch) return createClient({ ...options, fetch: store.fetch });
  const key = JSON.stringify(options);
  let client = clients.get(key);
  if (!client) {
    if (clients.size >= 64) clients.clear(); // a server rendering for many stores keeps a bounded set
    clients.set(key, (client = createClient(options)));
  }
  return client;
}

/** What `fetchCatalogPage` reads, named as in `renderCatalog`'s options. */
export type PageQuery = { store: StoreConfig; category?: string; pageSize?: number };

/**
 * The catalog's first page as `<svc-catalog>` asks for it, with the total when a next page exists: what
 * `renderCatalog({ page })` renders (and, for a static site, the list its product pages are made from).
 */
export async function fetchCatalogPage({ store, category, pageSize = 12 }: PageQuery): Promise<RenderedPage> {
  const client = storeClient(store);
  const query = { category: category || undefined };
  const page = await listItems(client, { ...query, page_size: pageSize });
  const total = page.next_cursor === null ? page.results.length : (await countItems(client, query)).total;
  return { results: page.results, next_cursor: page.next_cursor, total };
}

/** A bundle price option by slug (its price is the live one already). */
export const fetchBundle = ({ store, slug }: { store: StoreConfig; slug: string }): Promise<BundlePriceOptionDetail> =>
  getBundlePriceOption(storeClient(store), slug);

/** A product by slug, each variant at its live price (the pricing route: what the cart will charge). */
export async function fetchProduct({ store, slug }: { store: StoreConfig; slug: string }): Promise<ProductDetail> {
  const client = storeClient(store);
  const product = await getProduct(client, slug);
  if (!product.variants.length) return product;
  const live = new Map((await getVariantPricing(client, product.variants.map((v) => v.id))).map((p) => [p.variant_id, p]));
  return {
    ...product,
    variants: product.variants.map((v) => {
      const price = live.get(v.id);
      return price ? { ...v, price: price.price, compare_at_price: price.compare_at_price } : v;
    }),
  };
}
