import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MerchantBundle, MerchantProduct, MerchantProductPage, MerchantVariant, StockAdjustmentPage } from '../../src/contract/index.ts';
import { accountServer } from './account-helpers.ts';
import { KEYS, merchantServer } from './merchant-helpers.ts';
import { bearer, connectPublicApp } from './oauth-helpers.ts';

const P = '/v3/stores/demo-store';
const TOTE = {
  slug: 'tas-anyaman', name: 'Tas Anyaman', category: 'aksesoris', images: ['https://cdn.example/tas.jpg', '/img/tas-2.jpg'],
  variants: [{ name: 'Natural', sku: 'TAS-N', price: 120000, compare_at_price: '150000', weight_grams: 300, stock: 4, options: { Warna: 'Natural' } }],
};

describe('catalog through the business API: the storefront sees every edit on its next read', () => {
  it('a new product appears in the cached feed (fast path, ETag) and in its detail page', async () => {
    const s = await merchantServer();
    const before = await s.storefront('GET', '/items?page_size=100');
    const etag = before.headers.get('etag')!;
    assert.equal((await s.storefront('GET', '/items?page_size=100', { etag })).status, 304, 'cached and unchanged');

    const created = await s.business('POST', `${P}/products`, KEYS.staff, TOTE);
    assert.equal(created.status, 201, created.text);
    const product = MerchantProduct.parse(created.json);
    assert.deepEqual([product.category, product.listed, product.variants[0]!.price, product.variants[0]!.compare_at_price], ['aksesoris', true, '120000', '150000']);

    const after = await s.storefront('GET', '/items?page_size=100', { etag });
    assert.equal(after.status, 200, 'the old ETag no longer matches');
    assert.notEqual(after.headers.get('etag'), etag);
    const card = after.json.results.find((i: any) => i.slug === 'tas-anyaman');
    assert.deepEqual([card.price_min, card.image_url, card.in_stock, card.category.slug], ['120000', 'https://cdn.example/tas.jpg', true, 'aksesoris']);
    assert.equal(after.json.results.at(-1).slug, 'tas-anyaman', 'new items go last');
    const detail = await s.storefront('GET', '/products/tas-anyaman');
    assert.deepEqual(detail.json.images, TOTE.images);
  });

  it('hiding, repricing and stock changes show on the next read; hidden products stay in the merchant list', async () => {
    const s = await merchantServer();
    await s.storefront('GET', '/items?page_size=100'); // warm the cache
    assert.equal((await s.business('PATCH', `${P}/products/1`, KEYS.owner, { listed: false })).json.listed, false);
    assert.ok(!(await s.storefront('GET', '/items?page_size=100')).json.results.some((i: any) => i.slug === 'kaos-polos'));
    assert.equal((await s.storefront('GET', '/products/kaos-polos')).json.listed, false, 'a direct link still opens it, marked hidden');
    const hidden = MerchantProductPage.parse((await s.business('GET', `${P}/products?listed=false`)).json);
    assert.deepEqual(hidden.results.map((p) => p.slug), ['kaos-polos', 'produk-rahasia']); // the seed hides one already
    assert.equal((await s.business('PATCH', `${P}/products/1`, KEYS.owner, { listed: true })).status, 200);

    const repriced = MerchantVariant.parse((await s.business('PATCH', `${P}/variants/101`, KEYS.staff, { price: 79000, compare_at_price: null })).json);
    assert.deepEqual([repriced.price, repriced.compare_at_price], ['79000', null]);
    const pricing = await s.storefront('GET', '/variants/pricing?variant_ids=101');
    assert.deepEqual([pricing.json[0].price, pricing.json[0].compare_at_price], ['79000', null]);

    const out = await s.business('POST', `${P}/variants/101/stock-adjustments`, KEYS.staff, { delta: -25, reason: 'stock count' });
    assert.equal(out.json.stock, 0);
    assert.deepEqual((await s.storefront('GET', '/variants/101/availability')).json, { variant_id: 101, in_stock: false, available_quantity: 0 });
    const below = await s.business('POST', `${P}/variants/101/stock-adjustments`, KEYS.staff, { delta: -1 });
    assert.equal(below.status, 400);
    assert.ok(below.json.error.fields.delta);
    assert.equal((await s.business('POST', `${P}/variants/101/stock-adjustments`, KEYS.staff, { delta: 0 })).json.error.fields.delta !== undefined, true);
    assert.equal((await s.business('POST', `${P}/variants/101/stock-adjustments`, KEYS.staff, { delta: 7 })).json.stock, 7);
    assert.equal((await s.storefront('GET', '/variants/101/availability')).json.available_quantity, 7);

    // the stock history: each accepted adjustment with the stock it left and its reason, oldest first; refused ones not
    const history = StockAdjustmentPage.parse((await s.business('GET', `${P}/variants/101/stock-adjustments`, KEYS.staff)).json);
    assert.deepEqual(history.results.map(({ delta, stock_after, reason }) => ({ delta, stock_after, reason })),
      [{ delta: -25, stock_after: 0, reason: 'stock count' }, { delta: 7, stock_after: 7, reason: null }]);
    const firstPage = StockAdjustmentPage.parse((await s.business('GET', `${P}/variants/101/stock-adjustments?page_size=1`, KEYS.staff)).json);
    assert.deepEqual(firstPage.results.map((a) => a.delta), [-25]);
    const secondPage = (await s.business('GET', `${P}/variants/101/stock-adjustments?next_cursor=${firstPage.next_cursor}`, KEYS.staff)).json;
    assert.deepEqual(secondPage.results.map((a: { delta: number }) => a.delta), [7]);
    assert.equal((await s.business('GET', `${P}/variants/999/stock-adjustments`, KEYS.staff)).status, 404);
    const tooLong = await s.business('POST', `${P}/variants/101/stock-adjustments`, KEYS.staff, { delta: 1, reason: 'x'.repeat(201) });
    assert.equal(tooLong.status, 400);
    assert.ok(tooLong.json.error.fields.reason);
  });

  it('categories: created, used by the storefront, deleted only when empty', async () => {
    const s = await merchantServer();
    const cat = await s.business('POST', `${P}/categories`, KEYS.owner, { slug: 'tas', name: 'Tas' });
    assert.equal(cat.status, 201);
    assert.equal((await s.business('POST', `${P}/categories`, KEYS.owner, { slug: 'tas', name: 'Again' })).json.error.fields.slug, 'Another category of this store has this slug');
    assert.equal((await s.business('POST', `${P}/products`, KEYS.owner, { ...TOTE, category: 'tas' })).status, 201);
    assert.ok((await s.storefront('GET', '/categories')).json.some((c: any) => c.slug === 'tas' && c.item_count === 1));
    const used = await s.business('DELETE', `${P}/categories/${cat.json.id}`);
    assert.deepEqual([used.status, used.json.error.code], [400, 'invalid_state']);
    assert.equal((await s.business('PATCH', `${P}/products/${(await s.business('GET', `${P}/products?search=tas-anyaman&search_field=slug`)).json.results[0].id}`, KEYS.owner, { category: null })).json.category, null);
    assert.equal((await s.business('PATCH', `${P}/categories/${cat.json.id}`, KEYS.owner, { name: 'Tas & Dompet' })).json.name, 'Tas & Dompet');
    assert.equal((await s.business('DELETE', `${P}/categories/${cat.json.id}`)).status, 204);
    assert.equal((await s.business('DELETE', `${P}/categories/${cat.json.id}`)).status, 404);
  });

  it('bundles and price options: components are variants of this store; the storefront sells the option', async () => {
    const s = await merchantServer();
    const body = { name: 'Paket Tas', price_options: [{ slug: 'paket-dua-kaos', name: 'Dua Kaos', price: 160000, components: [{ variant_id: 101, quantity: 2 }] }] };
    const created = await s.business('POST', `${P}/bundles`, KEYS.owner, body);
    assert.equal(created.status, 201, created.text);
    const bundle = MerchantBundle.parse(created.json);
    assert.deepEqual(bundle.price_options[0]!.components, [{ variant_id: 101, quantity: 2 }]);
    assert.equal((await s.storefront('GET', '/bundle-price-options/paket-dua-kaos')).json.name, 'Dua Kaos');

    const foreign = s.db.prepare("SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id WHERE p.store_id <> 1 LIMIT 1").pluck().get() as number;
    const refused = await s.business('POST', `${P}/bundles/${bundle.id}/price-options`, KEYS.owner,
      { slug: 'paket-lain', name: 'Lain', price: 1, components: [{ variant_id: foreign ?? 999999, quantity: 1 }] });
    assert.equal(refused.status, 400);
    assert.ok(refused.json.error.fields['components.0.variant_id']);
    const nested = await s.business('POST', `${P}/bundles`, KEYS.owner, { name: 'X', price_options: [{ ...body.price_options[0], slug: 'paket-dua-kaos' }] });
    assert.ok(nested.json.error.fields['price_options.0.slug']);
    assert.equal(s.db.prepare("SELECT count(*) FROM bundles WHERE name = 'X'").pluck().get(), 0, 'nothing half-written');

    const option = bundle.price_options[0]!.id;
    const hidden = await s.business('PATCH', `${P}/bundle-price-options/${option}`, KEYS.owner, { listed: false, components: [{ variant_id: 102, quantity: 3 }] });
    assert.deepEqual(hidden.json.price_options[0].components, [{ variant_id: 102, quantity: 3 }]);
    assert.ok(!(await s.storefront('GET', '/items?page_size=100')).json.results.some((i: any) => i.slug === 'paket-dua-kaos'), 'hidden from the feed');
    assert.equal((await s.storefront('GET', '/bundle-price-options/paket-dua-kaos')).json.listed, false);
    assert.equal((await s.business('PATCH', `${P}/bundles/${bundle.id}`, KEYS.owner, { name: 'Paket Kaos Baru' })).json.name, 'Paket Kaos Baru');
    const bundles = (await s.business('GET', `${P}/bundles`)).json;
    assert.deepEqual(bundles.filter((b: any) => b.id === bundle.id).map((b: any) => b.name), ['Paket Kaos Baru']);
    assert.ok(bundles.some((b: any) => b.price_options.some((o: any) => o.slug === 'paket-hemat')), 'the seed\'s bundles are listed too');
  });
});

describe('catalog validation, search and paging', () => {
  it('400 naming the field for every bad input, nothing written', async () => {
    const s = await merchantServer();
    const cases: [unknown, string][] = [
      [{ ...TOTE, slug: 'Tas Kanvas' }, 'slug'],
      [{ ...TOTE, slug: 'kaos-polos' }, 'slug'],
      [{ ...TOTE, category: 'no-such' }, 'category'],
      [{ ...TOTE, images: ['javascript:alert(1)'] }, 'images.0'],
      [{ ...TOTE, variants: [] }, 'variants'],
      [{ ...TOTE, variants: [{ ...TOTE.variants[0], price: -1 }] }, 'variants.0.price'],
      [{ ...TOTE, variants: [{ ...TOTE.variants[0], price: '12.5' }] }, 'variants.0.price'],
      [{ ...TOTE, variants: [{ ...TOTE.variants[0], stock: 1.5 }] }, 'variants.0.stock'],
      [{ ...TOTE, item_type: 'service' }, 'item_type'],
      [{ ...TOTE, colour: 'red' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await s.business('POST', `${P}/products`, KEYS.owner, body);
      assert.equal(res.status, 400, field);
      assert.ok(Object.keys(res.json.error.fields ?? {}).some((f) => f === field || (field === 'body' && f.length)), `${field}: ${res.text}`);
    }
    assert.equal(s.db.prepare("SELECT count(*) FROM products WHERE slug = 'tas-anyaman'").pluck().get(), 0);
    assert.equal((await s.business('PATCH', `${P}/products/1`, KEYS.owner, {})).status, 400);
    assert.equal((await s.business('PATCH', `${P}/products/999`, KEYS.owner, { name: 'x' })).status, 404);
    assert.equal((await s.business('PATCH', `${P}/variants/abc`, KEYS.owner, { name: 'x' })).status, 404);
    assert.equal((await s.business('GET', '/v3/stores/free-store/products', KEYS.owner)).status, 404, 'another business\'s store');
  });

  it('search with search_field (name, slug, sku), category filter and cursor paging', async () => {
    const s = await merchantServer();
    const names = async (query: string) => (await s.business('GET', `${P}/products?${query}`)).json.results.map((p: any) => p.slug);
    assert.ok((await names('search=kaos')).includes('kaos-polos'));
    assert.deepEqual(await names('search=SKU-101&search_field=sku'), ['kaos-polos']);
    assert.deepEqual(await names('search=SKU-101'), [], 'the default field is the name');
    const all = await names('page_size=100');
    const page1 = (await s.business('GET', `${P}/products?page_size=2`)).json;
    const page2 = (await s.business('GET', `${P}/products?page_size=2&next_cursor=${page1.next_cursor}`)).json;
    assert.deepEqual([...page1.results, ...page2.results].map((p: any) => p.slug), all.slice(0, 4));
    assert.ok((await names('category=digital')).length > 0);
    const bad = await s.business('GET', `${P}/products?search_field=price`);
    assert.ok(bad.json.error.fields['query.search_field']);
  });

  it('an OAuth token needs catalog:write to edit; staff may, pending members may not', async () => {
    const s = accountServer();
    const reader = await connectPublicApp(s, 'catalog:read');
    assert.equal((await bearer(s, 'GET', `${P}/products`, reader.access_token)).status, 200);
    const write = await bearer(s, 'PATCH', `${P}/variants/101`, reader.access_token, { stock: 1 });
    assert.equal(write.json.error.code, 'insufficient_scope');
    const staffApp = await connectPublicApp(s, 'catalog:write', { email: 'staff@example.com' });
    assert.equal((await bearer(s, 'PATCH', `${P}/variants/101`, staffApp.access_token, { stock: 1 })).json.stock, 1);
    assert.equal((await s.business('PATCH', `${P}/variants/101`, 'bk_member', { body: { stock: 2 } })).status, 403);
  });
});
