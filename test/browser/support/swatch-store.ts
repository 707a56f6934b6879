import type Database from 'better-sqlite3';

/**
 * A small store for the template tests: a shirt whose two colours have their own image and price and whose one
 * variant is sold out, a handful of single-variant products to page through, one without an image, and a bundle.
 * Kept apart from the demo store so that nothing here changes what the other tests see.
 */
export const SWATCH = { id: 'swatch-store', key: 'sfk_swatch' } as const;

export const SHIRT = {
  slug: 'kemeja-linen',
  name: 'Kemeja Linen',
  red: { image: '/demo/img/kemeja-flanel.webp', price: '150000', compareAt: '180000' },
  blue: { image: '/demo/img/jaket-denim.webp', price: '165000' },
  /** Merah / S: 3 left (low stock); Biru / S: sold out. */
  variants: { redS: 70101, redM: 70102, blueS: 70103, blueM: 70104 },
} as const;

/** Single-variant products in feed order after the shirt (`tanpa-foto` has no image), then the bundle. */
export const SIMPLE = ['gelang-kayu', 'topi-rotan', 'tanpa-foto', 'sabuk-kulit', 'dompet-tenun'] as const;
export const BUNDLE = { slug: 'paket-kemeja', id: 7001, price: '280000' } as const;

export function addSwatchStore(db: Database.Database, origins: string[]): void {
  db.transaction(() => {
    db.prepare("INSERT INTO businesses (id, name, plan, status, paid, domains) VALUES (70, 'Swatch', 'pro', 'active', 1, '[]')").run();
    db.prepare("INSERT INTO stores (id, unique_id, business_id, name, custom_domain) VALUES (70, ?, 70, 'Toko Swatch', 'https://swatch.example')").run(SWATCH.id);
    db.prepare('INSERT INTO store_keys (key, store_id) VALUES (?, 70)').run(SWATCH.key);
    for (const origin of origins) db.prepare('INSERT INTO store_origins (store_id, origin) VALUES (70, ?)').run(origin);
    db.prepare("INSERT INTO categories (id, store_id, slug, name) VALUES (7001, 70, 'kemeja', 'Kemeja'), (7002, 70, 'aksesoris', 'Aksesoris')").run();
    db.prepare(`INSERT INTO products (id, store_id, slug, name, item_type, description_html, images, category_id, listed, position)
      VALUES (7001, 70, ?, ?, 'physical', '<p>Linen <strong>adem</strong>.</p><img src="/demo/img/logo.svg" alt="" onerror="window.__xss(1)">', ?, 7001, 1, 0)`)
      .run(SHIRT.slug, SHIRT.name, JSON.stringify([SHIRT.red.image]));
    const variant = db.prepare('INSERT INTO variants (id, product_id, name, sku, options, price, compare_at_price, weight_grams, stock, image_url) VALUES (?, 7001, ?, ?, ?, ?, ?, 300, ?, ?)');
    variant.run(SHIRT.variants.redS, 'Merah / S', 'KL-RS', '{"Warna":"Merah","Ukuran":"S"}', 150000, 180000, 3, SHIRT.red.image);
    variant.run(SHIRT.variants.redM, 'Merah / M', 'KL-RM', '{"Warna":"Merah","Ukuran":"M"}', 150000, 180000, 10, SHIRT.red.image);
    variant.run(SHIRT.variants.blueS, 'Biru / S', 'KL-BS', '{"Warna":"Biru","Ukuran":"S"}', 165000, null, 0, SHIRT.blue.image);
    variant.run(SHIRT.variants.blueM, 'Biru / M', 'KL-BM', '{"Warna":"Biru","Ukuran":"M"}', 165000, null, 20, SHIRT.blue.image);
    SIMPLE.forEach((slug, i) => {
      const image = slug === 'tanpa-foto' ? '[]' : JSON.stringify([`/demo/img/${['tas-kanvas', 'topi-baseball', '', 'kaus-kaki', 'dompet-kulit'][i]}.webp`]);
      db.prepare(`INSERT INTO products (id, store_id, slug, name, item_type, images, category_id, listed, position) VALUES (?, 70, ?, ?, 'physical', ?, 7002, 1, ?)`)
        .run(7002 + i, slug, slug.replace('-', ' ').replace(/\b\w/g, (c) => c.toUpperCase()), image, i + 1);
      db.prepare('INSERT INTO variants (id, product_id, name, sku, options, price, weight_grams, stock) VALUES (?, ?, ?, NULL, \'{}\', ?, 100, 50)')
        .run(70201 + i, 7002 + i, 'Standar', 20000 + i * 5000);
    });
    db.prepare("INSERT INTO bundles (id, store_id, name) VALUES (70, 70, 'Paket Kemeja')").run();
    db.prepare(`INSERT INTO bundle_price_options (id, bundle_id, store_id, slug, name, image_url, price, compare_at_price, category_id, listed, position)
      VALUES (?, 70, 70, ?, 'Paket 2 Kemeja Merah M', '/demo/img/paket-hemat.webp', 280000, 300000, 7001, 1, 10)`).run(BUNDLE.id, BUNDLE.slug);
    db.prepare('INSERT INTO bundle_components (bundle_price_option_id, variant_id, quantity) VALUES (?, ?, 2)').run(BUNDLE.id, SHIRT.variants.redM);
  })();
}
