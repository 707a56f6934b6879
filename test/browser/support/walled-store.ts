import type Database from 'better-sqlite3';

/**
 * A store and an HTML Mode page whose allowed origins and domains leave out the test page's origin: what a merchant
 * whose site is not allowed yet sees (the diagnostics tests). Added after the test origins went to every store.
 */
export const WALLED = { store: 'walled-store', key: 'sfk_walled', page: 'walled-page', pageKey: 'pgk_walled', origin: 'https://walled.example' } as const;

export function addWalledStore(db: Database.Database): void {
  db.transaction(() => {
    db.prepare("INSERT INTO businesses (id, name, plan, status, paid, domains) VALUES (60, 'Walled', 'pro', 'active', 1, ?)").run(JSON.stringify([WALLED.origin]));
    db.prepare("INSERT INTO stores (id, unique_id, business_id, name, custom_domain) VALUES (60, ?, 60, 'Walled', ?)").run(WALLED.store, WALLED.origin);
    db.prepare('INSERT INTO store_keys (key, store_id) VALUES (?, 60)').run(WALLED.key);
    db.prepare('INSERT INTO store_origins (store_id, origin) VALUES (60, ?)').run(WALLED.origin);
    db.prepare("INSERT INTO pages (id, unique_id, store_id, title, domains) VALUES (60, ?, 60, 'Walled page', ?)").run(WALLED.page, JSON.stringify([WALLED.origin]));
    db.prepare('INSERT INTO page_keys (key, page_id) VALUES (?, 60)').run(WALLED.pageKey);
  })();
}
