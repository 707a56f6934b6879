import * as z from 'zod/mini';
import { Money, Timestamp } from './common.ts';
import { OrderLine, OrderStatus, PaymentStatus } from './order.ts';
import { pageQuery, paginated } from './pagination.ts';

/**
 * Business credentials: an API key in `X-Service-Api-Key`, or the same key as `Authorization: Bearer <key>`.
 * Each key belongs to one user and selects one business installation (the membership it was issued for).
 */
export const BusinessRole = z.enum(['owner', 'admin', 'staff']);
export const MembershipStatus = z.enum(['pending', 'verified']);

export const BusinessUserIdentity = z.object({ id: z.int(), email: z.string(), name: z.string() });
export const BusinessRef = z.object({ id: z.int(), name: z.string() });

/** A membership of a user in a business: pending (invited) or verified. `id` is the membership id. */
export const BusinessUser = z.object({
  id: z.int(),
  business: BusinessRef,
  user: BusinessUserIdentity,
  role: BusinessRole,
  status: MembershipStatus,
  invited_at: Timestamp,
  verified_at: z.nullable(Timestamp),
});
export type BusinessUser = z.infer<typeof BusinessUser>;
export const BusinessUserPage = paginated(BusinessUser);
export type BusinessUserPage = z.infer<typeof BusinessUserPage>;

/** `search`: part of the business name or the role; `business_name`: part of the business name. Newest membership first. */
export const BusinessUsersQuery = pageQuery({
  search: z.optional(z.string().check(z.maxLength(100))),
  business_name: z.optional(z.string().check(z.maxLength(100))),
});

/**
 * GET /v3/me: who the credential is and which business installation it selects. For an OAuth token: the app, every
 * active connected installation of that app by this user (`selected` marks the token's own) and the token's scopes.
 */
export const MeResponse = z.object({
  auth_type: z.enum(['api_key', 'oauth']),
  user: BusinessUserIdentity,
  application: z.nullable(z.object({ client_id: z.string(), name: z.string() })),
  installations: z.array(
    z.object({
      business: BusinessRef, membership_id: z.int(), role: BusinessRole, status: MembershipStatus, selected: z.boolean(),
      installation_id: z.optional(z.int()),
    }),
  ),
  scopes: z.optional(z.array(z.string())),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const LeaveBody = z.object({ password: z.string().check(z.minLength(1), z.maxLength(200)) });
/** The invitation is accepted as is; no field is required (an empty object or no body at all). */
export const AcceptInvitationBody = z.object({});

export const SearchField = z.enum(['order_id', 'order_number', 'secret_slug', 'customer_name', 'customer_phone', 'customer_email', 'tracking_number']);
export type SearchField = z.infer<typeof SearchField>;
/** Newest first. `search` looks in one column, picked by `search_field` (default `order_id`, legacy ids included). */
export const BusinessOrdersQuery = pageQuery({
  search: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  search_field: z.optional(SearchField),
  status: z.optional(OrderStatus),
  payment_status: z.optional(PaymentStatus),
});

/** The merchant's view of an order: everything the buyer sees plus revenue, fees, warehouse and attribution. */
export const BusinessOrder = z.object({
  id: z.string(),
  legacy_id: z.nullable(z.int()),
  store: z.object({ id: z.int(), unique_id: z.string(), name: z.string() }),
  page_id: z.nullable(z.int()),
  customer_id: z.nullable(z.int()),
  secret_slug: z.string(),
  order_number: z.string(),
  status: OrderStatus,
  payment_status: PaymentStatus,
  payment_method: z.string(),
  sub_payment_method: z.nullable(z.string()),
  customer: z.object({ name: z.string(), phone: z.string(), email: z.nullable(z.string()) }),
  notes: z.nullable(z.string()),
  destination: z.nullable(z.record(z.string(), z.unknown())),
  shipping: z.nullable(z.record(z.string(), z.unknown())),
  tracking_number: z.nullable(z.string()),
  warehouse_id: z.nullable(z.int()),
  items: z.array(OrderLine),
  product_price: Money,
  shipping_cost: Money,
  other_income: Money,
  discount_amount: Money,
  discount_code: z.nullable(z.string()),
  gross_revenue: Money,
  platform_fee: Money,
  net_revenue: Money,
  affiliate: z.nullable(z.unknown()),
  created_at: Timestamp,
  updated_at: Timestamp,
  paid_at: z.nullable(Timestamp),
});
export type BusinessOrder = z.infer<typeof BusinessOrder>;
export const BusinessOrderPage = paginated(BusinessOrder);

/** PATCH /v3/orders/{id}: status moves forward only (cancelled and completed are final). */
export const BusinessOrderUpdate = z
  .strictObject({
    status: z.optional(OrderStatus),
    tracking_number: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)))),
    notes: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, 'Send at least one field to update'));
export type BusinessOrderUpdate = z.output<typeof BusinessOrderUpdate>;
