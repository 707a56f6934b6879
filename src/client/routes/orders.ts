import type * as z from 'zod/mini';
import { PublicOrder } from '../../contract/json-schemas/index.ts';
import type { PublicOrderUpdate } from '../../contract/order.ts';
import type { Client } from '../client.ts';
import { newIdempotencyKey } from '../idempotency.ts';
import type { CallOptions } from '../transport.ts';

const orderPath = (client: Client, secretSlug: string) => client.storePath(`/public/orders/${encodeURIComponent(secretSlug)}`);

/** The buyer-facing order behind its secret slug. */
export const getPublicOrder = (client: Client, secretSlug: string, options?: CallOptions) =>
  client.request({ method: 'GET', path: orderPath(client, secretSlug), schema: PublicOrder }, options);

/** Buyer edits (contact, address, notes) while the order is unpaid. */
export const updatePublicOrder = (client: Client, secretSlug: string, update: z.input<typeof PublicOrderUpdate>, options?: CallOptions) =>
  client.request({ method: 'PATCH', path: orderPath(client, secretSlug), body: update, schema: PublicOrder }, options);

/**
 * Creates (or returns the existing) payment instructions. The route is idempotent per order, so the call carries an
 * Idempotency-Key of its own by default and is retried after 429/503 like a read.
 */
export const createOrderPayment = (client: Client, secretSlug: string, options: CallOptions = {}) =>
  client.request(
    { method: 'POST', path: `${orderPath(client, secretSlug)}/payment`, schema: PublicOrder },
    { idempotencyKey: newIdempotencyKey(), ...options },
  );
