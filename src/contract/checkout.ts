import * as z from 'zod/mini';
import { IdInput, ItemType, Money } from './common.ts';
import { ItemsInput } from './cart.ts';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** Where a physical order goes: a subdistrict location id, its postal code and the street address. */
export const Destination = z.object({
  location_id: IdInput,
  postal_code: z.optional(z.string().check(z.regex(/^\d{5}$/, 'Postal code must be 5 digits'))),
  address: z.optional(text(500)),
});
export type Destination = z.output<typeof Destination>;

export const Customer = z.object({
  name: text(120),
  phone: z.string().check(z.trim(), z.regex(/^\+?[0-9][0-9 -]{6,18}$/, 'Enter a valid phone number')),
  email: z.optional(z.email('Enter a valid e-mail address').check(z.maxLength(254))),
});
export type Customer = z.output<typeof Customer>;

/** A courier service from one warehouse, as the shipping-options route lists it. */
export const ShippingOption = z.object({
  courier: z.string(),
  courier_name: z.string(),
  courier_service: z.string(),
  service_name: z.string(),
  warehouse_id: z.int(),
  cost: Money,
  etd_days_min: z.int(),
  etd_days_max: z.int(),
  cod_available: z.boolean(),
  /** Asked with a COD payment method: the cash-on-delivery fee included in `cost` (docs/contract-gaps.md). */
  cod_fee: z.optional(Money),
});
export type ShippingOption = z.infer<typeof ShippingOption>;
export const ShippingOptionList = z.array(ShippingOption);

/** The chosen shipping option: the page routes take it as one `shipping_option` object. */
export const ShippingChoice = z.object({
  courier: text(40),
  courier_service: text(40),
  warehouse_id: IdInput,
});
export type ShippingChoice = z.output<typeof ShippingChoice>;

const paymentMethod = text(40);
const subPaymentMethod = z.optional(text(40));
const discountCode = z.optional(text(40));

/** Storefront shipping options. `items` omitted → the guest cart of the token. */
export const ShippingOptionsBody = z.object({
  items: z.optional(ItemsInput),
  destination: Destination,
  payment_method: z.optional(paymentMethod),
});
export type ShippingOptionsBody = z.output<typeof ShippingOptionsBody>;

/** Fields shared by storefront summary and checkout; a client `shipping_cost` is accepted and ignored. */
const storefrontPricingShape = {
  items: z.optional(ItemsInput),
  destination: z.optional(Destination),
  courier: z.optional(text(40)),
  courier_service: z.optional(text(40)),
  warehouse_id: z.optional(IdInput),
  payment_method: paymentMethod,
  sub_payment_method: subPaymentMethod,
  discount_code: discountCode,
  shipping_cost: z.optional(z.unknown()),
};
/** A summary prices without a payment method too (no payment fee then): docs/contract-gaps.md. */
export const SummaryBody = z.object({ ...storefrontPricingShape, payment_method: z.optional(paymentMethod), partial: z.optional(z.boolean()) });
export type SummaryBody = z.output<typeof SummaryBody>;

export const CheckoutBody = z.object({
  ...storefrontPricingShape,
  customer: Customer,
  notes: z.optional(z.string().check(z.maxLength(500))),
  clear_cart: z.optional(z.boolean()),
});
export type CheckoutBody = z.output<typeof CheckoutBody>;

/** A priced line of the summary, so that buy-now and page checkouts can list their items (docs/contract-gaps.md). */
export const SummaryLine = z.object({
  type: z.enum(['variant', 'bundle_price_option']),
  variant_id: z.nullable(z.int()),
  bundle_price_option_id: z.nullable(z.int()),
  name: z.string(),
  variant_name: z.nullable(z.string()),
  image_url: z.nullable(z.string()),
  /** `digital` when the line delivers something digital (an order holding one needs the buyer's e-mail): docs/contract-gaps.md. */
  item_type: z.optional(ItemType),
  quantity: z.int(),
  unit_price: Money,
  line_total: Money,
});
export type SummaryLine = z.infer<typeof SummaryLine>;

export const Summary = z.object({
  items: z.optional(z.array(SummaryLine)),
  /** `partial` asked and the items ship, but destination or courier is missing: shipping is not in the total yet. */
  shipping_pending: z.optional(z.boolean()),
  product_price: Money,
  shipping_cost: Money,
  /**
   * Cash on delivery chosen: its fee, part of `shipping_cost` once shipping is priced (with `shipping_pending`, the
   * fee that shipping will include). Absent for other payment methods (docs/contract-gaps.md).
   */
  cod_fee: z.optional(Money),
  other_income: Money,
  other_income_name: z.nullable(z.string()),
  discount_amount: Money,
  gross_revenue: Money,
});
export type Summary = z.infer<typeof Summary>;

export const DiscountCheckBody = z.object({
  code: text(40),
  items: z.optional(ItemsInput),
  destination: z.optional(Destination),
  payment_method: z.optional(paymentMethod),
});
export type DiscountCheckBody = z.output<typeof DiscountCheckBody>;

/** Typed answer of the discount check: unknown codes are `eligible: false`, never a 404. */
export const DiscountCheckResult = z.discriminatedUnion('eligible', [
  z.object({
    eligible: z.literal(true),
    code: z.string(),
    discount_type: z.enum(['percentage', 'fixed']),
    value: z.string(),
    discount_amount: Money,
    message: z.string(),
  }),
  z.object({
    eligible: z.literal(false),
    code: z.string(),
    reason: z.enum(['not_found', 'expired', 'inactive', 'min_purchase_not_met', 'usage_limit_reached']),
    message: z.string(),
  }),
]);
export type DiscountCheckResult = z.infer<typeof DiscountCheckResult>;
