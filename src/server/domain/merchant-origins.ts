import { normaliseOrigin } from '../../contract/business-setup.ts';
import type { Db } from '../db/database.ts';
import { sql, sqlValue } from '../db/statements.ts';

/** `http://localhost:3000` (every store) or `demo-store=http://localhost:3000` (one store). */
export type OriginGrant = { origin: string; store?: string };

/**
 * Parses one `--allow-origin` value. The origin is normalised (`http://LocalHost:3000/` → `http://localhost:3000`);
 * a path, query, fragment, credentials or wildcard are refused: browsers send bare origins, so those could never match.
 */
export function parseOriginGrant(value: string): OriginGrant {
  const match = /^([a-z0-9][a-z0-9-]*)=(.+)$/.exec(value);
  const raw = match ? match[2] : value;
  const origin = normaliseOrigin(raw); // the same rule as the business API's allowed origins
  if (!origin) throw new Error(`Not an origin: ${raw} (expected scheme://host[:port] without a path or wildcard)`);
  return { origin, ...(match ? { store: match[1] } : {}) };
}

const addTo = (json: string, origin: string) => {
  const list = JSON.parse(json) as string[];
  return list.includes(origin) ? json : JSON.stringify([...list, origin]);
};

/**
 * Merchant set-up: lets a site under development call the store(s) and their HTML Mode pages from its origin.
 * The origin joins the store's allowed origins and the domains of each of its pages; a page without domains of its
 * own uses its business's domains, so the origin joins those instead (adding it to the page would shut the
 * business domains out). Idempotent; an unknown store is an error.
 */
export function allowOrigin(db: Db, grant: OriginGrant): void {
  db.transaction(() => {
    const stores = (grant.store
      ? sql(db, 'SELECT id, business_id FROM stores WHERE unique_id = ?').all(grant.store)
      : sql(db, 'SELECT id, business_id FROM stores').all()) as { id: number; business_id: number }[];
    if (grant.store && !stores.length) throw new Error(`Unknown store "${grant.store}" in --allow-origin`);
    for (const store of stores) {
      sql(db, 'INSERT OR IGNORE INTO store_origins (store_id, origin) VALUES (?, ?)').run(store.id, grant.origin);
      const pages = sql(db, 'SELECT id, domains FROM pages WHERE store_id = ?').all(store.id) as { id: number; domains: string }[];
      for (const page of pages) {
        if ((JSON.parse(page.domains) as string[]).length) {
          sql(db, 'UPDATE pages SET domains = ? WHERE id = ?').run(addTo(page.domains, grant.origin), page.id);
        } else {
          const domains = sqlValue(db, 'SELECT domains FROM businesses WHERE id = ?').get(store.business_id) as string;
          sql(db, 'UPDATE businesses SET domains = ? WHERE id = ?').run(addTo(domains, grant.origin), store.business_id);
        }
      }
    }
  })();
}

/**
 * Whether any store allows `origin`, or any landing page (or business, for the pages without domains of their own)
 * lists it among its domains: the sites that may load the browser files the server serves. Read from the database
 * on each call, so an origin added by another process (`store add-origin`) counts at once.
 */
export function isMerchantOrigin(db: Db, origin: string): boolean {
  return sqlValue(db, `SELECT EXISTS (
      SELECT 1 FROM store_origins WHERE origin = @origin
      UNION ALL SELECT 1 FROM pages, json_each(pages.domains) WHERE json_each.value = @origin
      UNION ALL SELECT 1 FROM businesses, json_each(businesses.domains) WHERE json_each.value = @origin)`).get({ origin }) === 1;
}
