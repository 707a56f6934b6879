import type { Context } from 'hono';
import * as z from 'zod/mini';
import { fieldError, HttpError, parseWith } from '../errors.ts';

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
