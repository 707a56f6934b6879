import * as z from 'zod/mini';
import { ItemType, Money, Timestamp } from './common.ts';
import { pageQuery, paginated } from './pagination.ts';

/**
 * The merchant's catalog through the business API (catalog:read / catalog:write): categories, products with
 * variants, bundles with price options, images by URL, stock. Hidden (`listed: false`) entries are included here,
 * never in the storefront. Products and variants are hidden rather than deleted: orders and carts refer to them.
 */

export const Slug = z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A slug is lower-case letters and digits joined by single hyphens'), z.maxLength(100));
const Name = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
const Html = z.string().check(z.maxLength(20_000));
/** Whole rupiah: a non-negative integer, or its decimal string (as Money is sent). */
export const MoneyInput = z.pipe(
  z.union([z.int(), z.string().check(z.regex(/^\d+$/, 'Expected whole rupiah'))]),
  z.transform((v) => Number(v)),
).check(z.refine((n) => Number.isSafeInteger(n) && n >= 0 && n <= 1_000_000_000_000, 'Expected whole rupiah from 0'));
const Count = z.int().check(z.gte(0), z.lte(1_000_000_000));
/** An image by URL: absolute http(s), or a path on the storefront's own site (`/img/x.png`). */
export const ImageUrl = z.string().check(z.maxLength(2000), z.refine((value) => {
  if (/^\/(?!\/)/.test(value)) return !/[\s"'<>\\]/.test(value);
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'Expected an http(s) URL or a path starting with /'));

export const MerchantCategory = z.object({ id: z.int(), slug: z.string(), name: z.string() });
export const MerchantCategoryList = z.array(MerchantCategory);
export const CategoryCreate = z.strictObject({ slug: Slug, name: Name });
export const CategoryUpdate = z.strictObject({ slug: z.optional(Slug), name: z.optional(Name) })
  .check(z.refine((b) => Object.keys(b).length > 0, 'Send at least one field to update'));

export const MerchantVariant = z.object({
  id: z.int(),
  product_id: z.int(),
  name: z.string(),
  sku: z.nullable(z.string()),
  options: z.record(z.string(), z.string()),
  price: Money,
  compare_at_price: z.nullable(Money),
  weight_grams: z.int(),
  stock: z.int(),
  image_url: z.nullable(z.string()),
});
export type MerchantVariant = z.infer<typeof MerchantVariant>;

const variantFields = {
  name: Name,
  sku: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)))),
  options: z.optional(z.record(z.string().check(z.maxLength(50)), z.string().check(z.maxLength(100)))),
  price: MoneyInput,
  compare_at_price: z.optional(z.nullable(MoneyInput)),
  weight_grams: z.optional(Count),
  stock: z.optional(Count),
  image_url: z.optional(z.nullable(ImageUrl)),
};
export const VariantCreate = z.strictObject(variantFields);
export type VariantCreate = z.output<typeof VariantCreate>;
export const VariantUpdate = z.strictObject({
  name: z.optional(Name), sku: variantFields.sku, options: variantFields.options, price: z.optional(MoneyInput),
  compare_at_price: variantFields.compare_at_price, weight_grams: variantFields.weight_grams, stock: variantFields.stock,
  image_url: variantFields.image_url,
}).check(z.refine((b) => Object.keys(b).length > 0, 'Send at least one field to update'));
export type VariantUpdate = z.output<typeof VariantUpdate>;

/** A relative change of stock (received goods, a count correction); the result may not go below zero. */
export const StockAdjustment = z.strictObject({
  delta: z.int().check(z.refine((n) => n !== 0 && Math.abs(n) <= 1_000_000_000, 'Expected a non-zero whole number')),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});
export type StockAdjustment = z.output<typeof StockAdjustment>;

/** One adjustment as recorded: the change, the stock it left and why (the merchant's stock history). */
export const StockAdjustmentRecord = z.object({
  id: z.int(),
  delta: z.int(),
  stock_after: z.int(),
  reason: z.nullable(z.string()),
  created_at: Timestamp,
});
export type StockAdjustmentRecord = z.infer<typeof StockAdjustmentRecord>;
/** A variant's adjustments, oldest first. */
export const StockAdjustmentPage = paginated(StockAdjustmentRecord);

export const MerchantProduct = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  item_type: ItemType,
  description_html: z.string(),
  images: z.array(z.string()),
  /** Category slug. */
  category: z.nullable(z.string()),
  listed: z.boolean(),
  position: z.int(),
  variants: z.array(MerchantVariant),
});
export type MerchantProduct = z.infer<typeof MerchantProduct>;
export const MerchantProductPage = paginated(MerchantProduct);

const productFields = {
  slug: Slug,
  name: Name,
  item_type: z.optional(ItemType),
  description_html: z.optional(Html),
  images: z.optional(z.array(ImageUrl).check(z.maxLength(20))),
  category: z.optional(z.nullable(Slug)),
  listed: z.optional(z.boolean()),
  position: z.optional(Count),
};
export const ProductCreate = z.strictObject({ ...productFields, variants: z.array(VariantCreate).check(z.minLength(1), z.maxLength(100)) });
export type ProductCreate = z.output<typeof ProductCreate>;
export const ProductUpdate = z.strictObject({
  slug: z.optional(Slug), name: z.optional(Name), item_type: productFields.item_type, description_html: productFields.description_html,
  images: productFields.images, category: productFields.category, listed: productFields.listed, position: productFields.position,
}).check(z.refine((b) => Object.keys(b).length > 0, 'Send at least one field to update'));
export type ProductUpdate = z.output<typeof ProductUpdate>;

export const ProductSearchField = z.enum(['name', 'slug', 'sku']);
/** Products by id. `search` looks in one column picked by `search_field` (default `name`), as the order list does. */
export const MerchantProductsQuery = pageQuery({
  search: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  search_field: z.optional(ProductSearchField),
  category: z.optional(Slug),
  listed: z.optional(z.enum(['true', 'false'])),
});

export const BundleComponentInput = z.strictObject({ variant_id: z.int().check(z.positive()), quantity: z.int().check(z.gte(1), z.lte(1000)) });
const optionFields = {
  slug: Slug,
  name: Name,
  description_html: z.optional(Html),
  image_url: z.optional(z.nullable(ImageUrl)),
  price: MoneyInput,
  compare_at_price: z.optional(z.nullable(MoneyInput)),
  category: z.optional(z.nullable(Slug)),
  listed: z.optional(z.boolean()),
  position: z.optional(Count),
  components: z.array(BundleComponentInput).check(z.minLength(1), z.maxLength(50)),
};
export const PriceOptionCreate = z.strictObject(optionFields);
export type PriceOptionCreate = z.output<typeof PriceOptionCreate>;
export const PriceOptionUpdate = z.strictObject({
  slug: z.optional(Slug), name: z.optional(Name), description_html: optionFields.description_html, image_url: optionFields.image_url,
  price: z.optional(MoneyInput), compare_at_price: optionFields.compare_at_price, category: optionFields.category,
  listed: optionFields.listed, position: optionFields.position, components: z.optional(optionFields.components),
}).check(z.refine((b) => Object.keys(b).length > 0, 'Send at least one field to update'));
export type PriceOptionUpdate = z.output<typeof PriceOptionUpdate>;

export const MerchantPriceOption = z.object({
  id: z.int(),
  bundle_id: z.int(),
  slug: z.string(),
  name: z.string(),
  description_html: z.string(),
  image_url: z.nullable(z.string()),
  price: Money,
  compare_at_price: z.nullable(Money),
  category: z.nullable(z.string()),
  listed: z.boolean(),
  position: z.int(),
  components: z.array(z.object({ variant_id: z.int(), quantity: z.int() })),
});
export const MerchantBundle = z.object({ id: z.int(), name: z.string(), price_options: z.array(MerchantPriceOption) });
export type MerchantBundle = z.infer<typeof MerchantBundle>;
export const MerchantBundleList = z.array(MerchantBundle);
export const BundleCreate = z.strictObject({ name: Name, price_options: z.optional(z.array(PriceOptionCreate).check(z.maxLength(20))) });
export const BundleUpdate = z.strictObject({ name: Name });
