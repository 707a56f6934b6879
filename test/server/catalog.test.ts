import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BundlePriceOptionDetail, CategoryList, ItemCardPage, PaymentMethodList, ProductDetail, VariantAvailability, VariantPricingList,
} from '../../src/contract/index.ts';
import { DEMO, testServer } from './helpers.ts';

const { storefront, db } = testServer();

async function allItems(query = '') {
  const items = [];
  let cursor: string | null = null;
  do {
    const page = await storefront('GET', `/items?page_size=7${query}${cursor ? `&next_cursor=${cursor}` : ''}`);
    assert.equal(page.status, 200);
    ItemCardPage.parse(page.json);
    items.push(...page.json.results);
    cursor = page.json.next_cursor;
  } while (cursor);
  return items;
}

describe('catalog feed', () => {
  test('lists products and bundle price options as typed cards, all of them across pages', async () => {
    const items = await allItems();
    const { json: count } = await storefront('GET', '/items/count');
    assert.equal(items.length, count.total);
    assert.ok(count.total >= 30);
    assert.ok(items.some((i) => i.entity_type === 'bundle_price_option' && i.slug === 'paket-hemat'));
    const ebook = items.find((i) => i.slug === 'ebook-resep');
    assert.equal(ebook.item_type, 'digital');
    const kaos = items.find((i) => i.slug === 'kaos-polos');
    assert.deepEqual([kaos.price_min, kaos.price_max], ['85000', '90000']);
    assert.equal(items.find((i) => i.slug === 'masker-kain').in_stock, false);
  });

  test('filters by category slug, and the count follows the filter', async () => {
    const items = await allItems('&category=digital');
    assert.ok(items.length > 0);
    assert.ok(items.every((i) => i.category.slug === 'digital'));
    assert.equal((await storefront('GET', '/items/count?category=digital')).json.total, items.length);
    assert.deepEqual((await storefront('GET', '/items?category=nope')).json.results, []);
  });
});

describe('hidden products', () => {
  test('are absent from items, count and categories', async () => {
    const items = await allItems();
    assert.ok(!items.some((i) => i.slug === 'produk-rahasia'));
    const listed = db.prepare('SELECT count(*) FROM products WHERE store_id = 1 AND listed = 1').pluck().get() as number;
    const bundles = db.prepare('SELECT count(*) FROM bundle_price_options WHERE store_id = 1 AND listed = 1').pluck().get() as number;
    assert.equal((await storefront('GET', '/items/count')).json.total, listed + bundles);

    // a category whose only product is hidden does not show
    db.prepare("INSERT INTO categories (id, store_id, slug, name) VALUES (199, 1, 'rahasia', 'Rahasia')").run();
    db.prepare("UPDATE products SET category_id = 199 WHERE slug = 'produk-rahasia' AND store_id = 1").run();
    const { json: categories } = await storefront('GET', '/categories');
    CategoryList.parse(categories);
    assert.ok(!categories.some((c: { slug: string }) => c.slug === 'rahasia'));
    const total = categories.reduce((sum: number, c: { item_count: number }) => sum + c.item_count, 0);
    assert.equal(total, listed + bundles);
  });

  test('are fetchable by slug, priced and available', async () => {
    const { status, json } = await storefront('GET', '/products/produk-rahasia');
    assert.equal(status, 200);
    const product = ProductDetail.parse(json);
    assert.equal(product.listed, false);
    const variantId = product.variants[0]!.id;
    const pricing = VariantPricingList.parse((await storefront('GET', `/variants/pricing?variant_ids=${variantId}`)).json);
    assert.deepEqual(pricing.map((p) => [p.variant_id, p.price]), [[variantId, '150000']]);
    const availability = VariantAvailability.parse((await storefront('GET', `/variants/${variantId}/availability`)).json);
    assert.equal(availability.in_stock, true);
    assert.equal(availability.available_quantity, 10);
  });
});

describe('product and bundle detail', () => {
  test('product detail has options and variants; unknown slugs are 404', async () => {
    const product = ProductDetail.parse((await storefront('GET', '/products/kaos-polos')).json);
    assert.deepEqual(product.options.map((o) => o.name), ['Warna', 'Ukuran']);
    assert.equal(product.variants.length, 8);
    const missing = await storefront('GET', '/products/tidak-ada');
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error.code, 'not_found');
  });

  test('bundle price option detail lists components and what stock allows', async () => {
    const option = BundlePriceOptionDetail.parse((await storefront('GET', '/bundle-price-options/paket-hemat')).json);
    assert.equal(option.components[0]!.quantity, 3);
    assert.equal(option.available_quantity, Math.floor(25 / 3));
    assert.equal((await storefront('GET', '/bundle-price-options/nope')).status, 404);
  });

  test('a product of another store is not found through this store', async () => {
    assert.equal((await storefront('GET', '/products/kaos-polos', { store: 'otp-store', headers: { 'X-Service-Storefront-Api-Key': 'sfk_otp' } })).status, 200);
    db.prepare("UPDATE products SET slug = 'only-otp' WHERE store_id = 3 AND slug = 'ebook-resep'").run();
    assert.equal((await storefront('GET', '/products/only-otp')).status, 404);
  });
});

describe('payment methods and variant lookups', () => {
  test('only enabled public methods are listed, never no_payment', async () => {
    const methods = PaymentMethodList.parse((await storefront('GET', '/payment-methods')).json);
    const codes = methods.map((m) => m.code);
    assert.ok(!codes.includes('no_payment'));
    assert.ok(!codes.includes('invoice'), 'disabled methods are not listed');
    for (const code of ['bank_transfer', 'cod', 'virtual_account', 'qris', 'ewallet']) assert.ok(codes.includes(code), code);
    assert.ok(methods.find((m) => m.code === 'virtual_account')!.channels.length >= 2);
  });

  test('pricing takes a comma list or repeated ids; other stores\' variants are absent; bad ids are 400', async () => {
    const foreign = db.prepare('SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id WHERE p.store_id = 3 LIMIT 1').pluck().get();
    const { json } = await storefront('GET', `/variants/pricing?variant_ids=101,102&variant_ids=${foreign}`);
    assert.deepEqual(json.map((p: { variant_id: number }) => p.variant_id), [101, 102]);
    for (const bad of ['', '?variant_ids=abc', '?variant_ids=1,-2']) {
      const res = await storefront('GET', `/variants/pricing${bad}`);
      assert.equal(res.status, 400, bad);
      assert.ok(Object.keys(res.json.error.fields).some((f) => f.startsWith('query.variant_ids')), bad);
    }
  });

  test('availability of an unknown or foreign variant is 404, a non-numeric id 400', async () => {
    assert.equal((await storefront('GET', '/variants/999999/availability')).status, 404);
    const foreign = db.prepare('SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id WHERE p.store_id = 3 LIMIT 1').pluck().get();
    assert.equal((await storefront('GET', `/variants/${foreign}/availability`)).status, 404);
    const bad = await storefront('GET', '/variants/abc/availability');
    assert.equal(bad.status, 400);
    assert.ok(bad.json.error.fields['path.variant_id']);
  });
});

test('store id in the path may be numeric or the public unique_id', async () => {
  const byUnique = await storefront('GET', '/items?page_size=5');
  const byNumber = await storefront('GET', '/items?page_size=5', { store: String(DEMO.numericId) });
  assert.equal(byNumber.status, 200);
  assert.deepEqual(byNumber.json, byUnique.json);
  assert.deepEqual((await storefront('GET', '/products/kaos-polos', { store: '1' })).json, (await storefront('GET', '/products/kaos-polos')).json);
});

describe('serialised catalog answers', () => {
  const fresh = testServer();

  test('carry an ETag, answer 304 to a matching If-None-Match, and change as soon as the catalog does', async () => {
    const first = await fresh.storefront('GET', '/items?page_size=5');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await fresh.storefront('GET', '/items?page_size=5', { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    assert.equal(again.headers.get('x-ratelimit-limit'), first.headers.get('x-ratelimit-limit'));

    fresh.db.prepare("UPDATE products SET name = 'Kaos Baru' WHERE slug = 'kaos-polos' AND store_id = 1").run();
    const changed = await fresh.storefront('GET', '/items?page_size=5', { headers: { 'If-None-Match': etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.equal(changed.json.results[0].name, 'Kaos Baru');
  });

  test('stock sold through checkout shows in the cached feed at once', async () => {
    const before = (await fresh.storefront('GET', '/products/topi-terbatas')).json;
    assert.equal(before.variants[0].in_stock, true);
    const order = await fresh.storefront('POST', '/checkout', {
      body: {
        items: [{ type: 'variant', variant_id: before.variants[0].id, quantity: 3 }],
        destination: { location_id: 317402, address: 'Jl. Kenanga 5' }, courier: 'jne', courier_service: 'REG', warehouse_id: 11,
        payment_method: 'bank_transfer', customer: { name: 'Budi', phone: '081234567890' },
      },
    });
    assert.equal(order.status, 201, order.text);
    assert.equal((await fresh.storefront('GET', '/products/topi-terbatas')).json.variants[0].in_stock, false);
  });

  test('are kept per store and per query', async () => {
    const five = await fresh.storefront('GET', '/items?page_size=5');
    const six = await fresh.storefront('GET', '/items?page_size=6');
    assert.equal(five.json.results.length, 5);
    assert.equal(six.json.results.length, 6);
    const other = await fresh.storefront('GET', '/items?page_size=5', { store: 'otp-store', headers: { 'X-Service-Storefront-Api-Key': 'sfk_otp' } });
    assert.notDeepEqual(other.json, five.json);
  });
});
