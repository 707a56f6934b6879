import * as z from 'zod/mini';

/** Machine-readable error codes used in every JSON error body (429 alone is plain text). */
export const ErrorCode = z.enum([
  'validation_error',
  'store_not_found',
  'page_not_found',
  'not_found',
  'unauthorized',
  'forbidden',
  'origin_not_allowed',
  'out_of_stock',
  'payment_method_not_allowed',
  'email_required',
  'idempotency_conflict',
  'invalid_state',
  'invalid_credentials',
  'rate_limited',
  'payload_too_large',
  'internal_error',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * The one error body shape: `fields` maps a dotted path of the request (`items.0.quantity`, `query.page_size`)
 * to a human-readable message, so a form can put each message next to its input.
 */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Exact body of every "no such store" answer (unknown store, bad key, inactive plan): identical bytes. */
export const STORE_NOT_FOUND: ErrorBody = { error: { code: 'store_not_found', message: 'Store not found' } };
export const PAGE_NOT_FOUND: ErrorBody = { error: { code: 'page_not_found', message: 'Page not found' } };
