import { versionCounterSql } from './version-counter-sql.ts';

/**
 * A counter bumped by triggers on every write to what the store gate reads (stores, their business and plan, keys,
 * allowed origins), so the gate can keep stores in memory and still see a revoked key or origin at once.
 */
export default versionCounterSql('store_gate_meta', 'store_gate_version', ['businesses', 'stores', 'store_keys', 'store_origins']);
