import * as z from 'zod/mini';
import { PHONE_PATTERN } from './patterns.ts';
import { Money, Timestamp } from './common.ts';

export const OrderStatus = z.enum(['pending', 'processing', 'shipped', 'completed', 'cancelled']);
export const PaymentStatus = z.enum(['unpaid', 'paid', 'expired', 'refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const VirtualAccountInfo = z.object({
  type: z.literal('virtual_account'),
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  amount: Money,
  expires_at: Timestamp,
});
export const QrisInfo = z.object({
  type: z.literal('qris'),
  qr_string: z.string(),
  amount: Money,
  expires_at: Timestamp,
});
export const RedirectInfo = z.object({
  type: z.literal('redirect'),
  actions: z.array(z.object({ name: z.string(), method: z.literal('GET'), url: z.string() })),
  expires_at: Timestamp,
});
/** Manual methods (`bank_transfer`, `cod`) carry an empty object. */
export const PgPaymentInfo = z.union([VirtualAccountInfo, QrisInfo, RedirectInfo, z.strictObject({})]);
export type PgPaymentInfo = z.infer<typeof PgPaymentInfo>;

export const OrderLine = z.object({
  type: z.enum(['variant', 'bundle_price_option']),
  variant_id: z.nullable(z.int()),
  bundle_price_option_id: z.nullable(z.int()),
  name: z.string(),
  quantity: z.int(),
  unit_price: Money,
  line_total: Money,
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderVariant = z.object({
  id: z.int(),
  name: z.string(),
  product_name: z.string(),
  product_slug: z.string(),
  item_type: z.enum(['physical', 'digital']),
  image_url: z.nullable(z.string()),
});
export const OrderBundlePriceOption = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  image_url: z.nullable(z.string()),
});

/** The courier service an order ships with, and its tracking number once the business has shipped it. */
export const OrderShipment = z.object({
  courier: z.string(),
  courier_name: z.string(),
  courier_service: z.string(),
  service_name: z.string(),
  etd_days_min: z.int(),
  etd_days_max: z.int(),
  tracking_number: z.nullable(z.string()),
});
/** The shipment of a public order, with the recipient and address printed beside it. */
export const ShippingDisplay = z.object({
  ...OrderShipment.shape,
  recipient_name: z.string(),
  phone: z.string(),
  address: z.string(),
  location_label: z.string(),
  postal_code: z.nullable(z.string()),
});
export type OrderShipment = z.infer<typeof OrderShipment>;

export const PaymentAccount = z.object({ bank_name: z.string(), account_number: z.string(), account_name: z.string() });
export type PaymentAccount = z.infer<typeof PaymentAccount>;
/** The store an order was placed in, as its buyer sees it (name, logo, accounts for a manual transfer). */
export const OrderStore = z.object({
  unique_id: z.string(),
  name: z.string(),
  logo: z.nullable(z.string()),
  payment_accounts: z.array(PaymentAccount),
});

/**
 * What every order shown to its buyer carries (the public order and the signed-in customer's order): its number and
 * links, status, payment, totals, the buyer and the lines.
 */
export const BuyerOrderFields = z.object({
  secret_slug: z.string(),
  /** The short number the buyer quotes to the merchant ("261122-7K3M9Q"); not in the contract, see contract-gaps.md. */
  order_number: z.string(),
  public_order_url: z.string(),
  payment_url: z.nullable(z.string()),
  status: OrderStatus,
  payment_status: PaymentStatus,
  payment_method: z.string(),
  sub_payment_method: z.nullable(z.string()),
  pg_payment_info: PgPaymentInfo,
  payment_expires_at: z.nullable(Timestamp),
  created_at: Timestamp,
  paid_at: z.nullable(Timestamp),
  customer: z.object({ name: z.string(), phone: z.string(), email: z.nullable(z.string()) }),
  notes: z.nullable(z.string()),
  product_price: Money,
  shipping_cost: Money,
  /** Cash-on-delivery orders: the COD fee included in `shipping_cost` (docs/contract-gaps.md). */
  cod_fee: z.optional(Money),
  other_income: Money,
  other_income_name: z.nullable(z.string()),
  discount_amount: Money,
  discount_code: z.nullable(z.string()),
  gross_revenue: Money,
  items: z.array(OrderLine),
});
export type BuyerOrderFields = z.infer<typeof BuyerOrderFields>;

/**
 * The slim buyer-facing order of public checkout, page orders, public order read/update and payment creation.
 * Deliberately without internal ids, revenue/fee fields, status history and affiliate data.
 */
export const PublicOrder = z.strictObject({
  ...BuyerOrderFields.shape,
  shipping: z.nullable(ShippingDisplay),
  variants: z.record(z.string(), OrderVariant),
  bundle_price_options: z.record(z.string(), OrderBundlePriceOption),
  store: OrderStore,
});
export type PublicOrder = z.infer<typeof PublicOrder>;

/** Buyer-editable fields of a public order (while it is unpaid and not cancelled). */
export const PublicOrderUpdate = z
  .strictObject({
    customer: z.optional(
      z.strictObject({
        name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))),
        phone: z.optional(z.string().check(z.trim(), z.regex(PHONE_PATTERN, 'Enter a valid phone number'))),
        email: z.optional(z.email('Enter a valid e-mail address')),
      }),
    ),
    address: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
    notes: z.optional(z.string().check(z.maxLength(500))),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, 'Send at least one field to update'));
export type PublicOrderUpdate = z.output<typeof PublicOrderUpdate>;
