/**
 * Headless client of Commerce Service v3: `createClient` plus one tree-shakeable function per route.
 * Elements and the page runtime use it through the session layer; it is also exported for custom UIs.
 */
export { createClient, type Client, type ClientOptions } from './client.ts';
export { ApiError, ContractError, NetworkError, isApiError, outcomeUnknown } from './errors.ts';
export { newIdempotencyKey } from './idempotency.ts';
export type { CallOptions, Method, RequestSpec, ResponseOf } from './transport.ts';
export type { RetryPolicy } from './retry.ts';
export type { TokenStorage, TokenStorageOption } from './storage.ts';
export type { ClientAuth } from './client-auth.ts';
export type { AuthEvent, CustomerAuth } from './customer-auth.ts';
export * from './routes/catalog.ts';
export * from './routes/product.ts';
export * from './routes/locations.ts';
export * from './routes/cart.ts';
export * from './routes/checkout.ts';
export * from './routes/orders.ts';
export * from './routes/auth.ts';
export * from './routes/page.ts';
export * from './routes/account.ts';
export * from './routes/purchases.ts';
