import { fetchCatalogPage } from 'svc-storefront/ssr';
import { store } from './store.js';

// The products of the catalog's first page: one page each (src/products.njk)
export default async function () {
  const { results } = await fetchCatalogPage({ store, pageSize: 24 });
  return results.filter((item) => item.entity_type === 'product');
}
