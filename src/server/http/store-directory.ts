import type { Db } from '../db/database.ts';
import { sqlValue } from '../db/statements.ts';
import { versionCounter } from '../db/version-counter.ts';
import { findStoreByPathId, type StoreRow } from '../domain/stores.ts';

export type GateStore = { store: StoreRow; keys: ReadonlySet<string> };

/**
 * The stores the gate resolves, with their storefront keys, kept in memory until anything they are read from changes
 * (a counter bumped by triggers, migration 008; see db/version-counter.ts): no query per request instead of three.
 * Unknown path ids are not remembered, so made-up ids cannot grow the map.
 */
export class StoreDirectory {
  readonly #db: Db;
  readonly #byPathId = new Map<string, GateStore>();
  readonly #currentVersion: () => number;
  #version = -1;

  constructor(db: Db) {
    this.#db = db;
    this.#currentVersion = versionCounter(db, 'store_gate_meta');
  }

  find(pathId: string): GateStore | undefined {
    const version = this.#currentVersion();
    if (version !== this.#version) {
      this.#byPathId.clear();
      this.#version = version;
    }
    const known = this.#byPathId.get(pathId);
    if (known) return known;
    const store = findStoreByPathId(this.#db, pathId);
    if (!store) return undefined;
    const keys = sqlValue(this.#db, 'SELECT key FROM store_keys WHERE store_id = ?').all(store.id) as string[];
    const entry = { store, keys: new Set(keys) };
    this.#byPathId.set(pathId, entry);
    return entry;
  }
}
