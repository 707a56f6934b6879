import type { Db } from '../db/database.ts';
import { sql, sqlValue } from '../db/statements.ts';

export type PageRow = { id: number; unique_id: string; store_id: number; title: string; domains: string[] };

export function findPageByUniqueId(db: Db, uniqueId: string): PageRow | undefined {
  const raw = sql(db, 'SELECT id, unique_id, store_id, title, domains FROM pages WHERE unique_id = ?').get(uniqueId) as
    (Omit<PageRow, 'domains'> & { domains: string }) | undefined;
  return raw && { ...raw, domains: JSON.parse(raw.domains) as string[] };
}

/** The key must belong to this very page: a storefront key or another page's key does not. */
export function pageHasKey(db: Db, pageId: number, key: string | undefined): boolean {
  if (!key) return false;
  return sql(db, 'SELECT 1 FROM page_keys WHERE key = ? AND page_id = ?').get(key, pageId) !== undefined;
}

/** Browser origins a page may be called from: its attached domains, or its business's domains when it has none. */
export function pageOrigins(db: Db, page: PageRow): Set<string> {
  if (page.domains.length) return new Set(page.domains);
  const domains = sqlValue(db, 'SELECT b.domains FROM stores s JOIN businesses b ON b.id = s.business_id WHERE s.id = ?').get(page.store_id) as string | undefined;
  return new Set(domains ? (JSON.parse(domains) as string[]) : []);
}
