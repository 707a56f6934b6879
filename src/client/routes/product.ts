// one module per schema, not the index: the elements' build groups its modules by their imports (vite.config.ts)
import { BundlePriceOptionDetail } from '../../contract/json-schemas/bundle-price-option-detail.ts';
import { ProductDetail } from '../../contract/json-schemas/product-detail.ts';
import { VariantAvailability } from '../../contract/json-schemas/variant-availability.ts';
import { VariantPricingList } from '../../contract/json-schemas/variant-pricing-list.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';

/** The product view's reads: off a catalog page's initial load (its schemas are the largest of the catalog's). */
const seg = encodeURIComponent;

/** Product detail by slug, hidden products included. Cached briefly. */
export const getProduct = (client: Client, slug: string, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath(`/public/products/${seg(slug)}`), schema: ProductDetail, cache: true }, options);

/** Bundle price option detail by slug. Cached briefly. */
export const getBundlePriceOption = (client: Client, slug: string, options?: CallOptions) =>
  client.request(
    { method: 'GET', path: client.storePath(`/public/bundle-price-options/${seg(slug)}`), schema: BundlePriceOptionDetail, cache: true },
    options,
  );

/** Current prices of up to 100 variants (hidden products included). Never cached: prices feed the cart. */
export const getVariantPricing = (client: Client, variantIds: readonly number[], options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/variants/pricing'), query: { variant_ids: variantIds }, schema: VariantPricingList }, options);

/** Stock of one variant. Never cached. */
export const getVariantAvailability = (client: Client, variantId: number, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath(`/public/variants/${variantId}/availability`), schema: VariantAvailability }, options);
