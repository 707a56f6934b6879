import * as z from 'zod/mini';
import type { Db } from '../db/database.ts';
import { purchaseDigest } from '../db/purchase-digest.ts';
import { getSubdistrict } from '../domain/locations.ts';
import { randomSlug, recordStatus, uuidv7 } from '../domain/orders.ts';
import { lookupItem } from '../domain/pricing.ts';
import { customerIdOf, parseSection, storeIdOf } from './accounts-seed.ts';
import type { Seed } from './schema.ts';

const id = z.int().check(z.positive());
const amount = z.int().check(z.nonnegative());
const at = z.iso.datetime({ offset: true });
const status = z.enum(['pending', 'processing', 'shipped', 'completed', 'cancelled']);
const paymentStatus = z.enum(['unpaid', 'paid', 'expired', 'refunded']);

/**
 * Orders migrated from the old platform: they keep their numeric `legacy_id` (accepted on id routes) and get a
 * UUIDv7 from their creation time. Lines are priced from the seeded catalog; shipping is given as charged.
 */
const MigratedOrder = z.object({
  legacy_id: id,
  store: z.string(),
  customer_email: z.optional(z.string()),
  buyer: z.object({ name: z.string(), phone: z.string(), email: z.optional(z.nullable(z.string())) }),
  payment_method: z.string(),
  status,
  payment_status: paymentStatus,
  created_at: at,
  paid_at: z.optional(at),
  items: z.array(z.union([
    z.object({ variant_id: id, quantity: id }),
    z.object({ bundle_price_option_id: id, quantity: id }),
  ])).check(z.minLength(1)),
  destination: z.optional(z.object({ location_id: id, postal_code: z.optional(z.string()), address: z.string() })),
  shipping: z.optional(z.object({
    courier: z.string(), courier_name: z.string(), courier_service: z.string(), service_name: z.string(),
    etd_days_min: id, etd_days_max: id, cost: amount, tracking_number: z.optional(z.string()),
  })),
  history: z.array(z.object({ status, payment_status: paymentStatus, at })),
  dropshipper: z.optional(z.object({ name: z.string(), phone: z.optional(z.string()), product_price: amount, gross_revenue: amount })),
  affiliate: z.optional(z.record(z.string(), z.unknown())),
});

const Subscription = z.object({
  id, store: z.string(), customer_email: z.string(), status: z.enum(['active', 'paused', 'cancelled', 'expired']),
  product_name: z.string(), variant_id: z.optional(id), variant_name: z.optional(z.string()), price: amount,
  interval: z.enum(['week', 'month', 'year']), interval_count: z.optional(id),
  current_period_start: at, current_period_end: at, next_billing_at: z.optional(z.nullable(at)),
  created_at: at, cancelled_at: z.optional(z.nullable(at)),
});

const Course = z.object({
  id, store: z.string(), slug: z.string(), title: z.string(), description: z.optional(z.string()), image_url: z.optional(z.string()),
  sections: z.array(z.object({
    id, title: z.string(),
    contents: z.array(z.object({
      id, title: z.string(), type: z.enum(['video', 'text', 'file']), body_html: z.optional(z.string()),
      video_url: z.optional(z.string()), file_url: z.optional(z.string()), duration_seconds: z.optional(amount),
    })),
  })),
  grants: z.optional(z.array(z.object({ customer_email: z.string(), granted_at: at, expires_at: z.optional(z.nullable(at)) }))),
});

export const HistorySeed = z.object({
  migrated_orders: z.optional(z.array(MigratedOrder)),
  subscriptions: z.optional(z.array(Subscription)),
  courses: z.optional(z.array(Course)),
});

function insertMigratedOrder(db: Db, o: z.output<typeof MigratedOrder>): void {
  const storeId = storeIdOf(db, o.store);
  const store = db.prepare('SELECT other_income, other_income_name FROM stores WHERE id = ?').get(storeId) as
    { other_income: number; other_income_name: string | null };
  const lines = o.items.map((item) => {
    const input = 'variant_id' in item ? { type: 'variant' as const, ...item } : { type: 'bundle_price_option' as const, ...item };
    const line = lookupItem(db, storeId, input);
    if (!line) throw new Error(`Seed: order ${o.legacy_id} has an item that is not sold by ${o.store}`);
    return line;
  });
  const productPrice = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const shippingCost = o.shipping?.cost ?? 0;
  const gross = productPrice + shippingCost + store.other_income;
  const fee = Math.round(gross * 0.01);
  const place = o.destination && getSubdistrict(db, o.destination.location_id);
  if (o.destination && !place) throw new Error(`Seed: order ${o.legacy_id} has an unknown destination`);
  const orderId = uuidv7(Date.parse(o.created_at));
  const { cost: _, ...shipping } = o.shipping ?? { cost: 0 };
  const slug = randomSlug();
  db.prepare(
    `INSERT INTO orders (id, legacy_id, store_id, customer_id, secret_slug, purchase_digest, status, payment_status, payment_method, customer,
       destination, shipping, warehouse_id, product_price, shipping_cost, other_income, other_income_name, gross_revenue,
       platform_fee, net_revenue, affiliate, metadata, created_at, paid_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(orderId, o.legacy_id, storeId, o.customer_email ? customerIdOf(db, storeId, o.customer_email) : null, slug, purchaseDigest(slug),
    o.status, o.payment_status, o.payment_method, JSON.stringify({ ...o.buyer, email: o.buyer.email ?? null }),
    place ? JSON.stringify({ location_id: place.id, label: place.label, postal_code: o.destination!.postal_code ?? null, address: o.destination!.address }) : null,
    o.shipping ? JSON.stringify(shipping) : null,
    o.shipping ? (db.prepare('SELECT id FROM warehouses WHERE store_id = ? ORDER BY id').pluck().get(storeId)) : null,
    productPrice, shippingCost, store.other_income, store.other_income_name, gross, fee, gross - fee,
    o.affiliate ? JSON.stringify(o.affiliate) : null,
    JSON.stringify({ migrated_from: 'legacy', ...(o.dropshipper ? { dropshipper: o.dropshipper } : {}) }),
    o.created_at, o.paid_at ?? null, o.history.at(-1)?.at ?? o.created_at);
  for (const l of lines) {
    const bundle = l.bundlePriceOptionId === null ? null : { id: l.bundlePriceOptionId, name: l.name, slug: l.slug, image_url: l.imageUrl };
    const snapshot = { variants: l.variants, bundle, components: l.needs.map((n) => ({ variant_id: n.variantId, quantity: n.perUnit })) };
    db.prepare('INSERT INTO order_lines (order_id, variant_id, bundle_price_option_id, name, quantity, unit_price, snapshot) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(orderId, l.variantId, l.bundlePriceOptionId, l.variantName ? `${l.name} (${l.variantName})` : l.name, l.quantity, l.unitPrice, JSON.stringify(snapshot));
  }
  for (const h of o.history) recordStatus(db, orderId, h.status, h.payment_status, h.at);
}

/** Seed section (passed to `loadSeed` in index.ts): migrated orders, subscriptions and courses. */
export function loadHistory(db: Db, seed: Seed): void {
  const s = parseSection(HistorySeed, seed);
  for (const o of s.migrated_orders ?? []) insertMigratedOrder(db, o);
  for (const sub of s.subscriptions ?? []) {
    const storeId = storeIdOf(db, sub.store);
    db.prepare(
      `INSERT INTO subscriptions (id, customer_id, status, product_name, variant_id, variant_name, price, interval, interval_count,
         current_period_start, current_period_end, next_billing_at, created_at, cancelled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(sub.id, customerIdOf(db, storeId, sub.customer_email), sub.status, sub.product_name, sub.variant_id ?? null, sub.variant_name ?? null,
      sub.price, sub.interval, sub.interval_count ?? 1, sub.current_period_start, sub.current_period_end, sub.next_billing_at ?? null,
      sub.created_at, sub.cancelled_at ?? null);
  }
  for (const course of s.courses ?? []) {
    const storeId = storeIdOf(db, course.store);
    db.prepare('INSERT INTO courses (id, store_id, slug, title, description, image_url) VALUES (?, ?, ?, ?, ?, ?)')
      .run(course.id, storeId, course.slug, course.title, course.description ?? '', course.image_url ?? null);
    course.sections.forEach((section, i) => {
      db.prepare('INSERT INTO course_sections (id, course_id, title, position) VALUES (?, ?, ?, ?)').run(section.id, course.id, section.title, i);
      section.contents.forEach((c, j) => db.prepare(
        `INSERT INTO course_contents (id, section_id, title, type, body_html, video_url, file_url, duration_seconds, position)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(c.id, section.id, c.title, c.type, c.body_html ?? null, c.video_url ?? null, c.file_url ?? null, c.duration_seconds ?? null, j));
    });
    for (const g of course.grants ?? []) {
      db.prepare('INSERT INTO course_access (course_id, customer_id, granted_at, expires_at) VALUES (?, ?, ?, ?)')
        .run(course.id, customerIdOf(db, storeId, g.customer_email), g.granted_at, g.expires_at ?? null);
    }
  }
}

