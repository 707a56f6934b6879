import type * as z from 'zod/mini';
import type { CheckoutBody, DiscountCheckBody, ShippingOptionsBody, SummaryBody } from '../../contract/checkout.ts';
import type { CustomerCheckoutBody } from '../../contract/customer.ts';
import { DiscountCheckResult, PaymentMethodList, PublicOrder, ShippingOptionList, Summary } from '../../contract/json-schemas/index.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';

export type ShippingOptionsParams = z.input<typeof ShippingOptionsBody>;
export type SummaryParams = z.input<typeof SummaryBody>;
export type CheckoutParams = z.input<typeof CheckoutBody>;
export type DiscountCheckParams = z.input<typeof DiscountCheckBody>;

/** Enabled public checkout payment methods (with their channels). Cached briefly. */
export const listPaymentMethods = (client: Client, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/payment-methods'), schema: PaymentMethodList, cache: true }, options);

/** Courier services for a destination; `items` omitted → the guest cart. Empty for digital-only carts. */
export const getShippingOptions = (client: Client, body: ShippingOptionsParams, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.storePath('/public/checkout/shipping-options'), body, schema: ShippingOptionList }, options);

/** Totals as the server computes them (a client `shipping_cost` is ignored). `items` omitted → the guest cart. */
export const getCheckoutSummary = (client: Client, body: SummaryParams, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.storePath('/public/checkout/summary'), body, schema: Summary }, options);

/**
 * Places a guest order. Pass `options.idempotencyKey` (one per checkout attempt): then a retry after a lost answer,
 * a 429 or a 503 cannot create a second order.
 */
export const placeGuestOrder = (client: Client, body: CheckoutParams, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.storePath('/public/checkout'), body, schema: PublicOrder }, options);

/** Storefront discount check: unknown codes answer `eligible: false`, never 404. */
export const checkDiscountCode = (client: Client, body: DiscountCheckParams, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.storePath('/public/discount-codes/check'), body, schema: DiscountCheckResult }, options);

/**
 * Customer checkout (`/customers/me/checkout`, bearer): `items` omitted → the customer cart (emptied on success);
 * `customer` omitted → the profile's contact. Pass one `idempotencyKey` per attempt.
 */
export const placeCustomerOrder = (client: Client, body: z.input<typeof CustomerCheckoutBody>, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.storePath('/customers/me/checkout'), body, schema: PublicOrder }, options);
