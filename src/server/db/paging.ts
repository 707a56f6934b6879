import type { Db } from './database.ts';
import { sql } from './statements.ts';
import { DEFAULT_PAGE_SIZE, type Paginated } from '../../contract/index.ts';
import { fieldError } from '../errors.ts';

type Key = (string | number)[];

const encode = (key: Key) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decode(cursor: string, param: string, width: number): Key {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === width && key.every((k) => typeof k === 'number' || typeof k === 'string')) return key;
  } catch {
    /* fall through to the 400 below */
  }
  throw fieldError(`query.${param}`, `${param} is not a cursor this server issued`);
}

export type KeysetQuery = {
  /** A SELECT whose rows carry the key columns; bound with `params`. */
  sql: string;
  params: unknown[];
  /** Columns of the total order, all ascending, the last one unique. */
  keyColumns: string[];
};

/**
 * Keyset cursor paging over a stable total order. Cursors are opaque (base64url of the boundary key), so pages stay
 * consistent when rows are added elsewhere, and paging forward then back returns the same pages.
 */
export function keysetPage<Row extends Record<string, unknown>>(
  db: Db,
  q: KeysetQuery,
  page: { page_size?: number; next_cursor?: string; previous_cursor?: string },
): Paginated<Row> {
  const size = page.page_size ?? DEFAULT_PAGE_SIZE;
  const cols = q.keyColumns.join(', ');
  const tuple = `(${cols})`;
  const marks = `(${q.keyColumns.map(() => '?').join(', ')})`;
  const keyOf = (row: Row): Key => q.keyColumns.map((c) => row[c] as string | number);
  const desc = q.keyColumns.map((c) => `${c} DESC`).join(', ');
  const exists = (op: '<' | '>', key: Key) =>
    sql(db, `SELECT 1 FROM (${q.sql}) WHERE ${tuple} ${op} ${marks} LIMIT 1`).get(...q.params, ...key) !== undefined;

  if (page.previous_cursor) {
    const before = decode(page.previous_cursor, 'previous_cursor', q.keyColumns.length);
    const rows = sql(db, `SELECT * FROM (${q.sql}) WHERE ${tuple} < ${marks} ORDER BY ${desc} LIMIT ?`)
      .all(...q.params, ...before, size + 1) as Row[];
    const more = rows.length > size;
    const results = rows.slice(0, size).reverse();
    return {
      results,
      previous_cursor: more && results.length ? encode(keyOf(results[0])) : null,
      next_cursor: results.length ? encode(keyOf(results[results.length - 1])) : page.previous_cursor,
    };
  }
  const after = page.next_cursor ? decode(page.next_cursor, 'next_cursor', q.keyColumns.length) : undefined;
  const rows = sql(db, `SELECT * FROM (${q.sql}) ${after ? `WHERE ${tuple} > ${marks}` : ''} ORDER BY ${cols} LIMIT ?`)
    .all(...q.params, ...(after ?? []), size + 1) as Row[];
  const more = rows.length > size;
  const results = rows.slice(0, size);
  const first = results[0];
  return {
    results,
    next_cursor: more ? encode(keyOf(results[results.length - 1])) : null,
    previous_cursor: first && after && exists('<', keyOf(first)) ? encode(keyOf(first)) : null,
  };
}
