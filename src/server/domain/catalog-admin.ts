import type {
  MerchantProduct, MerchantVariant, PageQuery, ProductCreate, ProductUpdate, StockAdjustment, StockAdjustmentRecord, VariantCreate, VariantUpdate,
} from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { keysetPage } from '../db/paging.ts';
import { sql, sqlValue } from '../db/statements.ts';
import { fieldError, HttpError } from '../errors.ts';
import { likePattern } from './business-users.ts';

/**
 * The merchant's writes to the catalog (business API and `catalog import`). Every table written here has the
 * catalog version triggers of migration 005, so the storefront's cached feed, its ETags and the fast path follow on
 * the next read. Shared by the seed loader (explicit ids) and the API (new ids).
 */

type ProductRow = {
  id: number; slug: string; name: string; item_type: 'physical' | 'digital'; description_html: string; images: string;
  category_slug: string | null; listed: number; position: number;
};
type VariantRow = {
  id: number; product_id: number; name: string; sku: string | null; options: string; price: number; compare_at_price: number | null;
  weight_grams: number; stock: number; image_url: string | null;
};

const PRODUCT_SELECT = `SELECT p.id, p.slug, p.name, p.item_type, p.description_html, p.images, c.slug AS category_slug, p.listed, p.position
  FROM products p LEFT JOIN categories c ON c.id = p.category_id`;

export const toVariant = (v: VariantRow): MerchantVariant => ({
  id: v.id, product_id: v.product_id, name: v.name, sku: v.sku, options: JSON.parse(v.options) as Record<string, string>,
  price: String(v.price), compare_at_price: v.compare_at_price === null ? null : String(v.compare_at_price),
  weight_grams: v.weight_grams, stock: v.stock, image_url: v.image_url,
});

function toProduct(db: Db, p: ProductRow): MerchantProduct {
  const variants = sql(db, 'SELECT * FROM variants WHERE product_id = ? ORDER BY id').all(p.id) as VariantRow[];
  return {
    id: p.id, slug: p.slug, name: p.name, item_type: p.item_type, description_html: p.description_html,
    images: JSON.parse(p.images) as string[], category: p.category_slug, listed: p.listed === 1, position: p.position,
    variants: variants.map(toVariant),
  };
}

export function getProduct(db: Db, storeId: number, productId: number): MerchantProduct | undefined {
  const row = sql(db, `${PRODUCT_SELECT} WHERE p.store_id = ? AND p.id = ?`).get(storeId, productId) as ProductRow | undefined;
  return row && toProduct(db, row);
}

export type ProductsQuery = {
  search?: string; search_field?: 'name' | 'slug' | 'sku'; category?: string; listed?: 'true' | 'false';
  page_size?: number; next_cursor?: string; previous_cursor?: string;
};

export function listProducts(db: Db, storeId: number, q: ProductsQuery) {
  const where = ['p.store_id = ?'];
  const params: unknown[] = [storeId];
  if (q.search) {
    const field = q.search_field ?? 'name';
    where.push(field === 'sku'
      ? "EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.sku LIKE ? ESCAPE '\\')"
      : `p.${field} LIKE ? ESCAPE '\\'`);
    params.push(likePattern(q.search));
  }
  if (q.category) {
    where.push('c.slug = ?');
    params.push(q.category);
  }
  if (q.listed) where.push(`p.listed = ${q.listed === 'true' ? 1 : 0}`);
  const page = keysetPage<ProductRow>(db, { sql: `${PRODUCT_SELECT} WHERE ${where.join(' AND ')}`, params, keyColumns: ['id'] }, q);
  return { ...page, results: page.results.map((p) => toProduct(db, p)) };
}

/** The category id of a slug in this store; `null` clears; an unknown slug is a 400 on `field`. */
export function categoryIdOf(db: Db, storeId: number, slug: string | null | undefined, field = 'category'): number | null {
  if (!slug) return null;
  const id = sqlValue(db, 'SELECT id FROM categories WHERE store_id = ? AND slug = ?').get(storeId, slug) as number | undefined;
  if (id === undefined) throw fieldError(field, `No category with the slug ${slug} in this store`);
  return id;
}

/** Where a new item goes in the feed: after every product and bundle price option of the store. */
export const nextPosition = (db: Db, storeId: number) => sqlValue(db, `SELECT 1 + max(
  (SELECT coalesce(max(position), -1) FROM products WHERE store_id = ?), (SELECT coalesce(max(position), -1) FROM bundle_price_options WHERE store_id = ?))`)
  .get(storeId, storeId) as number;

function slugTaken(db: Db, storeId: number, slug: string, exceptId?: number): boolean {
  return sql(db, 'SELECT 1 FROM products WHERE store_id = ? AND slug = ? AND id IS NOT ?').get(storeId, slug, exceptId ?? null) !== undefined;
}

export type ProductInsert = Omit<ProductCreate, 'variants' | 'category'> & { id?: number; category_id: number | null };

/** Inserts a product row (the seed passes its own id); returns the id. */
export function insertProduct(db: Db, storeId: number, p: ProductInsert): number {
  const done = sql(db, `INSERT INTO products (id, store_id, slug, name, item_type, description_html, images, category_id, listed, position)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(p.id ?? null, storeId, p.slug, p.name, p.item_type ?? 'physical', p.description_html ?? '',
    JSON.stringify(p.images ?? []), p.category_id, p.listed === false ? 0 : 1, p.position ?? nextPosition(db, storeId));
  return Number(done.lastInsertRowid);
}

/** Inserts a variant row (the seed passes its own id); returns the id. */
export function insertVariant(db: Db, productId: number, v: VariantCreate & { id?: number }): number {
  const done = sql(db, `INSERT INTO variants (id, product_id, name, sku, options, price, compare_at_price, weight_grams, stock, image_url)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(v.id ?? null, productId, v.name, v.sku ?? null, JSON.stringify(v.options ?? {}), v.price,
    v.compare_at_price ?? null, v.weight_grams ?? 0, v.stock ?? 0, v.image_url ?? null);
  return Number(done.lastInsertRowid);
}

export function createProduct(db: Db, storeId: number, input: ProductCreate): MerchantProduct {
  return db.transaction(() => {
    if (slugTaken(db, storeId, input.slug)) throw fieldError('slug', 'Another product of this store has this slug');
    const { variants, category, ...fields } = input;
    const id = insertProduct(db, storeId, { ...fields, category_id: categoryIdOf(db, storeId, category) });
    for (const v of variants) insertVariant(db, id, v);
    return getProduct(db, storeId, id)!;
  }).immediate();
}

/** Sets the given columns of one row; `columns` maps body fields to column values already converted. */
function updateRow(db: Db, table: 'products' | 'variants', id: number, columns: Record<string, unknown>): void {
  const names = Object.keys(columns);
  if (names.length) sql(db, `UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`).run(...names.map((n) => columns[n]), id);
}

const defined = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));

export function updateProduct(db: Db, storeId: number, productId: number, input: ProductUpdate): MerchantProduct | undefined {
  return db.transaction(() => {
    if (!getProduct(db, storeId, productId)) return undefined;
    if (input.slug && slugTaken(db, storeId, input.slug, productId)) throw fieldError('slug', 'Another product of this store has this slug');
    updateRow(db, 'products', productId, defined({
      slug: input.slug, name: input.name, item_type: input.item_type, description_html: input.description_html,
      images: input.images && JSON.stringify(input.images), listed: input.listed === undefined ? undefined : input.listed ? 1 : 0,
      position: input.position, category_id: input.category === undefined ? undefined : categoryIdOf(db, storeId, input.category),
    }));
    return getProduct(db, storeId, productId);
  }).immediate();
}

export function getVariant(db: Db, storeId: number, variantId: number): MerchantVariant | undefined {
  const row = sql(db, 'SELECT v.* FROM variants v JOIN products p ON p.id = v.product_id WHERE p.store_id = ? AND v.id = ?').get(storeId, variantId) as VariantRow | undefined;
  return row && toVariant(row);
}

export function addVariant(db: Db, storeId: number, productId: number, input: VariantCreate): MerchantVariant | undefined {
  if (!getProduct(db, storeId, productId)) return undefined;
  return getVariant(db, storeId, insertVariant(db, productId, input));
}

export function updateVariant(db: Db, storeId: number, variantId: number, input: VariantUpdate): MerchantVariant | undefined {
  return db.transaction(() => {
    if (!getVariant(db, storeId, variantId)) return undefined;
    updateRow(db, 'variants', variantId, defined({
      name: input.name, sku: input.sku, options: input.options && JSON.stringify(input.options), price: input.price,
      compare_at_price: input.compare_at_price, weight_grams: input.weight_grams, stock: input.stock, image_url: input.image_url,
    }));
    return getVariant(db, storeId, variantId);
  }).immediate();
}

/**
 * Adds `delta` to the stock in one statement (no lost update beside checkouts) and records it in the variant's stock
 * history with its reason; below zero is refused.
 */
export function adjustStock(db: Db, storeId: number, variantId: number, { delta, reason }: StockAdjustment): MerchantVariant | undefined {
  return db.transaction(() => {
    const variant = getVariant(db, storeId, variantId);
    if (!variant) return undefined;
    if (variant.stock + delta < 0) {
      throw new HttpError(400, 'validation_error', `Stock is ${variant.stock}: it cannot go down by ${-delta}`, { delta: `Stock would go below zero (now ${variant.stock})` });
    }
    sql(db, 'UPDATE variants SET stock = stock + ? WHERE id = ?').run(delta, variantId);
    const adjusted = getVariant(db, storeId, variantId)!;
    sql(db, 'INSERT INTO stock_adjustments (variant_id, delta, stock_after, reason, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(variantId, delta, adjusted.stock, reason || null, new Date().toISOString());
    return adjusted;
  }).immediate();
}

/** A variant's stock history, oldest first; `undefined` when the variant is not this store's. */
export function listStockAdjustments(db: Db, storeId: number, variantId: number, page: PageQuery) {
  if (!getVariant(db, storeId, variantId)) return undefined;
  return keysetPage<StockAdjustmentRecord>(db, {
    sql: 'SELECT id, delta, stock_after, reason, created_at FROM stock_adjustments WHERE variant_id = ?', params: [variantId], keyColumns: ['id'],
  }, page);
}
