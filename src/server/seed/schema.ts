import * as z from 'zod/mini';
import { ItemType, PaymentMethodType } from '../../contract/index.ts';

const id = z.int().check(z.positive());
const amount = z.int().check(z.nonnegative());
const origin = z.string().check(z.regex(/^https?:\/\/[^/\s]+$/, 'An origin is scheme://host[:port] without a path'));

const Variant = z.object({
  id,
  name: z.string(),
  sku: z.optional(z.nullable(z.string())),
  options: z.optional(z.record(z.string(), z.string())),
  price: amount,
  compare_at_price: z.optional(z.nullable(amount)),
  weight_grams: z.optional(amount),
  stock: amount,
  image_url: z.optional(z.nullable(z.string())),
});

const Product = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  item_type: ItemType,
  description_html: z.optional(z.string()),
  images: z.optional(z.array(z.string())),
  category: z.optional(z.nullable(z.string())),
  listed: z.optional(z.boolean()),
  variants: z.array(Variant).check(z.minLength(1)),
});

const BundlePriceOption = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  description_html: z.optional(z.string()),
  image_url: z.optional(z.nullable(z.string())),
  price: amount,
  compare_at_price: z.optional(z.nullable(amount)),
  category: z.optional(z.nullable(z.string())),
  listed: z.optional(z.boolean()),
  components: z.array(z.object({ variant_id: id, quantity: id })).check(z.minLength(1)),
});

const CourierService = z.object({
  code: z.string(),
  name: z.string(),
  /** Cost by zone: same city, same province, same island group, elsewhere. */
  base: z.tuple([amount, amount, amount, amount]),
  per_kg: z.tuple([amount, amount, amount, amount]),
  etd: z.tuple([z.tuple([id, id]), z.tuple([id, id]), z.tuple([id, id]), z.tuple([id, id])]),
});

const Store = z.object({
  id,
  unique_id: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]*$/, 'unique_id is lowercase letters, digits and dashes')),
  business_id: id,
  name: z.string(),
  logo: z.optional(z.nullable(z.string())),
  custom_domain: z.string(),
  storefront_keys: z.array(z.string()),
  allowed_origins: z.array(origin),
  requires_otp: z.optional(z.boolean()),
  other_income: z.optional(z.nullable(z.object({ name: z.string(), amount }))),
  payment_accounts: z.optional(z.array(z.object({ bank_name: z.string(), account_number: z.string(), account_name: z.string() }))),
  payment_methods: z.array(
    z.object({
      code: z.string(),
      type: z.union([PaymentMethodType, z.literal('no_payment')]),
      name: z.string(),
      enabled: z.optional(z.boolean()),
      channels: z.optional(z.array(z.object({ code: z.string(), name: z.string() }))),
    }),
  ),
  warehouses: z.array(z.object({ id, name: z.string(), location_id: id })),
  couriers: z.array(z.object({ code: z.string(), name: z.string(), supports_cod: z.optional(z.boolean()), services: z.array(CourierService) })),
  categories: z.optional(z.array(z.object({ id, slug: z.string(), name: z.string() }))),
  products: z.optional(z.array(Product)),
  bundles: z.optional(z.array(z.object({ id, name: z.string(), price_options: z.array(BundlePriceOption) }))),
  discount_codes: z.optional(
    z.array(
      z.object({
        code: z.string(),
        discount_type: z.enum(['percentage', 'fixed']),
        value: amount,
        min_purchase: z.optional(amount),
        active: z.optional(z.boolean()),
        expires_at: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
});

/**
 * A seed file: businesses and their stores with catalog, payment and shipping set-up. Sections of later
 * features (customers, pages, business users) are optional so that a merchant's file can stay small.
 */
export const Seed = z.looseObject({
  businesses: z.array(
    z.object({
      id,
      name: z.string(),
      plan: z.enum(['free', 'lite', 'basic', 'pro', 'ultimate']),
      status: z.optional(z.enum(['active', 'inactive'])),
      paid: z.optional(z.boolean()),
      domains: z.optional(z.array(origin)),
    }),
  ),
  stores: z.array(Store),
});
export type Seed = z.infer<typeof Seed>;
export type SeedStore = z.infer<typeof Store>;
