// svc-storefront/ssr's renderTemplates against the real reference server over HTTP: a page's templates rendered
// with their data (bound text, links, prices, images, conditions, repeats, the variant selector's declarative
// shadow root), the data child the browser's first reads are answered from, JSON-LD, the page around left byte for
// byte, hostile data escaped, refused bindings refused as in the browser, and the cart left to the browser.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { createReferenceServer } from '../../src/server/index.ts';
import { renderTemplates, type StoreConfig } from '../../src/ssr/index.ts';
import { physicalCheckout, variant } from './order-fixtures.ts';

const reference = createReferenceServer({ db: ':memory:', config: { webhooks: { deliver: false } } });
const http = createServer((req, res) => void reference.listener(req, res));
let store: StoreConfig;
type Json = Record<string, any>;
const api = async (path: string): Promise<Json> =>
  (await fetch(`${store.baseUrl}/v3/stores/demo-store/public${path}`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } })).json() as Promise<Json>;
const jsonLd = (html: string): Json[] => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const dataChild = (html: string): Json => JSON.parse(/<script type="application\/json" data-svc-rendered>([\s\S]*?)<\/script>/.exec(html)![1]!);
const rupiah = (amount: string | number) => `Rp&nbsp;${Number(amount).toLocaleString('id-ID')}`;

before(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  store = { storeId: 'demo-store', storeKey: 'sfk_demo', baseUrl: `http://127.0.0.1:${(http.address() as { port: number }).port}` };
});
after(() => {
  http.close();
  reference.close();
});

const CARD = '<template><a class="card" href="{{ url }}"><img data-svc-media="image" alt="{{ name }}"><b data-svc-text="name"></b> <i data-svc-money="price"></i><s data-svc-if="on_sale">%</s></a></template>';

describe('renderTemplates', () => {
  test('a list: each card rendered after the template with its link, name, price and image; the first page travels along', async () => {
    const page = `<!doctype html><html><head><title>t</title></head><body><h1>Shop</h1>
<svc-list page-size="4" href-template="/p/{slug}">${CARD}<p data-svc-placeholder>…</p></svc-list><footer>end</footer></body></html>`;
    const html = await renderTemplates(page, { store, pageUrl: 'https://shop.example/' });
    const first = await api('/items?page_size=4');
    assert.ok(html.startsWith('<!doctype html><html><head><title>t</title></head><body><h1>Shop</h1>\n<svc-list'), 'the page before is left as written');
    assert.ok(html.endsWith('<footer>end</footer></body></html>'));
    assert.ok(!html.includes('data-svc-placeholder'), 'the data is there: no placeholder');
    assert.match(html, /<svc-list page-size="4" href-template="\/p\/\{slug\}" data-svc-state="ready" has-next><template>/);
    for (const card of first.results) {
      assert.ok(html.includes(`<!--svc-item ${card.entity_type}${card.id}--><a class="card" href="/p/${card.slug}">`), card.slug);
      assert.ok(html.includes(`<b data-svc-text="name">${card.name.replace(/&/g, '&amp;')}</b>`), card.name);
      assert.ok(html.includes(`<i data-svc-money="price">${rupiah(card.price_min)}</i>`), card.slug);
      assert.ok(html.includes(`src="${card.image_url}"`), card.slug);
    }
    assert.equal((html.match(/<!--svc-if-->/g) ?? []).length, first.results.filter((c: Json) => !(c.compare_at_price && Number(c.compare_at_price) > Number(c.price_max))).length);
    assert.deepEqual(dataChild(html).firstPage, { results: first.results, next_cursor: first.next_cursor });
    const [list] = jsonLd(html);
    assert.equal(list!['@type'], 'ItemList');
    assert.equal(list!.itemListElement[0].url, `https://shop.example/p/${first.results[0].slug}`);
  });

  test('a product: the chosen variant\'s live price and stock, its options, the selector\'s shadow root, JSON-LD', async () => {
    const html = await renderTemplates(`<svc-context type="product" slug="topi-terbatas" href-template="/p/{slug}"><template>
      <h1 data-svc-text="product.name"></h1><a class="self" data-svc-attr-href="product.url">x</a><p class="left" data-svc-if="variant.low_stock">{{ variant.stock }}</p>
      <input type="number" data-svc-quantity><svc-variant-selector></svc-variant-selector><div data-svc-html="product.description_html"></div>
      <select data-svc-option="Ukuran"><option>All size</option><option>Other</option></select></template></svc-context>`, { store, pageUrl: 'https://shop.example/p/topi-terbatas' });
    const product = await api('/products/topi-terbatas');
    const stock = await api(`/variants/${product.variants[0].id}/availability`);
    assert.match(html, new RegExp(`<h1 data-svc-text="product.name">${product.name}</h1>`));
    assert.match(html, /<a class="self" data-svc-attr-href="product.url" href="\/p\/topi-terbatas">/);
    assert.match(html, new RegExp(`<p class="left" data-svc-if="variant.low_stock">${stock.available_quantity}</p>`));
    assert.match(html, new RegExp(`<input type="number" data-svc-quantity value="1" max="${stock.available_quantity}">`));
    assert.match(html, /<option selected>All size<\/option><option>Other<\/option>/);
    assert.match(html, /<svc-variant-selector defer-hydration><template shadowroot(mode)?="open"/);
    assert.match(html, /<div data-svc-html="product.description_html"><\/div>/, 'the description is sanitised in the browser');
    const data = dataChild(html);
    assert.deepEqual(data.product, product);
    assert.deepEqual(data.availability, stock);
    assert.equal(data.pricing.length, product.variants.length);
    const [ld] = jsonLd(html);
    assert.equal(ld!['@type'], 'Product');
    assert.equal(ld!.url, 'https://shop.example/p/topi-terbatas');
    assert.equal(ld!.offers[0].price, data.pricing[0].price);
  });

  test('hostile data is escaped, refused bindings stay refused, the cart and unknown markup are left to the browser', async (t) => {
    const warn = t.mock.method(console, 'warn', () => {}); // what the merchant is told, checked here rather than printed
    const html = await renderTemplates(`<svc-context type="product" slug="kaos-polos"><template>
      <a onclick="{{ product.name }}" data-svc-attr-onmouseover="product.name" data-svc-attr-style="product.name" title="{{ product.name }}&quot;">x</a>
      <a class="js" href="{{ product.url }}">y</a></template></svc-context>
      <svc-context type="cart"><template>{{ cart.count }}</template><p data-svc-placeholder>bag</p></svc-context>`, { store });
    assert.deepEqual(warn.mock.calls.map((call) => call.arguments[0]), [
      '[svc] svc-storefront/ssr: onclick="{{ product.name }}": data cannot be written into an event handler attribute; left as written',
      '[svc] svc-storefront/ssr: data-svc-attr-onmouseover: data cannot be bound to an event handler attribute; ignored',
      '[svc] svc-storefront/ssr: data-svc-attr-style: data cannot be bound to the style attribute (use data-svc-class-NAME); ignored',
    ]);
    assert.match(html, /onclick="\{\{ product.name \}\}"/, 'left as written');
    assert.ok(!/ onmouseover=| style=/.test(html));
    assert.match(html, /title="Kaos Polos Premium&quot;"/);
    assert.match(html, /<a class="js">y<\/a>/, 'no href for a link the template could not make');
    assert.match(html, /<svc-context type="cart"><template>\{\{ cart.count \}\}<\/template><p data-svc-placeholder>bag<\/p><\/svc-context>/);
  });

  test('an order by its secret slug: its number, totals and lines, and the order in the data child', async () => {
    const res = await fetch(`${store.baseUrl}/v3/stores/demo-store/public/checkout`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Service-Storefront-Api-Key': 'sfk_demo' },
      body: JSON.stringify(physicalCheckout([variant(101, 2)])),
    });
    assert.equal(res.status, 201);
    const order = (await res.json()) as Json;
    const html = await renderTemplates(`<svc-context type="order" secret="${order.secret_slug}"><template><h1>{{ order.order_number }}</h1>
      <b data-svc-money="order.gross_revenue"></b><p data-svc-if="!paid">unpaid</p><template data-svc-each="items"><i>{{ line.quantity }}× {{ line.name }}</i></template></template></svc-context>`, { store });
    assert.match(html, new RegExp(`<h1>${order.order_number}</h1>`));
    assert.ok(html.includes(`<b data-svc-money="order.gross_revenue">${rupiah(order.gross_revenue)}</b>`));
    assert.match(html, /<p data-svc-if="!paid">unpaid<\/p>/);
    assert.match(html, /<i>2× Kaos Polos Premium \(Hitam \/ S\)<\/i>/);
    assert.equal(dataChild(html).order.secret_slug, order.secret_slug);
    assert.equal(jsonLd(html).length, 0, 'an order is nobody\'s search result');
  });

  test('an unknown slug rejects with the service\'s 404', async () => {
    await assert.rejects(renderTemplates('<svc-context type="product" slug="tidak-ada"><template>x</template></svc-context>', { store }),
      (error: { status?: number }) => error.status === 404);
  });
});
