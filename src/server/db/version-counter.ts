import type { Db } from './database.ts';
import { sqlValue } from './statements.ts';

/** How long a write by another process (another connection to the same file) may go unnoticed, in ms. */
export const OTHER_WRITERS_CHECK_MS = 1000;

/**
 * Reads a trigger-maintained version counter (`catalog_meta`, `store_gate_meta`) only when it may have moved.
 * Reading a table costs a read transaction (a file lock, ~3 µs); `total_changes()` of our own connection costs
 * ~0.1 µs and moves with every write this process makes, trigger writes included. Writes from other processes
 * do not move it, so the table is also re-read at least every {@link OTHER_WRITERS_CHECK_MS}.
 */
export function versionCounter(db: Db, table: 'catalog_meta' | 'store_gate_meta'): () => number {
  const writes = sqlValue(db, 'SELECT total_changes()');
  const read = sqlValue(db, `SELECT version FROM ${table} WHERE id = 1`);
  let seenWrites = -1;
  let readAt = 0;
  let version = 0;
  return () => {
    const count = writes.get() as number;
    const now = Date.now();
    if (count !== seenWrites || now - readAt >= OTHER_WRITERS_CHECK_MS) {
      version = read.get() as number;
      seenWrites = count;
      readAt = now;
    }
    return version;
  };
}
