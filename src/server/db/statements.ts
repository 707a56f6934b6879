import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';

const caches = new WeakMap<Db, Map<string, Statement>>();
const valueCaches = new WeakMap<Db, Map<string, Statement>>();

function cached(store: WeakMap<Db, Map<string, Statement>>, db: Db, text: string, prepare: () => Statement): Statement {
  let cache = store.get(db);
  if (!cache) store.set(db, (cache = new Map<string, Statement>()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = prepare()));
  return statement;
}

/**
 * A prepared statement, prepared once per database: preparing costs more than running most of our queries.
 * Never switch its mode (`.pluck()`): the next caller of the same text would get plucked rows. Use {@link sqlValue}.
 */
export function sql(db: Db, text: string): Statement {
  return cached(caches, db, text, () => db.prepare(text));
}

/** Like {@link sql}, answering the first column's value instead of rows (a statement of its own, in pluck mode). */
export function sqlValue(db: Db, text: string): Statement {
  return cached(valueCaches, db, text, () => db.prepare(text).pluck());
}
