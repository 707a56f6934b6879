import { randomBytes } from 'node:crypto';
import type { StoreSetup } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { sql, sqlValue } from '../db/statements.ts';
import { findStoreByPathId, storeRuntimeActive, type StoreRow } from './stores.ts';

/**
 * Storefront set-up of a business's stores: keys and allowed origins. Every write goes to `store_keys` and
 * `store_origins`, whose triggers (migration 008) bump the store gate's version, so the gate and the catalog fast
 * path refuse a revoked key or a removed origin on the very next request. Works on every plan.
 */

/** `sfk_` + 24 random base64url characters: publishable, but not guessable. */
export const newPublishableKey = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

/** A store of this business by numeric id or unique_id; another business's store is as unknown as a made-up one. */
export function businessStore(db: Db, businessId: number, pathId: string): StoreRow | undefined {
  const store = findStoreByPathId(db, pathId);
  return store && store.business_id === businessId ? store : undefined;
}

const keysOf = (db: Db, storeId: number) => sqlValue(db, 'SELECT key FROM store_keys WHERE store_id = ? ORDER BY rowid').all(storeId) as string[];
export const originsOf = (db: Db, storeId: number) =>
  sqlValue(db, 'SELECT origin FROM store_origins WHERE store_id = ? ORDER BY rowid').all(storeId) as string[];

export function storeSetup(db: Db, store: StoreRow): StoreSetup {
  return {
    id: store.id, unique_id: store.unique_id, name: store.name,
    plan_state: {
      plan: store.plan as StoreSetup['plan_state']['plan'], business_status: store.business_status as 'active' | 'inactive',
      paid: store.paid, storefront_active: storeRuntimeActive(store),
    },
    storefront_keys: keysOf(db, store.id),
    allowed_origins: originsOf(db, store.id),
    order_status_url: store.order_status_url,
  };
}

/** Where the buyer's order link leads (null: the service's page); the store gate's version moves with the row. */
export function setOrderStatusUrl(db: Db, storeId: number, url: string | null): void {
  sql(db, 'UPDATE stores SET order_status_url = ? WHERE id = ?').run(url, storeId);
}

export function listStoreSetups(db: Db, businessId: number): StoreSetup[] {
  const ids = sqlValue(db, 'SELECT id FROM stores WHERE business_id = ? ORDER BY id').all(businessId) as number[];
  return ids.map((id) => storeSetup(db, findStoreByPathId(db, String(id))!));
}

export type KeyWrite = { ok: true; key: string } | { ok: false; reason: 'taken' };

/** A key is unique across every store (it selects its store): a taken one is refused, never moved. */
export function addStorefrontKey(db: Db, storeId: number, key = newPublishableKey('sfk_')): KeyWrite {
  const done = sql(db, 'INSERT OR IGNORE INTO store_keys (key, store_id) VALUES (?, ?)').run(key, storeId);
  return done.changes === 1 ? { ok: true, key } : { ok: false, reason: 'taken' };
}

export function revokeStorefrontKey(db: Db, storeId: number, key: string): boolean {
  return sql(db, 'DELETE FROM store_keys WHERE key = ? AND store_id = ?').run(key, storeId).changes === 1;
}

/** Replaces `key` by a new one in one transaction: no moment with neither, none with both. */
export function rotateStorefrontKey(db: Db, storeId: number, key: string): string | undefined {
  return db.transaction(() => {
    if (!revokeStorefrontKey(db, storeId, key)) return undefined;
    const fresh = newPublishableKey('sfk_');
    sql(db, 'INSERT INTO store_keys (key, store_id) VALUES (?, ?)').run(fresh, storeId);
    return fresh;
  }).immediate();
}

/** Idempotent: `created` is false when the origin was already allowed. */
export function addStoreOrigin(db: Db, storeId: number, origin: string): boolean {
  return sql(db, 'INSERT OR IGNORE INTO store_origins (store_id, origin) VALUES (?, ?)').run(storeId, origin).changes === 1;
}

export function removeStoreOrigin(db: Db, storeId: number, origin: string): boolean {
  return sql(db, 'DELETE FROM store_origins WHERE store_id = ? AND origin = ?').run(storeId, origin).changes === 1;
}
