import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod/mini';
import type { ErrorBody, ErrorCode } from '../contract/index.ts';

/**
 * A 4xx answer in the one JSON error shape; thrown anywhere below a route, rendered by the app's error handler. It
 * lives outside http/ (it only names a status and the contract's error body) so domain and db never import the HTTP layer.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly body?: ErrorBody,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.body ?? { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'validation_error', message, fields);
export const fieldError = (field: string, message: string, code: ErrorCode = 'validation_error') =>
  new HttpError(400, code, message, { [field]: message });
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);

/** Turns zod issues into `{ "items.0.quantity": "…" }`, prefixing query fields so a UI can tell them apart. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'body';
    fields[path] ??= issue.message;
  }
  return fields;
}

export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = issuesToFields(result.error.issues, prefix);
  const first = Object.entries(fields)[0];
  throw badRequest(first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request', fields);
}
