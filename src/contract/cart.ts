import * as z from 'zod/mini';
import { IdInput, ItemType, Money } from './common.ts';
import { MAX_LINE_QUANTITY } from './constants.ts';

export { MAX_LINE_QUANTITY };

const quantity = z.int().check(z.minimum(1), z.maximum(MAX_LINE_QUANTITY));

/** The typed item union of carts, shipping options, summary and checkout. */
export const CartItemInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('variant'), variant_id: IdInput, quantity }),
  z.object({ type: z.literal('bundle_price_option'), bundle_price_option_id: IdInput, quantity }),
]);
export type CartItemInput = z.output<typeof CartItemInput>;
export const ItemsInput = z.array(CartItemInput).check(z.minLength(1), z.maxLength(100));

export const CartItemUpdate = z.object({ quantity });
export type CartItemUpdate = z.infer<typeof CartItemUpdate>;

export const CartLine = z.object({
  id: z.int(),
  type: z.enum(['variant', 'bundle_price_option']),
  variant_id: z.nullable(z.int()),
  bundle_price_option_id: z.nullable(z.int()),
  quantity: z.int(),
  name: z.string(),
  variant_name: z.nullable(z.string()),
  slug: z.string(),
  image_url: z.nullable(z.string()),
  item_type: ItemType,
  unit_price: Money,
  /**
   * The former unit price a sale is measured against (the variant's or bundle price option's `compare_at_price`);
   * null or absent without one (docs/contract-gaps.md).
   */
  compare_at_price: z.optional(z.nullable(Money)),
  line_total: Money,
  available_quantity: z.int(),
});
export type CartLine = z.infer<typeof CartLine>;

export const Cart = z.object({
  items: z.array(CartLine),
  item_count: z.int(),
  subtotal: Money,
  currency: z.literal('IDR'),
  requires_shipping: z.boolean(),
  total_weight_grams: z.int(),
});
export type Cart = z.infer<typeof Cart>;
