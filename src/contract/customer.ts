import * as z from 'zod/mini';
import { PHONE_PATTERN } from './patterns.ts';
import { Money, Timestamp } from './common.ts';
import { CheckoutBody } from './checkout.ts';
import { NewPassword } from './auth.ts';
import { BuyerOrderFields, OrderShipment, OrderStatus, OrderStore, PaymentStatus } from './order.ts';
import { pageQuery, paginated } from './pagination.ts';

const phone = z.string().check(z.trim(), z.regex(PHONE_PATTERN, 'Enter a valid phone number'));

/** The signed-in customer of one store (customers are per store: the same e-mail on two stores is two accounts). */
export const CustomerAccount = z.object({
  id: z.int(),
  email: z.string(),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  created_at: Timestamp,
});
export type CustomerAccount = z.infer<typeof CustomerAccount>;

export const CustomerStore = z.object({
  unique_id: z.string(),
  name: z.string(),
  logo: z.nullable(z.string()),
  requires_otp: z.boolean(),
});

/**
 * Answer of GET/PATCH profile and PATCH profile/password. `is_generated_password_reset` is true while the account
 * still has a password the server generated (never shown to the customer): the UI should ask for a new one.
 */
export const CustomerProfileResponse = z.object({
  customer: CustomerAccount,
  store: CustomerStore,
  is_generated_password_reset: z.boolean(),
});
export type CustomerProfileResponse = z.infer<typeof CustomerProfileResponse>;

export const ProfileUpdateBody = z
  .strictObject({
    name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))),
    phone: z.optional(z.nullable(phone)),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, 'Send at least one field to update'));
export type ProfileUpdateBody = z.output<typeof ProfileUpdateBody>;

/** `current_password` may be omitted only while the password is a generated one (`is_generated_password_reset`). */
export const PasswordUpdateBody = z.object({
  current_password: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  new_password: NewPassword,
});
export type PasswordUpdateBody = z.output<typeof PasswordUpdateBody>;

/**
 * POST /customers/me/checkout: the public checkout body where `items` omitted means the customer cart and
 * `customer` omitted means the profile's name, phone and e-mail.
 */
export const CustomerCheckoutBody = z.object({ ...CheckoutBody.shape, customer: z.optional(CheckoutBody.shape.customer) });
export type CustomerCheckoutBody = z.output<typeof CustomerCheckoutBody>;

export const OrderDestination = z.object({
  location_id: z.int(),
  location_label: z.string(),
  postal_code: z.nullable(z.string()),
  address: z.nullable(z.string()),
});
/** A variant the order finally ships, bundles expanded into their components (quantities multiplied). */
export const FinalVariant = z.object({
  variant_id: z.int(),
  name: z.string(),
  product_name: z.string(),
  product_slug: z.nullable(z.string()),
  item_type: z.enum(['physical', 'digital']),
  image_url: z.nullable(z.string()),
  quantity: z.int(),
});
export const StatusHistoryEntry = z.object({ status: OrderStatus, payment_status: PaymentStatus, at: Timestamp });
/** What the store shows on the buyer's order page. */
export const StoreDisplayFlags = z.object({
  show_logo: z.boolean(),
  show_payment_accounts: z.boolean(),
  show_courier_etd: z.boolean(),
});
/** Totals a dropshipper shows the end buyer (their own selling price), set when the order was placed by one. */
export const DropshipperDisplay = z.object({
  name: z.string(),
  phone: z.nullable(z.string()),
  display_product_price: Money,
  display_gross_revenue: Money,
});

/**
 * The buyer-safe order of `/customers/me/orders`. Strict: never carries financial_entity, warehouse,
 * origin_address, analytics, net revenue, platform fee, provider internals, CRM, affiliate or raw metadata.
 */
export const CustomerOrder = z.strictObject({
  ...BuyerOrderFields.shape,
  id: z.string(),
  legacy_id: z.nullable(z.int()),
  updated_at: Timestamp,
  shipped_at: z.nullable(Timestamp),
  completed_at: z.nullable(Timestamp),
  cancelled_at: z.nullable(Timestamp),
  destination: z.nullable(OrderDestination),
  shipment: z.nullable(OrderShipment),
  final_variants: z.array(FinalVariant),
  status_history: z.array(StatusHistoryEntry),
  dropshipper: z.nullable(DropshipperDisplay),
  store: z.strictObject({ ...OrderStore.shape, display: StoreDisplayFlags }),
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;
export const CustomerOrderPage = paginated(CustomerOrder);
export type CustomerOrderPage = z.infer<typeof CustomerOrderPage>;
/** Newest first; `status` filters. */
export const CustomerOrdersQuery = pageQuery({ status: z.optional(OrderStatus) });

export const SubscriptionStatus = z.enum(['active', 'paused', 'cancelled', 'expired']);
export const Subscription = z.object({
  id: z.int(),
  status: SubscriptionStatus,
  product_name: z.string(),
  variant_id: z.nullable(z.int()),
  variant_name: z.nullable(z.string()),
  price: Money,
  interval: z.enum(['week', 'month', 'year']),
  interval_count: z.int(),
  current_period_start: Timestamp,
  current_period_end: Timestamp,
  next_billing_at: z.nullable(Timestamp),
  created_at: Timestamp,
  cancelled_at: z.nullable(Timestamp),
});
export type Subscription = z.infer<typeof Subscription>;
export const SubscriptionPage = paginated(Subscription);
export const SubscriptionsQuery = pageQuery({ status: z.optional(SubscriptionStatus) });

export const CourseProgress = z.object({ completed_contents: z.int(), total_contents: z.int(), percent: z.int() });
export type CourseProgress = z.infer<typeof CourseProgress>;
/** A course the customer can open: `access.status` is `expired` once `expires_at` has passed. */
export const CourseAccess = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image_url: z.nullable(z.string()),
  access: z.object({ status: z.enum(['active', 'expired']), granted_at: Timestamp, expires_at: z.nullable(Timestamp) }),
  progress: CourseProgress,
});
export type CourseAccess = z.infer<typeof CourseAccess>;
export const CourseAccessPage = paginated(CourseAccess);

export const ContentType = z.enum(['video', 'text', 'file']);
export const CourseContentSummary = z.object({
  id: z.int(),
  title: z.string(),
  type: ContentType,
  duration_seconds: z.nullable(z.int()),
  completed: z.boolean(),
});
export const CourseSection = z.object({ id: z.int(), title: z.string(), position: z.int(), contents: z.array(CourseContentSummary) });
export type CourseSection = z.infer<typeof CourseSection>;
export const CourseSectionList = z.array(CourseSection);

export const CourseContent = z.object({
  id: z.int(),
  section_id: z.int(),
  title: z.string(),
  type: ContentType,
  body_html: z.nullable(z.string()),
  video_url: z.nullable(z.string()),
  file_url: z.nullable(z.string()),
  duration_seconds: z.nullable(z.int()),
  completed: z.boolean(),
  completed_at: z.nullable(Timestamp),
  position_seconds: z.int(),
});
export type CourseContent = z.infer<typeof CourseContent>;

/** PATCH …/progress: mark done/undone and/or remember where the video stopped. */
export const ProgressUpdateBody = z
  .strictObject({
    completed: z.optional(z.boolean()),
    position_seconds: z.optional(z.int().check(z.nonnegative(), z.maximum(86_400))),
  })
  .check(z.refine((b) => b.completed !== undefined || b.position_seconds !== undefined, 'Send completed or position_seconds'));
export type ProgressUpdateBody = z.output<typeof ProgressUpdateBody>;
export const ProgressUpdateResponse = z.object({
  content_id: z.int(),
  completed: z.boolean(),
  completed_at: z.nullable(Timestamp),
  position_seconds: z.int(),
  course_progress: CourseProgress,
});
export type ProgressUpdateResponse = z.infer<typeof ProgressUpdateResponse>;

