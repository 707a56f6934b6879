// The templates shop (demo/templates.html) rendered on the server (/ssr/templates.html) in Chromium: without
// JavaScript the cards' names, prices and links and the product are there with their JSON-LD; with it, the browser
// adopts the server's DOM without asking the service for what the page holds (no items, product, prices or stock)
// and without moving anything (CLS 0 at 1280 and 390 px), ends with the same DOM the browser renders itself, and works.
// The client-rendered page moves nothing either: its placeholders hold the cards' and the product's boxes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright';
import { demoAndChromium, watchProblems } from './support/demo.ts';

const env = demoAndChromium();
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
type Card = { slug: string; name: string; price_min: string; entity_type: string };

const WATCH_SHIFTS = `window.__cls = 0; window.__moved = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) {
  if (e.hadRecentInput) continue; window.__cls += e.value;
  for (const s of e.sources) window.__moved.push((s.node?.nodeName ?? '?') + ' ' + JSON.stringify(s.previousRect) + ' → ' + JSON.stringify(s.currentRect)); } })
  .observe({ type: 'layout-shift', buffered: true });`;

function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v3/')) seen.push(`${request.method()} ${url.pathname.replace('/v3/stores/demo-store/public', '')}${url.search}`);
  });
  return seen;
}

/** The light DOM of `selector` as a comparable text: tags, sorted attributes (not the state ones), text, comments. */
const LIGHT_DOM = `(selector) => {
  const skip = new Set(['data-svc-state', 'aria-busy', 'defer-hydration']);
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent.replace(/\\s+/g, ' ');
    if (node.nodeType === Node.COMMENT_NODE) return '<!--' + node.data + '-->';
    if (!(node instanceof Element) || node.localName === 'script') return '';
    const attributes = [...node.attributes].filter((a) => !skip.has(a.name)).map((a) => a.name + '="' + a.value + '"').sort().join(' ');
    return '<' + node.localName + ' ' + attributes + '>' + [...node.childNodes].map(walk).join('') + '</' + node.localName + '>';
  };
  return walk(document.querySelector(selector)).replace(/> +</g, '><').replace(/ +/g, ' ');
}`;
const lightDom = (page: Page, selector: string) => page.evaluate(`(${LIGHT_DOM})(${JSON.stringify(selector)})`) as Promise<string>;

async function hydrated(page: Page) {
  await page.waitForFunction(() => customElements.get('svc-context') && !document.querySelector('svc-variant-selector[defer-hydration]')
    && document.querySelector('svc-variant-selector')?.shadowRoot?.querySelector('[part~=value]'));
}

describe('the templates shop rendered on the server', () => {
  test('without JavaScript: every card\'s name, price and link, the product, and their JSON-LD', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requests = apiRequests(page);
    await page.goto(`${env.demo.origin}/ssr/templates.html`);
    const res = await fetch(`${env.demo.origin}/v3/stores/demo-store/public/items?page_size=8`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } });
    const expected = ((await res.json()) as { results: Card[] }).results;
    const cards = page.locator('svc-list .card-link');
    assert.equal(await cards.count(), expected.length);
    for (const [i, item] of expected.entries()) {
      assert.equal(await cards.nth(i).getAttribute('href'), `?${item.entity_type}=${item.slug}#produk`);
      const text = flat(await cards.nth(i).innerText()).replace(/\u00a0/g, ' ');
      assert.ok(text.includes(item.name) && text.includes(`Rp ${Number(item.price_min).toLocaleString('id-ID')}`), text);
    }
    assert.equal(flat(await page.locator('#pdp .pdp-name').innerText()), 'Kaos Polos Premium');
    assert.ok(await page.locator('#pdp svc-variant-selector').getByText('Putih').isVisible(), 'the selector\'s declarative shadow root');
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = ld.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
    assert.deepEqual(types, ['ItemList', 'Product']);
    assert.deepEqual(requests, [], 'no script ran');

    // a card's link is a real page: that product, rendered on the server
    await cards.nth(1).click();
    await page.waitForURL(`**/ssr/templates.html?product=${expected[1]!.slug}#produk`);
    assert.equal(flat(await page.locator('#pdp .pdp-name').innerText()), expected[1]!.name);
    await context.close();
  });

  for (const width of [1280, 390]) {
    test(`hydration at ${width} px asks for nothing the page holds and moves nothing`, async () => {
      const page = await env.browser.newPage({ viewport: { width, height: 900 }, hasTouch: width < 500 });
      const problems = watchProblems(page);
      const requests = apiRequests(page);
      await page.addInitScript(WATCH_SHIFTS);
      await page.goto(`${env.demo.origin}/ssr/templates.html`);
      await hydrated(page);
      await page.waitForTimeout(500);
      assert.deepEqual(requests, [], `requests: ${requests.join(', ')}`);
      const { cls, moved } = await page.evaluate(() => ({ cls: (window as any).__cls as number, moved: ((window as any).__moved as string[]).join('; ') }));
      assert.equal(cls, 0, moved);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  for (const width of [1280, 390]) {
    test(`rendered in the browser at ${width} px, the placeholders hold the boxes: nothing moves`, async () => {
      const page = await env.browser.newPage({ viewport: { width, height: 900 }, hasTouch: width < 500 });
      const problems = watchProblems(page);
      await page.addInitScript(WATCH_SHIFTS);
      await page.goto(`${env.demo.origin}/demo/templates.html`);
      await page.waitForFunction(() => document.querySelectorAll('svc-list .card').length === 8 && document.querySelector('#pdp .pdp-name'));
      await page.waitForTimeout(500);
      const { cls, moved } = await page.evaluate(() => ({ cls: (window as any).__cls as number, moved: ((window as any).__moved as string[]).join('; ') }));
      assert.equal(cls, 0, moved);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  test('the adopted DOM is the one the browser renders itself, and it works', async () => {
    const server = await env.browser.newPage();
    const problems = watchProblems(server);
    const requests = apiRequests(server);
    await server.goto(`${env.demo.origin}/ssr/templates.html`);
    await hydrated(server);
    const client = await env.browser.newPage();
    await client.goto(`${env.demo.origin}/demo/templates.html`);
    // the description comes in last on both (sanitised in the browser)
    await server.locator('#pdp .desc strong').waitFor();
    await client.locator('#pdp .desc strong').waitFor();
    await client.waitForFunction(() => document.querySelectorAll('svc-list .card').length === 8);
    for (const selector of ['#pdp', '#rak']) assert.equal(await lightDom(server, selector), await lightDom(client, selector), selector);
    await client.close();

    // alive: a colour chosen on the hydrated selector, added, stepped in the bag
    await server.locator('#pdp svc-variant-selector label', { hasText: 'Putih' }).click();
    await server.locator('#pdp [data-svc-action=add-to-cart]').click();
    const line = server.locator('dialog[open] .line');
    await line.waitFor();
    assert.match(flat(await line.innerText()), /Kaos Polos Premium Putih \/ S/);
    await line.locator('[data-svc-action=increment]').click();
    await server.locator('dialog .subtotal b', { hasText: '170.000' }).waitFor();
    await server.locator('dialog [data-svc-action=close-cart]').click();
    await server.locator('[aria-controls=rak][data-svc-action=next-page]').click();
    await server.waitForFunction(() => document.querySelector('svc-list')?.hasAttribute('has-previous'));
    assert.ok(requests.some((r) => /^GET \/items\?.*next_cursor=/.test(r)), requests.join(', '));
    assert.deepEqual(problems, []);
    await server.close();
  });
});
