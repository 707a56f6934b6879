import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod/mini';
import type { ErrorBody, ErrorCode } from '../../contract/index.ts';

/** A 4xx answer in the one JSON error shape; thrown anywhere below a route, rendered by the app's error handler. */
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

/** Every request body the server reads is at most this large (JSON, forms); larger ones get 413. */
export const MAX_BODY_BYTES = 64 * 1024;

const payloadTooLarge = (maxBytes: number) =>
  new HttpError(413, 'payload_too_large', `Body is larger than ${maxBytes} bytes`, { body: `At most ${maxBytes} bytes` });

/**
 * The request body as text, never more than `maxBytes` read: a larger Content-Length is refused before reading, a
 * chunked body is read only up to the limit (the node adapter drains or drops the rest once the 413 is sent).
 */
export async function readBodyText(c: Context, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && !(Number(declared) <= maxBytes)) throw payloadTooLarge(maxBytes);
  const stream = c.req.raw.body;
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw payloadTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON body (also sent as text/plain, as sendBeacon does); malformed JSON is a 400, never a 500. */
export async function readJson(c: Context, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readBodyText(c, maxBytes);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw fieldError('body', 'Body is not valid JSON');
  }
}

export async function parseBody<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseWith(schema, await readJson(c));
}

/** Query parameters as plain strings (the last value wins), validated against a schema; fields named `query.x`. */
export function parseQuery<S extends z.ZodMiniType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query(), 'query');
}
