import type { Db } from '../db/database.ts';
import { sql, sqlValue } from '../db/statements.ts';
import { NO_PASSWORD, sha256 } from './passwords.ts';
import { newPublishableKey } from './storefront-setup.ts';
import { findStoreByPathId, type StoreRow } from './stores.ts';

export const PLANS = ['free', 'lite', 'basic', 'pro', 'ultimate'] as const;
export type Plan = (typeof PLANS)[number];

export type NewStore = { uniqueId: string; name: string; plan: Plan };
export type CreatedStore = { store: StoreRow; storefrontKey: string; businessKey: string; ownerEmail: string };

/**
 * A store of one's own on the reference server (`store create`): a business of its own on `plan` (active, paid), an
 * owner who cannot sign in (`owner@<id>.localhost`, no password) with a business API key, a storefront key, and the
 * check-out set-up of the database's first store (payment methods, couriers, a warehouse in the same place), so that
 * a purchase works once products are imported. No products, no allowed origins. The API key is kept as its hash
 * only: the caller shows it once.
 */
export function createStore(db: Db, { uniqueId, name, plan }: NewStore): CreatedStore {
  const storefrontKey = newPublishableKey('sfk_');
  const businessKey = newPublishableKey('bk_');
  const ownerEmail = `owner@${uniqueId}.localhost`;
  const now = new Date().toISOString();
  const storeId = db.transaction(() => {
    if (findStoreByPathId(db, uniqueId)) throw new StoreExists(uniqueId);
    const template = sqlValue(db, 'SELECT min(id) FROM stores').get() as number | null;
    const businessId = Number(sql(db, "INSERT INTO businesses (name, plan, status, paid, domains) VALUES (?, ?, 'active', 1, '[]')").run(name, plan).lastInsertRowid);
    const id = Number(sql(db, `INSERT INTO stores (unique_id, business_id, name, custom_domain, payment_accounts)
      VALUES (?, ?, ?, ?, coalesce((SELECT payment_accounts FROM stores WHERE id = ?), '[]'))`).run(uniqueId, businessId, name, `${uniqueId}.localhost`, template).lastInsertRowid);
    sql(db, 'INSERT INTO store_keys (key, store_id) VALUES (?, ?)').run(storefrontKey, id);
    sql(db, `INSERT INTO payment_methods (store_id, code, type, name, enabled, channels, position)
      SELECT ?, code, type, name, enabled, channels, position FROM payment_methods WHERE store_id = ?`).run(id, template);
    sql(db, 'INSERT INTO couriers (store_id, code, name, services, supports_cod) SELECT ?, code, name, services, supports_cod FROM couriers WHERE store_id = ?').run(id, template);
    sql(db, 'INSERT INTO warehouses (store_id, name, location_id) SELECT ?, name, location_id FROM warehouses WHERE store_id = ? ORDER BY id LIMIT 1').run(id, template);
    const userId = Number(sql(db, 'INSERT INTO business_users (email, name, password_hash) VALUES (?, ?, ?)').run(ownerEmail, name, NO_PASSWORD).lastInsertRowid);
    sql(db, "INSERT INTO business_memberships (business_id, user_id, role, status, invited_at, verified_at) VALUES (?, ?, 'owner', 'verified', ?, ?)")
      .run(businessId, userId, now, now);
    sql(db, 'INSERT INTO business_api_keys (key_hash, user_id, business_id, created_at) VALUES (?, ?, ?, ?)').run(sha256(businessKey), userId, businessId, now);
    return id;
  }).immediate();
  return { store: findStoreByPathId(db, String(storeId))!, storefrontKey, businessKey, ownerEmail };
}

export class StoreExists extends Error {
  constructor(uniqueId: string) {
    super(`A store "${uniqueId}" exists already: pick another id`);
  }
}
