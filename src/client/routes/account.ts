import type { PasswordUpdateBody, ProfileUpdateBody } from '../../contract/customer.ts';
import { Cart, CustomerProfileResponse } from '../../contract/json-schemas/index.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';
import type { CartItemParams } from './cart.ts';

/**
 * Customer account routes (`/v3/stores/{store_id}/customers/me/*`): bearer only, refreshed and retried on a 401.
 * Profile and cart here (customer checkout is in `checkout.ts`; orders, subscriptions and courses in `purchases.ts`).
 */
const me = (client: Client, suffix: string) => client.storePath(`/customers/me${suffix}`);

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
