import * as z from 'zod/mini';
import { Timestamp } from './common.ts';
import { BusinessOrder } from './business.ts';
import { OrderStatus } from './order.ts';

/**
 * Webhooks: order events POSTed to the endpoints a business registers. The seed names neither kinds, payloads nor
 * signing; these are ours (docs/webhooks.md).
 */
export const WEBHOOK_HEADERS = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" keyed with the endpoint secret>` */
  signature: 'X-Service-Signature',
  eventId: 'X-Service-Event-Id',
  eventType: 'X-Service-Event-Type',
  attempt: 'X-Service-Delivery-Attempt',
} as const;

export const WebhookEventType = z.enum(['order.created', 'order.paid', 'order.status_changed']);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/**
 * The body of every delivery. `id` is stable across retries: receivers deduplicate on it. `data.order` is the
 * business order as it was when the change committed; `previous_status` is set on `order.status_changed`.
 */
export const WebhookEvent = z.object({
  id: z.string(),
  type: WebhookEventType,
  api_version: z.literal('3.0.0'),
  created_at: Timestamp,
  business_id: z.int(),
  data: z.object({ order: BusinessOrder, previous_status: z.optional(OrderStatus) }),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

const httpUrl = z.string().check(
  z.maxLength(2048),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Expected an absolute http(s) URL without credentials'),
);

/** `events` omitted or empty: every event type. */
export const WebhookEndpointCreate = z.strictObject({
  url: httpUrl,
  events: z.optional(z.array(WebhookEventType).check(z.maxLength(10))),
  description: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
});
export type WebhookEndpointCreate = z.output<typeof WebhookEndpointCreate>;

export const WebhookEndpoint = z.object({
  id: z.int(),
  url: z.string(),
  events: z.array(WebhookEventType),
  description: z.nullable(z.string()),
  /** The last four characters of the signing secret, to tell secrets apart. */
  secret_hint: z.string(),
  created_at: Timestamp,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.array(WebhookEndpoint);
/** The signing secret is shown once, in the answer that creates the endpoint. */
export const WebhookEndpointCreated = z.object({ ...WebhookEndpoint.shape, secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreated>;
