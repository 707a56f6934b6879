import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';

const caches = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement, prepared once per database: preparing costs more than running most of our queries. */
export function sql(db: Db, text: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = db.prepare(text)));
  return statement;
}
