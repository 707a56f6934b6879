import { Hono, type Context } from 'hono';
import {
  BundleCreate, BundleUpdate, CategoryCreate, CategoryUpdate, MerchantProductsQuery, PriceOptionCreate, PriceOptionUpdate, ProductCreate,
  PageQuery, ProductUpdate, StockAdjustment, VariantCreate, VariantUpdate,
} from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import {
  addPriceOption, createBundle, createCategory, deleteCategory, getBundle, listBundles, listCategories, renameBundle, updateCategory,
  updatePriceOption,
} from '../domain/bundle-admin.ts';
import {
  addVariant, adjustStock, createProduct, getProduct, getVariant, listProducts, listStockAdjustments, updateProduct, updateVariant,
} from '../domain/catalog-admin.ts';
import { notFound } from '../errors.ts';
import { parseBody, parseQuery } from '../http/request-body.ts';
import { storeFor } from './storefront-setup.ts';

/** A numeric id of the path, or the resource's 404 (a made-up id is as unknown as another store's). */
function idParam(c: Context, name: string, what: string): number {
  const id = Number(c.req.param(name));
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(`${what} not found`);
  return id;
}

const found = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw notFound(`${what} not found`);
  return value;
};

/**
 * The catalog of one store of the selected business (catalog:read / catalog:write), under /v3/stores/{store_id}:
 *   categories (GET, POST; PATCH, DELETE /{category_id}), products (GET with search/search_field, POST; GET, PATCH
 *   /{product_id}; POST /{product_id}/variants), variants (GET, PATCH /{variant_id}; GET, POST /{variant_id}/stock-adjustments),
 *   bundles (GET, POST; GET, PATCH /{bundle_id}; POST /{bundle_id}/price-options), PATCH /bundle-price-options/{option_id}.
 * Role and scope are checked before the store, the store before the body (403, then 404, then 400).
 */
export function businessCatalogRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const read = (c: Context) => storeFor(db, c, 'catalog:read').id;
  const write = (c: Context) => storeFor(db, c, 'catalog:write').id;

  app.get('/:store_id/categories', (c) => c.json(listCategories(db, read(c))));
  app.post('/:store_id/categories', async (c) => {
    const storeId = write(c);
    return c.json(createCategory(db, storeId, await parseBody(c, CategoryCreate)), 201);
  });
  app.patch('/:store_id/categories/:category_id', async (c) => {
    const storeId = write(c);
    const id = idParam(c, 'category_id', 'Category');
    return c.json(found(updateCategory(db, storeId, id, await parseBody(c, CategoryUpdate)), 'Category'));
  });
  app.delete('/:store_id/categories/:category_id', (c) => {
    if (!deleteCategory(db, write(c), idParam(c, 'category_id', 'Category'))) throw notFound('Category not found');
    return c.body(null, 204);
  });

  app.get('/:store_id/products', (c) => {
    const storeId = read(c);
    return c.json(listProducts(db, storeId, parseQuery(c, MerchantProductsQuery)));
  });
  app.post('/:store_id/products', async (c) => {
    const storeId = write(c);
    return c.json(createProduct(db, storeId, await parseBody(c, ProductCreate)), 201);
  });
  app.get('/:store_id/products/:product_id', (c) => c.json(found(getProduct(db, read(c), idParam(c, 'product_id', 'Product')), 'Product')));
  app.patch('/:store_id/products/:product_id', async (c) => {
    const storeId = write(c);
    const id = idParam(c, 'product_id', 'Product');
    found(getProduct(db, storeId, id), 'Product'); // 404 before body errors
    return c.json(found(updateProduct(db, storeId, id, await parseBody(c, ProductUpdate)), 'Product'));
  });
  app.post('/:store_id/products/:product_id/variants', async (c) => {
    const storeId = write(c);
    const id = idParam(c, 'product_id', 'Product');
    found(getProduct(db, storeId, id), 'Product');
    return c.json(found(addVariant(db, storeId, id, await parseBody(c, VariantCreate)), 'Product'), 201);
  });

  app.get('/:store_id/variants/:variant_id', (c) => c.json(found(getVariant(db, read(c), idParam(c, 'variant_id', 'Variant')), 'Variant')));
  app.patch('/:store_id/variants/:variant_id', async (c) => {
    const storeId = write(c);
    const id = idParam(c, 'variant_id', 'Variant');
    found(getVariant(db, storeId, id), 'Variant');
    return c.json(found(updateVariant(db, storeId, id, await parseBody(c, VariantUpdate)), 'Variant'));
  });
  app.post('/:store_id/variants/:variant_id/stock-adjustments', async (c) => {
    const storeId = write(c);
    const id = idParam(c, 'variant_id', 'Variant');
    found(getVariant(db, storeId, id), 'Variant');
    return c.json(found(adjustStock(db, storeId, id, await parseBody(c, StockAdjustment)), 'Variant'));
  });
  app.get('/:store_id/variants/:variant_id/stock-adjustments', (c) => {
    const storeId = read(c);
    const id = idParam(c, 'variant_id', 'Variant');
    return c.json(found(listStockAdjustments(db, storeId, id, parseQuery(c, PageQuery)), 'Variant'));
  });

  app.get('/:store_id/bundles', (c) => c.json(listBundles(db, read(c))));
  app.post('/:store_id/bundles', async (c) => {
    const storeId = write(c);
    return c.json(createBundle(db, storeId, await parseBody(c, BundleCreate)), 201);
  });
  app.get('/:store_id/bundles/:bundle_id', (c) => c.json(found(getBundle(db, read(c), idParam(c, 'bundle_id', 'Bundle')), 'Bundle')));
  app.patch('/:store_id/bundles/:bundle_id', async (c) => {
    const storeId = write(c);
    const id = idParam(c, 'bundle_id', 'Bundle');
    found(getBundle(db, storeId, id), 'Bundle');
    return c.json(found(renameBundle(db, storeId, id, (await parseBody(c, BundleUpdate)).name), 'Bundle'));
  });
  app.post('/:store_id/bundles/:bundle_id/price-options', async (c) => {
    const storeId = write(c);
    const id = idParam(c, 'bundle_id', 'Bundle');
    found(getBundle(db, storeId, id), 'Bundle');
    return c.json(found(addPriceOption(db, storeId, id, await parseBody(c, PriceOptionCreate)), 'Bundle'), 201);
  });
  app.patch('/:store_id/bundle-price-options/:option_id', async (c) => {
    const storeId = write(c);
    const id = idParam(c, 'option_id', 'Bundle price option');
    return c.json(found(updatePriceOption(db, storeId, id, await parseBody(c, PriceOptionUpdate)), 'Bundle price option'));
  });

  return app;
}
