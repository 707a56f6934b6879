import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { sql, sqlValue } from '../db/statements.ts';

const cache = new WeakMap<Db, Map<string, Uint8Array>>();

/**
 * A server secret (e.g. the JWT signing key): generated randomly on first use and kept in the database, so that a
 * restart keeps issued tokens valid and no secret is ever written in the source or the seed.
 */
export function serverSecret(db: Db, name: string): Uint8Array {
  let secrets = cache.get(db);
  if (!secrets) cache.set(db, (secrets = new Map<string, Uint8Array>()));
  const cached = secrets.get(name);
  if (cached) return cached;
  // INSERT OR IGNORE then read back: two processes starting at once agree on one secret.
  sql(db, 'INSERT OR IGNORE INTO server_secrets (name, value, created_at) VALUES (?, ?, ?)')
    .run(name, randomBytes(32).toString('base64url'), new Date().toISOString());
  const value = sqlValue(db, 'SELECT value FROM server_secrets WHERE name = ?').get(name) as string;
  const key = new Uint8Array(Buffer.from(value, 'base64url'));
  secrets.set(name, key);
  return key;
}
