// The server-rendered storefront of `npm start` (/ssr/, demo/ssr-routes.ts) in Chromium: without JavaScript every
// card's name, price and link is there and the links lead to readable product pages; with it, hydration asks the
// service for nothing the page holds (no items, no product), moves nothing (CLS 0), and the elements work after.
import assert from 'node:assert/strict';
import { createServer, request as forward } from 'node:http';
import { describe, test } from 'node:test';
import type { Page } from 'playwright';
import { demoAndChromium, watchProblems } from './support/demo.ts';

const env = demoAndChromium();
type Card = { slug: string; name: string; price_min: string; entity_type: string };
const rupiah = (amount: string) => `Rp ${Number(amount).toLocaleString('id-ID')}`;
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

async function firstPage(size = 24): Promise<Card[]> {
  const res = await fetch(`${env.demo.origin}/v3/stores/demo-store/public/items?page_size=${size}`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } });
  return ((await res.json()) as { results: Card[] }).results;
}

/** Sums layout shifts from the first frame on (hydration included), `__cls` in the page; `__moved` names what moved. */
const WATCH_SHIFTS = `window.__cls = 0; window.__moved = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) {
  if (e.hadRecentInput) continue; window.__cls += e.value;
  for (const s of e.sources) window.__moved.push((s.node?.nodeName ?? '?') + ' ' + JSON.stringify(s.previousRect) + ' → ' + JSON.stringify(s.currentRect)); } })
  .observe({ type: 'layout-shift', buffered: true });`;
/** The page's CLS, and what moved (for the failure message). */
const shifts = (page: Page) => page.evaluate(() => {
  const seen = window as unknown as { __cls: number; __moved: string[] };
  return { cls: seen.__cls, moved: seen.__moved.join('; ') };
});

/**
 * Serves the demo's `path` as a slow network delivers it: its HTML up to `cutAt(html)`, the rest 400 ms later (the
 * browser paints in between); everything else (bundles, styles, the API) from the demo, as if this origin served it.
 */
async function servedWithPause(path: string, cutAt: (html: string) => number): Promise<{ url: string; close(): void }> {
  const whole = await (await fetch(`${env.demo.origin}${path}`)).text();
  const cut = cutAt(whole);
  assert.ok(cut > 0, `a place to pause in ${path}`);
  const demo = new URL(env.demo.origin);
  const paused = createServer((req, res) => {
    if (req.url === path) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).write(whole.slice(0, cut));
      return void setTimeout(() => res.end(whole.slice(cut)), 400);
    }
    req.pipe(forward({ host: demo.hostname, port: demo.port, path: req.url, method: req.method, headers: { ...req.headers, host: demo.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    }));
  });
  await new Promise<void>((resolve) => paused.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(paused.address() as { port: number }).port}${path}`, close: () => paused.close() };
}

/** Loads `url` at a desktop and a phone width: nothing moved by 300 ms after `hydrated`, and no problem. */
async function assertNoShift(url: string, hydrated: (page: Page) => Promise<unknown>): Promise<void> {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await env.browser.newPage({ viewport });
    const problems = watchProblems(page);
    await page.addInitScript(WATCH_SHIFTS);
    await page.goto(url);
    await hydrated(page);
    await page.waitForTimeout(300);
    const { cls, moved } = await shifts(page);
    assert.equal(cls, 0, `${viewport.width}px: ${moved}`);
    assert.deepEqual(problems, []);
    await page.close();
  }
}

/** The catalog API requests a page makes (paths below the store's public routes, with their queries). */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v3/')) seen.push(`${request.method()} ${url.pathname.replace('/v3/stores/demo-store/public', '')}${url.search}`);
  });
  return seen;
}

describe('server-rendered storefront without JavaScript', () => {
  test("the catalog shows every card's name, price and link, and the links lead to product pages", async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requests = apiRequests(page);
    await page.goto(`${env.demo.origin}/ssr/`);
    const cards = page.locator('svc-catalog [part~="card"]');
    const expected = await firstPage();
    assert.equal(await cards.count(), expected.length);
    for (const [i, item] of expected.entries()) {
      const card = cards.nth(i);
      assert.ok(await card.isVisible(), item.slug);
      assert.equal(await card.getAttribute('href'), `/ssr/${item.entity_type}/${item.slug}`);
      const text = flat(await card.innerText());
      assert.ok(text.includes(item.name), `${item.slug}: ${text}`);
      assert.ok(text.replace(/\u00a0/g, ' ').includes(rupiah(item.price_min)), `${item.slug}: ${text}`);
    }
    assert.deepEqual(requests, [], 'no script ran');

    // a product card's link followed; a bundle's page (the bundles come after the first page) at its card's address
    const product = expected.find((i) => i.entity_type === 'product')!;
    await cards.nth(expected.indexOf(product)).click();
    await page.waitForURL(`**/ssr/product/${product.slug}`);
    const bundle = (await firstPage(40)).find((i) => i.entity_type === 'bundle_price_option')!;
    for (const item of [product, bundle]) {
      if (item === bundle) await page.goto(`${env.demo.origin}/ssr/bundle_price_option/${bundle.slug}`);
      assert.equal(flat(await page.locator('svc-product [part="name"]').innerText()), item.name);
      assert.ok((await page.locator('svc-product [part~="price"]').innerText()).replace(/\u00a0/g, ' ').includes(rupiah(item.price_min)));
      // no cart without script: no dead add-to-cart button, a note instead
      assert.equal(await page.locator('svc-product svc-add-to-cart [part="button"]').isVisible(), false);
      assert.ok(await page.getByText('Untuk membeli, aktifkan JavaScript').isVisible());
    }
    await context.close();
  });
});

describe('hydration of the server-rendered pages', () => {
  test('the catalog hydrates without asking for its items, moves nothing, and works after', async () => {
    const page = await env.browser.newPage();
    const problems = watchProblems(page);
    const requests = apiRequests(page);
    await page.addInitScript(WATCH_SHIFTS);
    await page.goto(`${env.demo.origin}/ssr/`);
    await page.waitForFunction(() => (document.querySelector('svc-catalog') as unknown as { hasUpdated?: boolean } | null)?.hasUpdated);
    const chips = page.locator('svc-catalog [part~="filter"]');
    await chips.nth(1).waitFor(); // the categories: the one request the server did not answer for it
    await page.waitForTimeout(500);
    assert.deepEqual(requests.filter((r) => /\/items\b/.test(r)), [], `requests: ${requests.join(', ')}`);
    const { cls, moved } = await shifts(page);
    assert.equal(cls, 0, moved);
    assert.equal(await page.locator('svc-catalog [part~="card"]').count(), 24);
    assert.deepEqual(problems, []);

    // alive: the next page follows the server's first one (its cursor came with it)
    await page.locator('svc-catalog [part~="load-more"]').click();
    await page.waitForFunction(() => document.querySelector('svc-catalog')!.shadowRoot!.querySelectorAll('[part~="card"]').length === 31);
    assert.ok(requests.some((r) => /^GET \/items\?.*next_cursor=/.test(r)), requests.join(', '));
    // and a chip asks for that category's items and the grid shows them
    const category = (await chips.nth(1).innerText()).trim();
    await chips.nth(1).click();
    await page.waitForFunction((name) => {
      const cards = [...document.querySelector('svc-catalog')!.shadowRoot!.querySelectorAll('[part~="card-category"]')];
      return cards.length > 0 && cards.every((c) => c.textContent!.trim() === name);
    }, category);
    assert.ok(requests.some((r) => /^GET \/items\?category=/.test(r)), requests.join(', '));
    await page.close();
  });

  test('the product page hydrates without asking for the product, and adds to the cart', async () => {
    const page = await env.browser.newPage();
    const problems = watchProblems(page);
    const requests = apiRequests(page);
    await page.addInitScript(WATCH_SHIFTS);
    await page.goto(`${env.demo.origin}/ssr/product/kaos-polos`);
    await page.waitForFunction(() => (document.querySelector('svc-product') as unknown as { hasUpdated?: boolean } | null)?.hasUpdated);
    await page.waitForTimeout(500);
    assert.deepEqual(requests.filter((r) => /\/products\/|\/items\b/.test(r)), [], `requests: ${requests.join(', ')}`);
    const { cls, moved } = await shifts(page);
    assert.equal(cls, 0, moved);
    assert.equal(await page.locator('.svc-no-script').isVisible(), false, 'the no-script note stays hidden');

    // a size picked on the hydrated picker, then added: the badge counts it and the drawer lists it
    await page.locator('svc-product [part~="option-value"]', { hasText: /^\s*M\s*$/ }).click();
    await page.locator('svc-product svc-add-to-cart [part="button"]').click();
    await page.locator('svc-cart-button [part="badge"]', { hasText: '1' }).waitFor();
    await page.locator('svc-cart-button [part="button"]').click();
    const line = page.locator('svc-cart-button svc-cart [part~="line"]');
    await line.first().waitFor();
    assert.match(flat(await line.first().innerText()), /Kaos Polos Premium.*M/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("without its data the catalog asks for its page itself and then hydrates; if that fails, the server's cards stay", async () => {
    for (const itemsFail of [false, true]) {
      const page = await env.browser.newPage();
      const requests = apiRequests(page);
      await page.addInitScript(WATCH_SHIFTS);
      // the page as a cache or a proxy might mangle it: no data child, so svc-hydrate.js has no answer to give
      await page.route('**/ssr/', async (route) => {
        const answer = await route.fetch();
        await route.fulfill({ response: answer, body: (await answer.text()).replace(/<script type="application\/json" data-svc-rendered>[^]*?<\/script>/, '') });
      });
      if (itemsFail) await page.route('**/public/items?*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
      const categoriesAsked = page.waitForRequest(/\/public\/categories/); // once the feed has answered or failed
      await page.goto(`${env.demo.origin}/ssr/`);
      await categoriesAsked;
      if (!itemsFail) await page.locator('svc-catalog [part~="filter"]').nth(1).waitFor(); // hydrated: the chips render
      await page.waitForTimeout(300);
      assert.ok(requests.some((r) => /^GET \/items\?page_size=24/.test(r)), requests.join(', '));
      const cards = page.locator('svc-catalog [part~="card"]');
      assert.equal(await cards.count(), 24, itemsFail ? 'the server\'s cards' : 'hydrated, not rendered again beside them');
      assert.match((await cards.first().getAttribute('href')) ?? '', /^\/ssr\//);
      assert.equal(await page.locator('svc-catalog [part="state"]').count(), 0, 'no error state over the cards');
      const { cls, moved } = await shifts(page);
      assert.equal(cls, 0, moved);
      await page.close();
    }
  });

  test('HTML that pauses inside a card paints no card before it is whole: CLS 0 on the catalog', async () => {
    // up to the third card's image box, then the rest: the card's text comes first in its DOM and last on screen
    const paused = await servedWithPause('/ssr/', (whole) => {
      let cut = -1;
      for (let i = 0; i < 3; i++) cut = whole.indexOf('part="card-media"', cut + 1);
      return whole.lastIndexOf('<', cut);
    });
    try {
      await assertNoShift(paused.url, (page) => page.locator('svc-catalog [part~="filter"]').nth(1).waitFor()); // hydrated
    } finally {
      paused.close();
    }
  });

  test('HTML that pauses before the cart button moves nothing in the header: CLS 0 on the product page', async () => {
    // the header's link painted alone, the cart button (taller) after it: the row holds the button's height
    const paused = await servedWithPause('/ssr/product/kaos-polos', (whole) => whole.indexOf('</a>', whole.indexOf('class="ssr-bar"')) + '</a>'.length);
    try {
      await assertNoShift(paused.url, (page) => page.waitForFunction(() => (document.querySelector('svc-product') as unknown as { hasUpdated?: boolean } | null)?.hasUpdated));
    } finally {
      paused.close();
    }
  });

  test('a slow device paints no box before its final size: CLS 0 on the product page at an 8× CPU throttle', async () => {
    // the throttle makes the parser yield mid-document, so frames show the header before the cart button's shadow
    // root is parsed: the cart button's box must be there from its start tag (a property of the layout, not timing)
    const page = await env.browser.newPage();
    const problems = watchProblems(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.addInitScript(WATCH_SHIFTS);
    await page.goto(`${env.demo.origin}/ssr/product/kaos-polos`);
    await page.waitForFunction(() => (document.querySelector('svc-product') as unknown as { hasUpdated?: boolean } | null)?.hasUpdated, undefined, { timeout: 30_000 });
    await page.waitForTimeout(500);
    const { cls, moved } = await shifts(page);
    assert.equal(cls, 0, moved);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
