import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { fieldError, HttpError } from '../errors.ts';
import { sql } from '../db/statements.ts';

/** A response as it is replayed: status, JSON body and the headers that belong to it (e.g. the guest token). */
export type StoredResponse = { status: number; body: unknown; headers: Record<string, string> };

/** `scope` keeps keys of different stores (and later customers) apart; `fingerprint` identifies the request. */
export type IdempotencyRequest = { scope: string; key: string; fingerprint: string };

/** JSON with object keys sorted at every level, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const fingerprint = (...parts: unknown[]) => createHash('sha256').update(canonicalJson(parts)).digest('hex');

/** Keys are opaque strings of 1–255 visible ASCII characters (UUIDs are typical). */
export function parseIdempotencyKey(header: string | undefined, field = 'Idempotency-Key'): string | undefined {
  if (header === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) throw fieldError(field, 'Use 1 to 255 visible ASCII characters');
  return header;
}

/**
 * Runs `run` at most once per key: the lookup, the work and the saving of its answer share one IMMEDIATE
 * transaction, so concurrent requests with one key serialise and only the first does the work. The same key with
 * another request fingerprint is a 422. Only successful answers are kept: after a 4xx the client may retry.
 */
export function withIdempotency(db: Db, request: IdempotencyRequest | undefined, run: () => StoredResponse): StoredResponse & { replayed: boolean } {
  if (!request) return { ...run(), replayed: false };
  const once = db.transaction((): StoredResponse & { replayed: boolean } => {
    const stored = sql(db, 'SELECT body_hash, status, response, headers FROM idempotency_keys WHERE scope = ? AND key = ?')
      .get(request.scope, request.key) as { body_hash: string; status: number; response: string; headers: string } | undefined;
    if (stored) {
      if (stored.body_hash !== request.fingerprint) {
        throw new HttpError(422, 'idempotency_conflict', 'This Idempotency-Key was already used with a different request');
      }
      return { status: stored.status, body: JSON.parse(stored.response) as unknown, headers: JSON.parse(stored.headers) as Record<string, string>, replayed: true };
    }
    const result = run();
    if (result.status >= 200 && result.status < 300) {
      sql(db, 'INSERT INTO idempotency_keys (scope, key, body_hash, status, response, headers, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(request.scope, request.key, request.fingerprint, result.status, JSON.stringify(result.body),
          JSON.stringify(result.headers), new Date().toISOString());
    }
    return { ...result, replayed: false };
  });
  return once.immediate();
}
