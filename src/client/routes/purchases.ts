import type { ProgressUpdateBody } from '../../contract/customer.ts';
import {
  CourseAccess, CourseAccessPage, CourseContent, CourseSectionList, CustomerOrder, CustomerOrderPage, ProgressUpdateResponse, Subscription,
  SubscriptionPage,
} from '../../contract/json-schemas/index.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';

/**
 * What the signed-in customer bought: orders, subscriptions and courses (`/customers/me/*`). Apart from the
 * profile and cart routes of `account.ts` because only `<svc-account>` uses them: their schemas stay in its chunk.
 */
const me = (client: Client, suffix: string) => client.storePath(`/customers/me${suffix}`);
type Paging = { page_size?: number; next_cursor?: string; previous_cursor?: string };

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
