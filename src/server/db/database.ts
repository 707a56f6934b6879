import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { installAreas } from './areas.ts';
import { migrations } from './migrations/index.ts';
import { purchaseDigest } from './purchase-digest.ts';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the reference database: WAL for concurrent readers and crash safety, foreign keys
 * on, pending migrations applied in order, and the Indonesian area data installed.
 */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.function('svc_purchase_digest', { deterministic: true }, (slug) => purchaseDigest(String(slug)));
  migrate(db);
  installAreas(db);
  return db;
}

function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as string[]);
  for (const { id, sql } of migrations) {
    if (applied.has(id)) continue;
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(id, new Date().toISOString());
    })();
  }
}
