import type * as z from 'zod/mini';
import type { CartItemInput, CartItemUpdate } from '../../contract/cart.ts';
import { Cart } from '../../contract/json-schemas/cart.ts'; // not the index: see routes/catalog.ts
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';

export type CartItemParams = z.input<typeof CartItemInput>;

/**
 * Guest cart of the token in storage (a new token arrives with the first answer and is kept per store).
 * Never shared with other requests' caches: the cart changes under you.
 */
export const getGuestCart = (client: Client, options?: CallOptions) =>
  client.request({ method: 'GET', path: client.storePath('/public/cart'), schema: Cart }, options);

/** Adds a variant or bundle price option (quantities add up on an existing line). */
export const addGuestCartItem = (client: Client, item: CartItemParams, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.storePath('/public/cart/items'), body: item, schema: Cart }, options);

export const updateGuestCartItem = (client: Client, itemId: number, update: CartItemUpdate, options?: CallOptions) =>
  client.request({ method: 'PATCH', path: client.storePath(`/public/cart/items/${itemId}`), body: update, schema: Cart }, options);

export const removeGuestCartItem = (client: Client, itemId: number, options?: CallOptions) =>
  client.request({ method: 'DELETE', path: client.storePath(`/public/cart/items/${itemId}`), schema: Cart }, options);

/** Moves the guest cart into the signed-in customer's cart (bearer + guest token); answers the merged customer cart. */
export const mergeGuestCart = (client: Client, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.storePath('/public/cart/merge'), schema: Cart }, options);
