import * as z from 'zod/mini';
import type { Db } from '../db/database.ts';
import { hashSeedPassword, NO_PASSWORD, sha256 } from '../domain/passwords.ts';
import type { Seed } from './schema.ts';

const id = z.int().check(z.positive());
const origin = z.string().check(z.regex(/^https?:\/\/[^/\s]+$/, 'An origin is scheme://host[:port] without a path'));

/** Customers are per store. Without `password` the account gets a generated one (`is_generated_password_reset`). */
const Customer = z.object({
  id,
  store: z.string(),
  email: z.email(),
  password: z.optional(z.string().check(z.minLength(8))),
  name: z.optional(z.nullable(z.string())),
  phone: z.optional(z.nullable(z.string())),
});
const Page = z.object({
  id,
  unique_id: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]*$/)),
  store: z.string(),
  title: z.string(),
  keys: z.array(z.string().check(z.minLength(4))),
  domains: z.optional(z.array(origin)),
});
const BusinessUser = z.object({
  id,
  email: z.email(),
  name: z.string(),
  password: z.string().check(z.minLength(8)),
  memberships: z.array(z.object({
    id,
    business_id: id,
    role: z.enum(['owner', 'admin', 'staff']),
    status: z.enum(['pending', 'verified']),
  })),
  api_keys: z.optional(z.array(z.object({ key: z.string().check(z.minLength(4)), business_id: id }))),
});
const StoreDisplay = z.object({
  store: z.string(),
  show_logo: z.optional(z.boolean()),
  show_payment_accounts: z.optional(z.boolean()),
  show_courier_etd: z.optional(z.boolean()),
});

export const AccountsSeed = z.object({
  customers: z.optional(z.array(Customer)),
  pages: z.optional(z.array(Page)),
  business_users: z.optional(z.array(BusinessUser)),
  store_display: z.optional(z.array(StoreDisplay)),
});

/** Validates a later-feature section of the (loose) seed file, naming the file's path in errors. */
export function parseSection<S extends z.ZodMiniType>(schema: S, seed: Seed): z.output<S> {
  const result = schema.safeParse(seed);
  if (!result.success) throw new Error(`Invalid seed file:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** `store` of a seed section: the store's unique_id. */
export function storeIdOf(db: Db, uniqueId: string): number {
  const found = db.prepare('SELECT id FROM stores WHERE unique_id = ?').pluck().get(uniqueId) as number | undefined;
  if (found === undefined) throw new Error(`Seed: unknown store "${uniqueId}"`);
  return found;
}

/** `customer_email` + `store` of a seed section → customer id. */
export function customerIdOf(db: Db, storeId: number, email: string): number {
  const found = db.prepare('SELECT id FROM customers WHERE store_id = ? AND email = ?').pluck().get(storeId, email) as number | undefined;
  if (found === undefined) throw new Error(`Seed: unknown customer ${email} of store ${storeId}`);
  return found;
}

/** Seed section (passed to `loadSeed` in index.ts): customers, landing pages, business users, store display. */
export function loadAccounts(db: Db, seed: Seed): void {
  const s = parseSection(AccountsSeed, seed);
  const now = new Date().toISOString();
  for (const c of s.customers ?? []) {
    // A generated password was never shown to anyone: no password matches it until the customer sets one.
    const hash = c.password ? hashSeedPassword(c.password) : NO_PASSWORD;
    db.prepare(
      `INSERT INTO customers (id, store_id, email, password_hash, password_generated, name, phone, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(c.id, storeIdOf(db, c.store), c.email, hash, c.password ? 0 : 1, c.name ?? null, c.phone ?? null, now, now);
  }
  for (const p of s.pages ?? []) {
    db.prepare('INSERT INTO pages (id, unique_id, store_id, title, domains) VALUES (?, ?, ?, ?, ?)')
      .run(p.id, p.unique_id, storeIdOf(db, p.store), p.title, JSON.stringify(p.domains ?? []));
    for (const key of p.keys) db.prepare('INSERT INTO page_keys (key, page_id) VALUES (?, ?)').run(key, p.id);
  }
  for (const u of s.business_users ?? []) {
    db.prepare('INSERT INTO business_users (id, email, name, password_hash) VALUES (?, ?, ?, ?)')
      .run(u.id, u.email, u.name, hashSeedPassword(u.password));
    for (const m of u.memberships) {
      db.prepare('INSERT INTO business_memberships (id, business_id, user_id, role, status, invited_at, verified_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(m.id, m.business_id, u.id, m.role, m.status, now, m.status === 'verified' ? now : null);
    }
    // Business API keys are secrets: only their hash is kept.
    for (const k of u.api_keys ?? []) {
      db.prepare('INSERT INTO business_api_keys (key_hash, user_id, business_id, created_at) VALUES (?, ?, ?, ?)')
        .run(sha256(k.key), u.id, k.business_id, now);
    }
  }
  for (const d of s.store_display ?? []) {
    db.prepare('INSERT INTO store_display (store_id, show_logo, show_payment_accounts, show_courier_etd) VALUES (?, ?, ?, ?)')
      .run(storeIdOf(db, d.store), d.show_logo === false ? 0 : 1, d.show_payment_accounts === false ? 0 : 1, d.show_courier_etd === false ? 0 : 1);
  }
}

