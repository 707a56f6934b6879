// svc-storefront/ssr against the real reference server over HTTP: declarative shadow roots, the data the browser
// hydrates from, JSON-LD carrying the live prices and stock, escaping, data given by the caller, and the demo's
// Express-style middleware passing on what it does not serve.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { createReferenceServer } from '../../src/server/index.ts';
import { renderAddToCart, renderCartButton, renderCatalog, renderProduct, type RenderedPage, type StoreConfig } from '../../src/ssr/index.ts';
import { ssrRoutes } from '../../demo/ssr-routes.ts';

const reference = createReferenceServer({ db: ':memory:', config: { webhooks: { deliver: false } } });
const http = createServer((req, res) => void reference.listener(req, res));
let store: StoreConfig;
const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${store.baseUrl}/v3/stores/demo-store/public${path}`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } });
  assert.equal(res.status, 200, path);
  return (await res.json()) as T;
};
type Card = { slug: string; name: string; price_min: string; price_max: string; in_stock: boolean; entity_type: string };
type Json = Record<string, any>;

const jsonLd = (html: string): Json[] => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const dataChild = (html: string): Json => JSON.parse(/<script type="application\/json" data-svc-rendered>([\s\S]*?)<\/script>/.exec(html)![1]!);
/** The element's declarative shadow root: what a parser attaches without script. */
const shadowRoots = (html: string, tag: string) => html.match(new RegExp(`<${tag}(?=[\\s>])[^>]*><template shadowroot="open" shadowrootmode="open">`, 'g'))?.length ?? 0;

before(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  store = { storeId: 'demo-store', storeKey: 'sfk_demo', baseUrl: `http://127.0.0.1:${(http.address() as { port: number }).port}` };
});
after(() => {
  http.close();
  reference.close();
});

describe('renderCatalog', () => {
  test('a declarative shadow root holding every card of the first page: name, price and a real link', async () => {
    const html = await renderCatalog({ store, pageSize: 24, hrefTemplate: '/shop/{type}/{slug}' });
    assert.equal(shadowRoots(html, 'svc-catalog'), 1);
    const { results } = await api<{ results: Card[] }>('/items?page_size=24');
    assert.equal(results.length, 24);
    const shadow = html.slice(html.indexOf('<template'), html.indexOf('</template>')).replace(/\u00a0/g, ' ');
    for (const card of results) {
      assert.ok(shadow.includes(`href="/shop/${card.entity_type}/${card.slug}"`), card.slug);
      assert.ok(shadow.includes(card.name.replace(/&/g, '&amp;')), card.name);
      assert.ok(shadow.includes(`Rp ${Number(card.price_min).toLocaleString('id-ID')}`), `${card.slug} ${card.price_min}`);
    }
  });

  test('the first page and its total travel in the HTML for hydration', async () => {
    const html = await renderCatalog({ store, pageSize: 4, hrefTemplate: '/p/{slug}' });
    const { firstPage } = dataChild(html) as { firstPage: RenderedPage };
    const page = await api<{ results: Card[]; next_cursor: string | null }>('/items?page_size=4');
    const { total } = await api<{ total: number }>('/items/count');
    assert.deepEqual(firstPage.results, page.results);
    assert.equal(firstPage.next_cursor, page.next_cursor);
    assert.equal(firstPage.total, total);
    assert.match(html, new RegExp(`>${total} produk<`)); // the count is rendered, not asked for again
  });

  test('an ItemList of the cards with their prices in IDR, stock and absolute URLs', async () => {
    const html = await renderCatalog({ store, pageSize: 40, hrefTemplate: '/p/{slug}', pageUrl: 'https://shop.example/katalog' });
    const [list] = jsonLd(html);
    const { results } = await api<{ results: Card[] }>('/items?page_size=40');
    assert.equal(list!['@type'], 'ItemList');
    assert.equal(list!.numberOfItems, results.length);
    assert.ok(results.some((card) => !card.in_stock), 'the seed has a sold-out card');
    results.forEach((card, i) => {
      const entry = list!.itemListElement[i];
      assert.equal(entry.position, i + 1);
      assert.equal(entry.url, `https://shop.example/p/${card.slug}`);
      assert.equal(entry.item.name, card.name);
      const offer = entry.item.offers;
      assert.equal(offer.priceCurrency, 'IDR');
      if (card.price_min === card.price_max) assert.equal(offer.price, card.price_min);
      else assert.deepEqual([offer.lowPrice, offer.highPrice], [card.price_min, card.price_max]);
      assert.equal(offer.availability, `https://schema.org/${card.in_stock ? 'InStock' : 'OutOfStock'}`);
    });
  });

  test("the caller's own data, with text that tries to close the script: no request, nothing escapes", async () => {
    const evil = '</script><script>alert(1)</script><!--';
    const page: RenderedPage = {
      results: [{ entity_type: 'product', id: 1, slug: 'x', name: evil, item_type: 'physical', image_url: 'javascript:alert(1)', price_min: '1000',
        price_max: '1000', compare_at_price: null, in_stock: true, category: null }],
      next_cursor: null,
    };
    const html = await renderCatalog({ page, hrefTemplate: '/p/{slug}' });
    assert.equal(html.match(/<script/g)!.length, 2, 'only the data child and the JSON-LD');
    const shadow = html.slice(html.indexOf('<template'), html.indexOf('</template>'));
    assert.ok(!shadow.includes('javascript:') && !JSON.stringify(jsonLd(html)).includes('javascript:'), 'the unsafe image URL is dropped');
    assert.equal(dataChild(html).firstPage.results[0].name, evil);
    assert.equal(jsonLd(html)[0]!.itemListElement[0].item.name, evil);
    assert.ok(html.includes('&lt;/script&gt;&lt;script&gt;alert(1)'), 'the name is text in the shadow root');
  });

  test('neither a store nor a page, or a relative service URL, is refused', async () => {
    await assert.rejects(renderCatalog({ hrefTemplate: '/p/{slug}' }), /needs a store or a page/);
    await assert.rejects(renderCatalog({ store: { ...store, baseUrl: '/v3' }, hrefTemplate: '/p/{slug}' }), /absolute http\(s\) URL/);
  });
});

describe('renderProduct', () => {
  test('a Product with one Offer per variant at its live price, availability from stock', async () => {
    const html = await renderProduct({ store, slug: 'kaos-polos', url: 'https://shop.example/p/kaos-polos' });
    assert.equal(shadowRoots(html, 'svc-product'), 1);
    const product = await api<{ name: string; variants: { id: number; in_stock: boolean }[] }>('/products/kaos-polos');
    const ids = product.variants.map((v) => v.id).join(',');
    const pricing = await api<{ variant_id: number; price: string }[]>(`/variants/pricing?variant_ids=${ids}`);
    const [ld] = jsonLd(html);
    assert.equal(ld!['@type'], 'Product');
    assert.equal(ld!.name, product.name);
    assert.equal(ld!.url, 'https://shop.example/p/kaos-polos');
    assert.equal(ld!.offers.length, product.variants.length);
    product.variants.forEach((variant, i) => {
      const offer = ld!.offers[i];
      assert.equal(offer['@type'], 'Offer');
      assert.equal(offer.price, pricing.find((p) => p.variant_id === variant.id)!.price);
      assert.equal(offer.priceCurrency, 'IDR');
      assert.equal(offer.availability, `https://schema.org/${variant.in_stock ? 'InStock' : 'OutOfStock'}`);
    });
    assert.equal(dataChild(html).rendered.product.slug, 'kaos-polos');
    // the size is the buyer's to choose: until then the button asks for it (no add-to-cart to hydrate yet)
    assert.equal(shadowRoots(html, 'svc-add-to-cart'), 0);
    assert.match(html, /part="add-to-cart"[^>]*>(?:<!--[^>]*-->)*Pilih ukuran/);
    // a product with nothing to choose: its add-to-cart button is a nested declarative shadow root, hydrated by the product
    assert.equal(shadowRoots(await renderProduct({ store, slug: 'topi-terbatas' }), 'svc-add-to-cart'), 1);
    // without script there is no cart: the button is hidden and a note says so (in the element's language)
    assert.match(html, /<\/svc-product>(?:<!--\/lit-part-->)?<noscript><style>svc-product::part\(add-to-cart\)[^<]*\.svc-no-script\[hidden\]\{display:block\}[^<]*<\/style><\/noscript><p class="svc-no-script" hidden>Untuk membeli, aktifkan JavaScript/);
    assert.match(await renderProduct({ store, slug: 'kaos-polos', lang: 'en' }), /<p class="svc-no-script" hidden>To buy, turn on JavaScript in your browser\.<\/p>/);
  });

  test('a sold-out product says OutOfStock; a bundle price option has its own Offer', async () => {
    const { results } = await api<{ results: Card[] }>('/items?page_size=40');
    const soldOut = results.find((card) => !card.in_stock && card.entity_type === 'product')!;
    const [ld] = jsonLd(await renderProduct({ store, slug: soldOut.slug }));
    assert.ok(ld!.offers.every((offer: Json) => offer.availability === 'https://schema.org/OutOfStock'));
    const bundle = results.find((card) => card.entity_type === 'bundle_price_option')!;
    const html = await renderProduct({ store, bundleSlug: bundle.slug });
    const [bundleLd] = jsonLd(html);
    assert.equal(bundleLd!.name, bundle.name);
    assert.deepEqual(bundleLd!.offers.map((o: Json) => [o.price, o.priceCurrency]), [[bundle.price_min, 'IDR']]);
    assert.match(html, /bundle-slug="[^"]+"/);
  });

  test('an unknown slug is the service’s 404', async () => {
    await assert.rejects(renderProduct({ store, slug: 'no-such-product' }), (error: { status?: number }) => error.status === 404);
  });
});

describe('cart button and add-to-cart', () => {
  test('the cart button is its icon box; the cart inside the drawer is left to the browser', async () => {
    const html = await renderCartButton({ checkoutUrl: '/checkout' });
    assert.equal(shadowRoots(html, 'svc-cart-button'), 1);
    assert.match(html, /<svc-cart\s[^>]*>/);
    assert.equal(shadowRoots(html, 'svc-cart'), 0);
  });

  test('add-to-cart is the button the element hydrates; without script, a link to the product page instead', async () => {
    const html = await renderAddToCart({ variantId: 101, href: '/p/kaos-polos?x="1"', lang: 'en' });
    assert.equal(shadowRoots(html, 'svc-add-to-cart'), 1);
    assert.match(html, /<button type="button" class="btn" part="button"/);
    const [, noScript, link] = /<\/svc-add-to-cart>(?:<!--\/lit-part-->)?<noscript>([\s\S]*)<\/noscript>(.*)$/.exec(html)!;
    assert.match(noScript!, /<style>[^<]*svc-add-to-cart:not\(:defined\)[^<]*\{display:none\}[^<]*\.svc-add-to-cart-link\[hidden\]\{display:inline-block\}<\/style>/);
    assert.equal(link, '<a class="svc-add-to-cart-link" href="/p/kaos-polos?x=&quot;1&quot;" hidden>Add to cart</a>');
  });

  test('add-to-cart takes only an http(s) or page-relative href, as the elements do: a javascript: link is left out', async () => {
    for (const href of ['javascript:alert(document.domain)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x']) {
      const html = await renderAddToCart({ variantId: 101, href });
      assert.doesNotMatch(html, /svc-add-to-cart-link|script:|data:text/i, href);
      assert.equal(shadowRoots(html, 'svc-add-to-cart'), 1, 'the button is still there');
    }
    assert.match(await renderAddToCart({ variantId: 101, href: 'https://shop.example/p/kaos' }), /href="https:\/\/shop\.example\/p\/kaos"/);
  });
});

describe('the demo middleware (Express-style)', () => {
  const call = (path: string, method = 'GET') => new Promise<{ passed: boolean; error?: unknown; status?: number; body?: string }>((resolve) => {
    const req = { url: path, method } as IncomingMessage;
    const res = { writeHead: (status: number) => ({ end: (body?: string) => resolve({ passed: false, status, body }) }) } as unknown as ServerResponse;
    ssrRoutes({ store, publicOrigin: 'http://shop.test' })(req, res, (error) => resolve({ passed: true, error }));
  });

  test('serves its pages, passes everything else on', async () => {
    const catalog = await call('/ssr/');
    assert.equal(catalog.status, 200);
    assert.match(catalog.body!, /<svc-catalog\b/);
    assert.match(catalog.body!, /svc-hydrate\.js" fetchpriority="low"><\/script>\s*<script type="text\/plain" data-svc-elements data-src="\/dist\/svc-elements\.js" data-store-id="demo-store"/);
    assert.equal((await call('/ssr/product/kaos-polos')).status, 200);
    assert.equal((await call('/ssr/product/no-such-product')).status, 404);
    for (const path of ['/', '/ssrx', '/ssr/product/%E0%A4%A', '/ssr/other/x']) assert.deepEqual(await call(path), { passed: true, error: undefined }, path);
    assert.deepEqual(await call('/ssr/', 'POST'), { passed: true, error: undefined });
  });
});
