import type { MerchantBundle, PriceOptionCreate, PriceOptionUpdate } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';
import { fieldError, HttpError } from '../errors.ts';
import { categoryIdOf, nextPosition } from './catalog-admin.ts';

/** Categories and bundles of the merchant's catalog (see catalog-admin.ts: the same version triggers apply). */

export type MerchantCategory = { id: number; slug: string; name: string };

export const listCategories = (db: Db, storeId: number) =>
  sql(db, 'SELECT id, slug, name FROM categories WHERE store_id = ? ORDER BY id').all(storeId) as MerchantCategory[];

const categorySlugTaken = (db: Db, storeId: number, slug: string, exceptId: number | null) =>
  sql(db, 'SELECT 1 FROM categories WHERE store_id = ? AND slug = ? AND id IS NOT ?').get(storeId, slug, exceptId) !== undefined;

export function createCategory(db: Db, storeId: number, input: { slug: string; name: string; id?: number }): MerchantCategory {
  if (categorySlugTaken(db, storeId, input.slug, null)) throw fieldError('slug', 'Another category of this store has this slug');
  const done = sql(db, 'INSERT INTO categories (id, store_id, slug, name) VALUES (?, ?, ?, ?)').run(input.id ?? null, storeId, input.slug, input.name);
  return { id: Number(done.lastInsertRowid), slug: input.slug, name: input.name };
}

export function updateCategory(db: Db, storeId: number, id: number, input: { slug?: string; name?: string }): MerchantCategory | undefined {
  const current = sql(db, 'SELECT id, slug, name FROM categories WHERE store_id = ? AND id = ?').get(storeId, id) as MerchantCategory | undefined;
  if (!current) return undefined;
  if (input.slug && categorySlugTaken(db, storeId, input.slug, id)) throw fieldError('slug', 'Another category of this store has this slug');
  const next = { ...current, ...input };
  sql(db, 'UPDATE categories SET slug = ?, name = ? WHERE id = ?').run(next.slug, next.name, id);
  return next;
}

/** Only an empty category can go: products and bundle price options are moved (or cleared) first, on purpose. */
export function deleteCategory(db: Db, storeId: number, id: number): boolean {
  return db.transaction(() => {
    if (!sql(db, 'SELECT 1 FROM categories WHERE store_id = ? AND id = ?').get(storeId, id)) return false;
    const used = sql(db, `SELECT (SELECT count(*) FROM products WHERE category_id = ?) + (SELECT count(*) FROM bundle_price_options WHERE category_id = ?) AS n`)
      .get(id, id) as { n: number };
    if (used.n) throw new HttpError(400, 'invalid_state', `${used.n} products or bundle price options are in this category: move them first`);
    sql(db, 'DELETE FROM categories WHERE id = ?').run(id);
    return true;
  }).immediate();
}

type OptionRow = {
  id: number; bundle_id: number; slug: string; name: string; description_html: string; image_url: string | null; price: number;
  compare_at_price: number | null; category_slug: string | null; listed: number; position: number;
};

function bundleOf(db: Db, b: { id: number; name: string }): MerchantBundle {
  const options = sql(db, `SELECT o.*, c.slug AS category_slug FROM bundle_price_options o LEFT JOIN categories c ON c.id = o.category_id
    WHERE o.bundle_id = ? ORDER BY o.id`).all(b.id) as OptionRow[];
  return {
    id: b.id, name: b.name,
    price_options: options.map((o) => ({
      id: o.id, bundle_id: o.bundle_id, slug: o.slug, name: o.name, description_html: o.description_html, image_url: o.image_url,
      price: String(o.price), compare_at_price: o.compare_at_price === null ? null : String(o.compare_at_price), category: o.category_slug,
      listed: o.listed === 1, position: o.position,
      components: sql(db, 'SELECT variant_id, quantity FROM bundle_components WHERE bundle_price_option_id = ? ORDER BY variant_id').all(o.id) as { variant_id: number; quantity: number }[],
    })),
  };
}

export const listBundles = (db: Db, storeId: number) =>
  (sql(db, 'SELECT id, name FROM bundles WHERE store_id = ? ORDER BY id').all(storeId) as { id: number; name: string }[]).map((b) => bundleOf(db, b));

export function getBundle(db: Db, storeId: number, id: number): MerchantBundle | undefined {
  const row = sql(db, 'SELECT id, name FROM bundles WHERE store_id = ? AND id = ?').get(storeId, id) as { id: number; name: string } | undefined;
  return row && bundleOf(db, row);
}

/** Components must be variants of this store's products; field names follow the request (`components.0.variant_id`). */
function setComponents(db: Db, storeId: number, optionId: number, components: { variant_id: number; quantity: number }[], prefix: string): void {
  sql(db, 'DELETE FROM bundle_components WHERE bundle_price_option_id = ?').run(optionId);
  const seen = new Set<number>();
  components.forEach((c, i) => {
    const known = sql(db, 'SELECT 1 FROM variants v JOIN products p ON p.id = v.product_id WHERE p.store_id = ? AND v.id = ?').get(storeId, c.variant_id);
    if (!known) throw fieldError(`${prefix}components.${i}.variant_id`, `No variant ${c.variant_id} in this store`);
    if (seen.has(c.variant_id)) throw fieldError(`${prefix}components.${i}.variant_id`, 'Each variant appears once: raise its quantity instead');
    seen.add(c.variant_id);
    sql(db, 'INSERT INTO bundle_components (bundle_price_option_id, variant_id, quantity) VALUES (?, ?, ?)').run(optionId, c.variant_id, c.quantity);
  });
}

const optionSlugTaken = (db: Db, storeId: number, slug: string, exceptId: number | null) =>
  sql(db, 'SELECT 1 FROM bundle_price_options WHERE store_id = ? AND slug = ? AND id IS NOT ?').get(storeId, slug, exceptId) !== undefined;

function insertOption(db: Db, storeId: number, bundleId: number, o: PriceOptionCreate, prefix: string): void {
  if (optionSlugTaken(db, storeId, o.slug, null)) throw fieldError(`${prefix}slug`, 'Another bundle price option of this store has this slug');
  const done = sql(db, `INSERT INTO bundle_price_options (bundle_id, store_id, slug, name, description_html, image_url, price, compare_at_price, category_id, listed, position)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(bundleId, storeId, o.slug, o.name, o.description_html ?? '', o.image_url ?? null, o.price,
    o.compare_at_price ?? null, categoryIdOf(db, storeId, o.category, `${prefix}category`), o.listed === false ? 0 : 1, o.position ?? nextPosition(db, storeId));
  setComponents(db, storeId, Number(done.lastInsertRowid), o.components, prefix);
}

export function createBundle(db: Db, storeId: number, input: { name: string; price_options?: PriceOptionCreate[] }): MerchantBundle {
  return db.transaction(() => {
    const bundleId = Number(sql(db, 'INSERT INTO bundles (store_id, name) VALUES (?, ?)').run(storeId, input.name).lastInsertRowid);
    (input.price_options ?? []).forEach((o, i) => insertOption(db, storeId, bundleId, o, `price_options.${i}.`));
    return getBundle(db, storeId, bundleId)!;
  }).immediate();
}

export function renameBundle(db: Db, storeId: number, id: number, name: string): MerchantBundle | undefined {
  return sql(db, 'UPDATE bundles SET name = ? WHERE store_id = ? AND id = ?').run(name, storeId, id).changes ? getBundle(db, storeId, id) : undefined;
}

export function addPriceOption(db: Db, storeId: number, bundleId: number, input: PriceOptionCreate): MerchantBundle | undefined {
  return db.transaction(() => {
    if (!getBundle(db, storeId, bundleId)) return undefined;
    insertOption(db, storeId, bundleId, input, '');
    return getBundle(db, storeId, bundleId);
  }).immediate();
}

export function updatePriceOption(db: Db, storeId: number, optionId: number, input: PriceOptionUpdate): MerchantBundle | undefined {
  return db.transaction(() => {
    const bundleId = sql(db, 'SELECT bundle_id FROM bundle_price_options WHERE store_id = ? AND id = ?').get(storeId, optionId) as { bundle_id: number } | undefined;
    if (!bundleId) return undefined;
    if (input.slug && optionSlugTaken(db, storeId, input.slug, optionId)) throw fieldError('slug', 'Another bundle price option of this store has this slug');
    const columns: Record<string, unknown> = Object.fromEntries(Object.entries({
      slug: input.slug, name: input.name, description_html: input.description_html, image_url: input.image_url, price: input.price,
      compare_at_price: input.compare_at_price, listed: input.listed === undefined ? undefined : input.listed ? 1 : 0, position: input.position,
      category_id: input.category === undefined ? undefined : categoryIdOf(db, storeId, input.category),
    }).filter(([, v]) => v !== undefined));
    const names = Object.keys(columns);
    if (names.length) sql(db, `UPDATE bundle_price_options SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`).run(...names.map((n) => columns[n]), optionId);
    if (input.components) setComponents(db, storeId, optionId, input.components, '');
    return getBundle(db, storeId, bundleId.bundle_id);
  }).immediate();
}
