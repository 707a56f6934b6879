import type { Db } from '../db/database.ts';
import { sql, sqlValue } from '../db/statements.ts';
import { keysetPage } from '../db/paging.ts';
import { isHostedPayment } from './payments.ts';
import type {
  BundlePriceOptionDetail, Category, ItemCard, ItemCardPage, PaymentMethod, ProductDetail, VariantAvailability, VariantPricing,
} from '../../contract/index.ts';

const money = (n: number | null) => (n === null ? null : String(n));
const firstImage = (images: string) => (JSON.parse(images) as string[])[0] ?? null;

/**
 * Listed catalog entries of a store, products and bundle price options together, in one stable order
 * (merchant position, then kind, then id). Hidden (`listed = 0`) entries never appear here.
 */
const FEED = `
  SELECT 'product' AS entity_type, 0 AS kind, p.id, p.slug, p.name, p.item_type, p.images, p.position,
         p.category_id, min(v.price) AS price_min, max(v.price) AS price_max, min(v.compare_at_price) AS compare_at_price,
         max(v.stock) > 0 AS in_stock
    FROM products p JOIN variants v ON v.product_id = p.id
   WHERE p.store_id = :store AND p.listed = 1 AND (:category IS NULL OR p.category_id = :category)
   GROUP BY p.id
  UNION ALL
  SELECT 'bundle_price_option', 1, o.id, o.slug, o.name,
         CASE WHEN EXISTS (SELECT 1 FROM bundle_components bc JOIN variants v ON v.id = bc.variant_id
                            JOIN products p ON p.id = v.product_id
                           WHERE bc.bundle_price_option_id = o.id AND p.item_type = 'physical') THEN 'physical' ELSE 'digital' END,
         json_array(o.image_url), o.position, o.category_id, o.price, o.price, o.compare_at_price,
         NOT EXISTS (SELECT 1 FROM bundle_components bc JOIN variants v ON v.id = bc.variant_id
                      WHERE bc.bundle_price_option_id = o.id AND v.stock < bc.quantity)
    FROM bundle_price_options o
   WHERE o.store_id = :store AND o.listed = 1 AND (:category IS NULL OR o.category_id = :category)`;

type FeedRow = {
  entity_type: 'product' | 'bundle_price_option'; kind: number; id: number; slug: string; name: string;
  item_type: 'physical' | 'digital'; images: string; position: number; category_id: number | null;
  price_min: number; price_max: number; compare_at_price: number | null; in_stock: number;
};

/** Category filter by slug: null for none; an unknown slug is -1, which matches nothing (an empty page, not an error). */
function categoryId(db: Db, storeId: number, slug: string | undefined): number | null {
  if (!slug) return null;
  const id = sqlValue(db, 'SELECT id FROM categories WHERE store_id = ? AND slug = ?').get(storeId, slug) as number | undefined;
  return id ?? -1;
}

function categoryRefs(db: Db, storeId: number) {
  const rows = sql(db, 'SELECT id, slug, name FROM categories WHERE store_id = ?').all(storeId) as { id: number; slug: string; name: string }[];
  return new Map(rows.map((r) => [r.id, r]));
}

export function listItems(
  db: Db, storeId: number, query: { category?: string; page_size?: number; next_cursor?: string; previous_cursor?: string },
): ItemCardPage {
  const category = categoryId(db, storeId, query.category);
  const page = keysetPage<FeedRow>(db, { sql: FEED, params: [{ store: storeId, category }], keyColumns: ['position', 'kind', 'id'] }, query);
  const categories = categoryRefs(db, storeId);
  return { ...page, results: page.results.map((row): ItemCard => ({
    entity_type: row.entity_type,
    id: row.id,
    slug: row.slug,
    name: row.name,
    item_type: row.item_type,
    image_url: firstImage(row.images),
    price_min: String(row.price_min),
    price_max: String(row.price_max),
    compare_at_price: money(row.compare_at_price),
    in_stock: row.in_stock === 1,
    category: row.category_id === null ? null : (categories.get(row.category_id) ?? null),
  })) };
}

export function countItems(db: Db, storeId: number, categorySlug?: string): number {
  const category = categoryId(db, storeId, categorySlug);
  return sqlValue(db, `SELECT count(*) FROM (${FEED})`).get({ store: storeId, category }) as number;
}

type VariantRow = {
  id: number; product_id: number; name: string; sku: string | null; options: string; price: number;
  compare_at_price: number | null; weight_grams: number; stock: number; image_url: string | null;
};

export function getProduct(db: Db, storeId: number, slug: string): ProductDetail | undefined {
  const p = sql(db, 'SELECT * FROM products WHERE store_id = ? AND slug = ?').get(storeId, slug) as
    | { id: number; slug: string; name: string; item_type: 'physical' | 'digital'; description_html: string; images: string; category_id: number | null; listed: number }
    | undefined;
  if (!p) return undefined;
  const variants = sql(db, 'SELECT * FROM variants WHERE product_id = ? ORDER BY id').all(p.id) as VariantRow[];
  const options = new Map<string, string[]>();
  for (const v of variants) {
    for (const [name, value] of Object.entries(JSON.parse(v.options) as Record<string, string>)) {
      const values = options.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      options.set(name, values);
    }
  }
  const prices = variants.map((v) => v.price);
  const images = JSON.parse(p.images) as string[];
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    item_type: p.item_type,
    description_html: p.description_html,
    image_url: images[0] ?? null,
    images,
    category: p.category_id === null ? null : (categoryRefs(db, storeId).get(p.category_id) ?? null),
    listed: p.listed === 1,
    options: [...options].map(([name, values]) => ({ name, values })),
    variants: variants.map((v) => ({
      id: v.id,
      name: v.name,
      sku: v.sku,
      options: JSON.parse(v.options) as Record<string, string>,
      price: String(v.price),
      compare_at_price: money(v.compare_at_price),
      weight_grams: v.weight_grams,
      in_stock: v.stock > 0,
      image_url: v.image_url,
    })),
    price_min: String(Math.min(...prices)),
    price_max: String(Math.max(...prices)),
  };
}

type ComponentRow = { variant_id: number; quantity: number; stock: number; variant_name: string; product_name: string; item_type: string };

export function bundleComponents(db: Db, optionId: number): ComponentRow[] {
  return sql(db, `SELECT bc.variant_id, bc.quantity, v.stock, v.name AS variant_name, p.name AS product_name, p.item_type
       FROM bundle_components bc JOIN variants v ON v.id = bc.variant_id JOIN products p ON p.id = v.product_id
      WHERE bc.bundle_price_option_id = ? ORDER BY bc.variant_id`,
  ).all(optionId) as ComponentRow[];
}

/** How many of a bundle price option the component stock allows. */
export const bundleAvailable = (components: ComponentRow[]) =>
  components.length ? Math.min(...components.map((c) => Math.floor(c.stock / c.quantity))) : 0;

export function getBundlePriceOption(db: Db, storeId: number, slug: string): BundlePriceOptionDetail | undefined {
  const o = sql(db, `SELECT o.*, b.name AS bundle_name FROM bundle_price_options o JOIN bundles b ON b.id = o.bundle_id
      WHERE o.store_id = ? AND o.slug = ?`,
  ).get(storeId, slug) as
    | { id: number; slug: string; name: string; description_html: string; image_url: string | null; price: number;
        compare_at_price: number | null; bundle_id: number; bundle_name: string; listed: number }
    | undefined;
  if (!o) return undefined;
  const components = bundleComponents(db, o.id);
  const available = bundleAvailable(components);
  return {
    id: o.id,
    slug: o.slug,
    name: o.name,
    item_type: components.some((c) => c.item_type === 'physical') ? 'physical' : 'digital',
    description_html: o.description_html,
    image_url: o.image_url,
    bundle: { id: o.bundle_id, name: o.bundle_name },
    price: String(o.price),
    compare_at_price: money(o.compare_at_price),
    components: components.map(({ variant_id, product_name, variant_name, quantity }) => ({ variant_id, product_name, variant_name, quantity })),
    in_stock: available > 0,
    available_quantity: available,
    listed: o.listed === 1,
  };
}

/** Categories that have at least one listed product or bundle price option, with that count. */
export function listCategories(db: Db, storeId: number): Category[] {
  return sql(db, `SELECT c.id, c.slug, c.name,
            (SELECT count(*) FROM products p WHERE p.category_id = c.id AND p.listed = 1)
          + (SELECT count(*) FROM bundle_price_options o WHERE o.category_id = c.id AND o.listed = 1) AS item_count
       FROM categories c WHERE c.store_id = ? AND item_count > 0 ORDER BY c.name, c.id`,
  ).all(storeId) as Category[];
}

/** Enabled public checkout methods; `no_payment` is never offered to buyers, hosted ones only with `hosted`. */
export function listPaymentMethods(db: Db, storeId: number, { hosted = true } = {}): PaymentMethod[] {
  const rows = sql(db, `SELECT code, type, name, channels FROM payment_methods
      WHERE store_id = ? AND enabled = 1 AND type <> 'no_payment' AND code <> 'no_payment' ORDER BY position`,
  ).all(storeId) as { code: string; type: PaymentMethod['type']; name: string; channels: string }[];
  return rows.filter((r) => hosted || !isHostedPayment(r.type)).map((r) => ({ ...r, channels: JSON.parse(r.channels) as PaymentMethod['channels'] }));
}

/** Variant prices of this store only (hidden products included); ids of other stores are simply absent. */
export function variantPricing(db: Db, storeId: number, ids: number[]): VariantPricing[] {
  const rows = sql(db, `SELECT v.id AS variant_id, v.product_id, v.price, v.compare_at_price FROM variants v JOIN products p ON p.id = v.product_id
      WHERE p.store_id = ? AND v.id IN (SELECT value FROM json_each(?)) ORDER BY v.id`,
  ).all(storeId, JSON.stringify(ids)) as { variant_id: number; product_id: number; price: number; compare_at_price: number | null }[];
  return rows.map((r) => ({ ...r, price: String(r.price), compare_at_price: money(r.compare_at_price), currency: 'IDR' as const }));
}

export function variantAvailability(db: Db, storeId: number, variantId: number): VariantAvailability | undefined {
  const stock = sqlValue(db, 'SELECT v.stock FROM variants v JOIN products p ON p.id = v.product_id WHERE p.store_id = ? AND v.id = ?',
  ).get(storeId, variantId) as number | undefined;
  if (stock === undefined) return undefined;
  return { variant_id: variantId, in_stock: stock > 0, available_quantity: stock };
}
