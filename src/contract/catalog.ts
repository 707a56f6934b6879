import * as z from 'zod/mini';
import { IdInput, ItemType, Money } from './common.ts';
import { pageQuery, paginated } from './pagination.ts';

export const EntityType = z.enum(['product', 'bundle_price_option']);
export type EntityType = z.infer<typeof EntityType>;

export const CategoryRef = z.object({ id: z.int(), slug: z.string(), name: z.string() });

/** A card of the catalog feed: a product or a bundle price option. */
export const ItemCard = z.object({
  entity_type: EntityType,
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  item_type: ItemType,
  image_url: z.nullable(z.string()),
  price_min: Money,
  price_max: Money,
  compare_at_price: z.nullable(Money),
  in_stock: z.boolean(),
  category: z.nullable(CategoryRef),
});
export type ItemCard = z.infer<typeof ItemCard>;
export const ItemCardPage = paginated(ItemCard);
export type ItemCardPage = z.infer<typeof ItemCardPage>;

/** Feed query: regular cursor paging plus an optional category filter (slug). */
export const ItemsQuery = pageQuery({ category: z.optional(z.string().check(z.maxLength(100))) });
export type ItemsQuery = z.infer<typeof ItemsQuery>;
export const ItemsCountQuery = z.object({ category: z.optional(z.string().check(z.maxLength(100))) });
export const ItemCount = z.object({ total: z.int() });

export const Variant = z.object({
  id: z.int(),
  name: z.string(),
  sku: z.nullable(z.string()),
  options: z.record(z.string(), z.string()),
  price: Money,
  compare_at_price: z.nullable(Money),
  weight_grams: z.int(),
  in_stock: z.boolean(),
  image_url: z.nullable(z.string()),
});
export type Variant = z.infer<typeof Variant>;

export const ProductDetail = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  item_type: ItemType,
  description_html: z.string(),
  image_url: z.nullable(z.string()),
  images: z.array(z.string()),
  category: z.nullable(CategoryRef),
  listed: z.boolean(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(Variant),
  price_min: Money,
  price_max: Money,
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const BundleComponent = z.object({
  variant_id: z.int(),
  product_name: z.string(),
  variant_name: z.string(),
  quantity: z.int(),
});

export const BundlePriceOptionDetail = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  item_type: ItemType,
  description_html: z.string(),
  image_url: z.nullable(z.string()),
  bundle: z.object({ id: z.int(), name: z.string() }),
  price: Money,
  compare_at_price: z.nullable(Money),
  components: z.array(BundleComponent),
  in_stock: z.boolean(),
  available_quantity: z.int(),
  listed: z.boolean(),
});
export type BundlePriceOptionDetail = z.infer<typeof BundlePriceOptionDetail>;

export const Category = z.object({ id: z.int(), slug: z.string(), name: z.string(), item_count: z.int() });
export type Category = z.infer<typeof Category>;
export const CategoryList = z.array(Category);

export const PaymentMethodType = z.enum(['bank_transfer', 'cod', 'virtual_account', 'qris', 'ewallet', 'card', 'invoice']);
export type PaymentMethodType = z.infer<typeof PaymentMethodType>;
export const PaymentChannel = z.object({ code: z.string(), name: z.string() });
/** An enabled public checkout payment method; `channels` are its sub-methods (VA banks, e-wallets). */
export const PaymentMethod = z.object({
  code: z.string(),
  type: PaymentMethodType,
  name: z.string(),
  channels: z.array(PaymentChannel),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodList = z.array(PaymentMethod);

/** `variant_ids` is a comma-separated list (repeating the parameter works too), at most 100 ids. */
export const VariantPricingQuery = z.object({ variant_ids: z.array(IdInput).check(z.minLength(1), z.maxLength(100)) });
export const VariantPricing = z.object({
  variant_id: z.int(),
  product_id: z.int(),
  price: Money,
  compare_at_price: z.nullable(Money),
  currency: z.literal('IDR'),
});
export type VariantPricing = z.infer<typeof VariantPricing>;
export const VariantPricingList = z.array(VariantPricing);

export const VariantAvailability = z.object({
  variant_id: z.int(),
  in_stock: z.boolean(),
  available_quantity: z.int(),
});
export type VariantAvailability = z.infer<typeof VariantAvailability>;
