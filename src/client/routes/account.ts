import type * as z from 'zod/mini';
import { Cart } from '../../contract/cart.ts';
import {
  CourseAccess, CourseAccessPage, CourseContent, CourseSectionList, CustomerCheckoutBody, CustomerOrder, CustomerOrderPage,
  CustomerProfileResponse, ProgressUpdateResponse, Subscription, SubscriptionPage,
  type PasswordUpdateBody, type ProfileUpdateBody, type ProgressUpdateBody,
} from '../../contract/customer.ts';
import { PublicOrder } from '../../contract/order.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';
import type { CartItemParams } from './cart.ts';

/** Customer account routes (`/v3/stores/{store_id}/customers/me/*`): bearer only, refreshed and retried on a 401. */
const me = (client: Client, suffix: string) => client.storePath(`/customers/me${suffix}`);
type Paging = { page_size?: number; next_cursor?: string; previous_cursor?: string };

export const getProfile = (client: Client, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, '/profile'), schema: CustomerProfileResponse }, options);
export const updateProfile = (client: Client, body: ProfileUpdateBody, options?: CallOptions) =>
  client.request({ method: 'PATCH', path: me(client, '/profile'), body, schema: CustomerProfileResponse }, options);
/** Other sign-ins of the customer are revoked by the server; this one keeps working. */
export const changePassword = (client: Client, body: PasswordUpdateBody, options?: CallOptions) =>
  client.request({ method: 'PATCH', path: me(client, '/profile/password'), body, schema: CustomerProfileResponse }, options);

export const getCustomerCart = (client: Client, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, '/cart'), schema: Cart }, options);
export const addCustomerCartItem = (client: Client, item: CartItemParams, options?: CallOptions) =>
  client.request({ method: 'POST', path: me(client, '/cart/items'), body: item, schema: Cart }, options);
export const updateCustomerCartItem = (client: Client, itemId: number, update: { quantity: number }, options?: CallOptions) =>
  client.request({ method: 'PATCH', path: me(client, `/cart/items/${itemId}`), body: update, schema: Cart }, options);
export const removeCustomerCartItem = (client: Client, itemId: number, options?: CallOptions) =>
  client.request({ method: 'DELETE', path: me(client, `/cart/items/${itemId}`), schema: Cart }, options);

/**
 * Customer checkout: `items` omitted → the customer cart (emptied on success); `customer` omitted → the profile's
 * contact. Pass one `idempotencyKey` per attempt.
 */
export const placeCustomerOrder = (client: Client, body: z.input<typeof CustomerCheckoutBody>, options?: CallOptions) =>
  client.request({ method: 'POST', path: me(client, '/checkout'), body, schema: PublicOrder }, options);

export const listCustomerOrders = (client: Client, params: Paging & { status?: string } = {}, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, '/orders'), query: params, schema: CustomerOrderPage }, options);
/** By UUIDv7 id (or a legacy numeric id). */
export const getCustomerOrder = (client: Client, orderId: string | number, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, `/orders/${encodeURIComponent(String(orderId))}`), schema: CustomerOrder }, options);

export const listSubscriptions = (client: Client, params: Paging & { status?: string } = {}, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, '/subscriptions'), query: params, schema: SubscriptionPage }, options);
export const getSubscription = (client: Client, id: number, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, `/subscriptions/${id}`), schema: Subscription }, options);

export const listCourses = (client: Client, params: Paging = {}, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, '/courses'), query: params, schema: CourseAccessPage }, options);
export const getCourse = (client: Client, courseId: number, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, `/courses/${courseId}`), schema: CourseAccess }, options);
export const listCourseSections = (client: Client, courseId: number, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, `/courses/${courseId}/sections`), schema: CourseSectionList }, options);
export const getCourseContent = (client: Client, courseId: number, contentId: number, options?: CallOptions) =>
  client.request({ method: 'GET', path: me(client, `/courses/${courseId}/contents/${contentId}`), schema: CourseContent }, options);
export const updateCourseProgress = (client: Client, courseId: number, contentId: number, body: ProgressUpdateBody, options?: CallOptions) =>
  client.request(
    { method: 'PATCH', path: me(client, `/courses/${courseId}/contents/${contentId}/progress`), body, schema: ProgressUpdateResponse },
    options,
  );
