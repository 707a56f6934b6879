import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import type { Db } from '../db/database.ts';
import { insertProduct, insertVariant } from '../domain/catalog-admin.ts';
import { Seed, type SeedStore } from './schema.ts';

export const DEMO_SEED_FILE = fileURLToPath(new URL('./demo-seed.json', import.meta.url));

/** Reads and validates a seed file; a bad file fails with every problem listed, before anything is written. */
export function readSeed(file: string = DEMO_SEED_FILE): Seed {
  const result = Seed.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`Invalid seed file ${file}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

const IMAGE_KEYS = new Set(['image_url', 'logo', 'images']);

/**
 * `seed` with its site-relative image paths (`/demo/img/…`: `image_url`, `images`, `logo` at any depth) made absolute
 * against `base`, the server's address: a merchant's page on another origin shows them, where the path would point
 * at the merchant's own site.
 */
export function withAbsoluteImages(seed: Seed, base: string): Seed {
  const absolute = (value: unknown): unknown => (typeof value === 'string' && /^\/(?!\/)/.test(value) ? new URL(value, base).href : value);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key,
      IMAGE_KEYS.has(key) ? (Array.isArray(item) ? item.map(absolute) : absolute(item)) : walk(item)]));
  };
  return walk(seed) as Seed;
}

/** Loads one section of a seed file beyond businesses, stores and catalog (accounts, history, integrations…). */
export type SeedSection = (db: Db, seed: Seed) => void;

/**
 * Loads a seed into an empty database in one transaction: businesses, stores and their catalog, then `sections` in
 * order (a later one may refer to what an earlier one loaded). A database that already has stores is left as is.
 */
export function loadSeed(db: Db, seed: Seed, sections: readonly SeedSection[]): boolean {
  if ((db.prepare('SELECT count(*) FROM stores').pluck().get() as number) > 0) return false;
  db.transaction(() => {
    const business = db.prepare('INSERT INTO businesses (id, name, plan, status, paid, domains) VALUES (?, ?, ?, ?, ?, ?)');
    for (const b of seed.businesses) {
      business.run(b.id, b.name, b.plan, b.status ?? 'active', b.paid === false ? 0 : 1, JSON.stringify(b.domains ?? []));
    }
    for (const store of seed.stores) insertStore(db, store);
    for (const section of sections) section(db, seed);
  })();
  return true;
}

function insertStore(db: Db, s: SeedStore): void {
  db.prepare(
    `INSERT INTO stores (id, unique_id, business_id, name, logo, custom_domain, requires_otp, other_income, other_income_name, payment_accounts)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(s.id, s.unique_id, s.business_id, s.name, s.logo ?? null, s.custom_domain, s.requires_otp ? 1 : 0,
    s.other_income?.amount ?? 0, s.other_income?.name ?? null, JSON.stringify(s.payment_accounts ?? []));
  for (const key of s.storefront_keys) db.prepare('INSERT INTO store_keys (key, store_id) VALUES (?, ?)').run(key, s.id);
  for (const origin of s.allowed_origins) db.prepare('INSERT INTO store_origins (store_id, origin) VALUES (?, ?)').run(s.id, origin);
  s.payment_methods.forEach((m, position) =>
    db.prepare('INSERT INTO payment_methods (store_id, code, type, name, enabled, channels, position) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(s.id, m.code, m.type, m.name, m.enabled === false ? 0 : 1, JSON.stringify(m.channels ?? []), position));
  for (const w of s.warehouses) db.prepare('INSERT INTO warehouses (id, store_id, name, location_id) VALUES (?, ?, ?, ?)').run(w.id, s.id, w.name, w.location_id);
  for (const c of s.couriers) {
    db.prepare('INSERT INTO couriers (store_id, code, name, services, supports_cod) VALUES (?, ?, ?, ?, ?)')
      .run(s.id, c.code, c.name, JSON.stringify(c.services), c.supports_cod ? 1 : 0);
  }
  const categoryIds = new Map<string, number>();
  for (const c of s.categories ?? []) {
    db.prepare('INSERT INTO categories (id, store_id, slug, name) VALUES (?, ?, ?, ?)').run(c.id, s.id, c.slug, c.name);
    categoryIds.set(c.slug, c.id);
  }
  const categoryOf = (slug: string | null | undefined) => {
    if (!slug) return null;
    const found = categoryIds.get(slug);
    if (found === undefined) throw new Error(`Store ${s.unique_id}: unknown category "${slug}"`);
    return found;
  };
  // The same inserts as the business API and `catalog import` (domain/catalog-admin.ts), with the seed's ids.
  (s.products ?? []).forEach((p, position) => {
    insertProduct(db, s.id, {
      id: p.id, slug: p.slug, name: p.name, item_type: p.item_type, description_html: p.description_html ?? '', images: p.images ?? [],
      category_id: categoryOf(p.category), listed: p.listed !== false, position,
    });
    for (const v of p.variants) {
      insertVariant(db, p.id, {
        id: v.id, name: v.name, sku: v.sku ?? null, options: v.options ?? {}, price: v.price, compare_at_price: v.compare_at_price ?? null,
        weight_grams: v.weight_grams ?? 0, stock: v.stock, image_url: v.image_url ?? null,
      });
    }
  });
  const productCount = s.products?.length ?? 0;
  for (const b of s.bundles ?? []) {
    db.prepare('INSERT INTO bundles (id, store_id, name) VALUES (?, ?, ?)').run(b.id, s.id, b.name);
    b.price_options.forEach((o, i) => {
      db.prepare(
        `INSERT INTO bundle_price_options (id, bundle_id, store_id, slug, name, description_html, image_url, price, compare_at_price, category_id, listed, position)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(o.id, b.id, s.id, o.slug, o.name, o.description_html ?? '', o.image_url ?? null, o.price, o.compare_at_price ?? null,
        categoryOf(o.category), o.listed === false ? 0 : 1, productCount + i);
      for (const c of o.components) {
        db.prepare('INSERT INTO bundle_components (bundle_price_option_id, variant_id, quantity) VALUES (?, ?, ?)').run(o.id, c.variant_id, c.quantity);
      }
    });
  }
  for (const d of s.discount_codes ?? []) {
    db.prepare('INSERT INTO discount_codes (store_id, code, discount_type, value, min_purchase, active, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(s.id, d.code, d.discount_type, d.value, d.min_purchase ?? 0, d.active === false ? 0 : 1, d.expires_at ?? null);
  }
}
