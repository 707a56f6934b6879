import * as z from 'zod/mini';
import { ItemsInput } from './cart.ts';
import { Customer, Destination, ShippingChoice } from './checkout.ts';

const paymentMethod = z.string().check(z.trim(), z.minLength(1), z.maxLength(40));

/** HTML Mode page routes take the chosen shipping option as one object; body page/store ids are ignored. */
export const PageShippingOptionsBody = z.object({
  items: ItemsInput,
  destination: Destination,
  payment_method: z.optional(paymentMethod),
});
export type PageShippingOptionsBody = z.output<typeof PageShippingOptionsBody>;

export const PageSummaryBody = z.object({
  items: ItemsInput,
  destination: z.optional(Destination),
  /** Optional for pricing (no payment fee then): docs/contract-gaps.md. */
  payment_method: z.optional(paymentMethod),
  sub_payment_method: z.optional(paymentMethod),
  shipping_option: z.optional(ShippingChoice),
  discount_code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  /** Price what is known before destination and courier (docs/contract-gaps.md). */
  partial: z.optional(z.boolean()),
});
export type PageSummaryBody = z.output<typeof PageSummaryBody>;

export const PageOrderBody = z.object({
  customer: Customer,
  destination: z.optional(Destination),
  items: ItemsInput,
  shipping_option: z.optional(ShippingChoice),
  payment_method: paymentMethod,
  sub_payment_method: z.optional(paymentMethod),
  discount_code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  notes: z.optional(z.string().check(z.maxLength(500))),
});
export type PageOrderBody = z.output<typeof PageOrderBody>;

export const AnalyticsEventName = z.enum(['PageView', 'ViewContent', 'AddToCart', 'InitiateCheckout', 'AddPaymentInfo', 'Purchase']);
export type AnalyticsEventName = z.infer<typeof AnalyticsEventName>;

/**
 * A conversion event forwarded to an ad platform. `kind` picks the provider flavour of the route
 * (meta | facebook, tiktok, snackvideo | kwai). User data is normalised and SHA-256 hashed in the browser,
 * click ids travel unhashed.
 */
export const AnalyticsEvent = z.object({
  kind: z.optional(z.string().check(z.maxLength(20))),
  event_name: AnalyticsEventName,
  event_id: z.string().check(z.minLength(8), z.maxLength(100)),
  event_time: z.int().check(z.positive()),
  event_source_url: z.optional(z.string().check(z.maxLength(2048))),
  user_agent: z.optional(z.string().check(z.maxLength(1024))),
  user_data: z.optional(
    z.object({
      em: z.optional(z.string().check(z.regex(/^[a-f0-9]{64}$/, 'em must be a SHA-256 hex digest'))),
      ph: z.optional(z.string().check(z.regex(/^[a-f0-9]{64}$/, 'ph must be a SHA-256 hex digest'))),
      fbp: z.optional(z.string().check(z.maxLength(256))),
      fbc: z.optional(z.string().check(z.maxLength(512))),
      ttclid: z.optional(z.string().check(z.maxLength(512))),
      ttp: z.optional(z.string().check(z.maxLength(256))),
      click_id: z.optional(z.string().check(z.maxLength(512))),
    }),
  ),
  custom_data: z.optional(
    z.object({
      value: z.optional(z.number().check(z.nonnegative())),
      currency: z.optional(z.literal('IDR')),
      content_ids: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(100))),
      order_id: z.optional(z.string().check(z.maxLength(100))),
    }),
  ),
});
export type AnalyticsEvent = z.output<typeof AnalyticsEvent>;
