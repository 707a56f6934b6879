import type Database from 'better-sqlite3';

/**
 * Hostile content for the XSS tests: every string a merchant or a buyer controls is a payload that would run
 * `window.__xss(...)` if any element rendered it as markup. Kept in the browser tests' own store so that no other
 * test sees it.
 */
export const XSS_PAYLOADS = [
  '<img src=x onerror="window.__xss(\'img\')">',
  '<script>window.__xss("script")</script>',
  '"><svg onload=window.__xss("svg")>',
  '\'><iframe srcdoc="<script>parent.__xss(1)</script>">',
  '<a href="javascript:window.__xss(\'href\')">klik</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss("mxss")>',
  '${window.__xss("template")}{{constructor.constructor("window.__xss(1)")()}}',
  '<details open ontoggle=window.__xss("toggle")>',
];
/** The server's name of the store's payment method with a code no element knows (so that name is shown). */
export const HOSTILE_METHOD_NAME = XSS_PAYLOADS[6]!;
export const HOSTILE = { id: 'hostile-store', key: 'sfk_hostile', numericId: 50 } as const;

/** Copies the demo store's set-up into a hostile twin whose every displayed string is a payload. */
export function addHostileStore(db: Database.Database, origins: string[]): void {
  const p = (i: number) => XSS_PAYLOADS[i % XSS_PAYLOADS.length]!;
  const description = XSS_PAYLOADS.join('<br>');
  db.transaction(() => {
    db.prepare("INSERT INTO businesses (id, name, plan, status, paid, domains) VALUES (50, ?, 'pro', 'active', 1, '[]')").run(p(0));
    db.prepare(`INSERT INTO stores (id, unique_id, business_id, name, logo, custom_domain, other_income, other_income_name, payment_accounts)
      VALUES (50, ?, 50, ?, NULL, 'https://hostile.example', 1000, ?, ?)`)
      .run(HOSTILE.id, p(2), p(3), JSON.stringify([{ bank_name: p(4), account_number: '123', account_name: p(5) }]));
    db.prepare('INSERT INTO store_keys (key, store_id) VALUES (?, 50)').run(HOSTILE.key);
    for (const origin of origins) db.prepare('INSERT INTO store_origins (store_id, origin) VALUES (50, ?)').run(origin);
    db.prepare(`INSERT INTO payment_methods (store_id, code, type, name, enabled, channels, position)
      SELECT 50, code, type, ?, enabled, ?, position FROM payment_methods WHERE store_id = 1`)
      .run(p(6), JSON.stringify([{ code: 'bca', name: p(7) }]));
    // the elements name the known method codes themselves; a code of the merchant's own shows the server's name
    db.prepare(`INSERT INTO payment_methods (store_id, code, type, name, enabled, channels, position)
      VALUES (50, 'hostile_transfer', 'bank_transfer', ?, 1, '[]', 99)`).run(HOSTILE_METHOD_NAME);
    db.prepare('INSERT INTO warehouses (id, store_id, name, location_id) VALUES (501, 50, ?, 317401)').run(p(0));
    db.prepare('INSERT INTO couriers (store_id, code, name, services, supports_cod) SELECT 50, code, ?, services, supports_cod FROM couriers WHERE store_id = 1')
      .run(p(1));
    db.prepare("INSERT INTO categories (id, store_id, slug, name) VALUES (5001, 50, 'xss', ?)").run(p(2));
    XSS_PAYLOADS.forEach((name, i) => {
      db.prepare(`INSERT INTO products (id, store_id, slug, name, item_type, description_html, images, category_id, listed, position)
        VALUES (?, 50, ?, ?, 'physical', ?, ?, 5001, 1, ?)`)
        .run(5001 + i, `xss-${i}`, name, description, JSON.stringify([`javascript:window.__xss('image-${i}')`]), i);
      db.prepare(`INSERT INTO variants (id, product_id, name, sku, options, price, weight_grams, stock) VALUES (?, ?, ?, ?, ?, 10000, 200, 50)`)
        .run(50001 + i, 5001 + i, p(i + 1), p(i + 2), JSON.stringify({ [p(i + 3)]: p(i + 4) }));
    });
  })();
}
