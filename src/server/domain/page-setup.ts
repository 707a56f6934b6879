import type { LandingPageSetup } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { sql, sqlValue } from '../db/statements.ts';
import { newPublishableKey } from './storefront-setup.ts';

/**
 * Landing page (HTML Mode) set-up: page keys and page domains. The page gate reads both from the database on every
 * request, so a revoked key or a removed domain is refused at once.
 */
type Row = { id: number; unique_id: string; title: string; domains: string; store_id: number; store_unique_id: string };
const SELECT = `SELECT p.id, p.unique_id, p.title, p.domains, s.id AS store_id, s.unique_id AS store_unique_id
  FROM pages p JOIN stores s ON s.id = p.store_id`;

const toSetup = (db: Db, r: Row): LandingPageSetup => ({
  id: r.id, unique_id: r.unique_id, title: r.title, store: { id: r.store_id, unique_id: r.store_unique_id },
  keys: sqlValue(db, 'SELECT key FROM page_keys WHERE page_id = ? ORDER BY rowid').all(r.id) as string[],
  domains: JSON.parse(r.domains) as string[],
});

export function listPageSetups(db: Db, businessId: number): LandingPageSetup[] {
  return (sql(db, `${SELECT} WHERE s.business_id = ? ORDER BY p.id`).all(businessId) as Row[]).map((r) => toSetup(db, r));
}

/** A page of this business by numeric id or unique_id. */
export function businessPage(db: Db, businessId: number, pathId: string): LandingPageSetup | undefined {
  const row = (/^\d+$/.test(pathId) ? sql(db, `${SELECT} WHERE p.id = ?`).get(Number(pathId)) : sql(db, `${SELECT} WHERE p.unique_id = ?`).get(pathId)) as Row | undefined;
  return row && (sqlValue(db, 'SELECT business_id FROM stores WHERE id = ?').get(row.store_id) === businessId) ? toSetup(db, row) : undefined;
}

/** Keys are unique across pages; a taken one is refused. */
export function addPageKey(db: Db, pageId: number, key = newPublishableKey('pgk_')): string | undefined {
  return sql(db, 'INSERT OR IGNORE INTO page_keys (key, page_id) VALUES (?, ?)').run(key, pageId).changes === 1 ? key : undefined;
}

export function revokePageKey(db: Db, pageId: number, key: string): boolean {
  return sql(db, 'DELETE FROM page_keys WHERE key = ? AND page_id = ?').run(key, pageId).changes === 1;
}

export function rotatePageKey(db: Db, pageId: number, key: string): string | undefined {
  return db.transaction(() => (revokePageKey(db, pageId, key) ? addPageKey(db, pageId) : undefined)).immediate();
}

/** Adds or removes one domain in the page's list; false when nothing changed. */
export function changePageDomain(db: Db, pageId: number, origin: string, add: boolean): boolean {
  return db.transaction(() => {
    const domains = JSON.parse(sqlValue(db, 'SELECT domains FROM pages WHERE id = ?').get(pageId) as string) as string[];
    const next = add ? [...new Set([...domains, origin])] : domains.filter((d) => d !== origin);
    if (next.length === domains.length) return false;
    sql(db, 'UPDATE pages SET domains = ? WHERE id = ?').run(JSON.stringify(next), pageId);
    return true;
  }).immediate();
}
