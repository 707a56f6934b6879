// Server-rendered elements hydrate when they are needed (docs/decisions.md #27), and a tap that comes before is not
// lost: the elements' code is held back (its request stalled) while the shopper taps, then let through; the tap is
// played again once the element it hit has hydrated. Analytics events fire once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Route } from 'playwright';
import { demoAndChromium, watchProblems } from './support/demo.ts';

const env = demoAndChromium();

/** The funnel's events (`svc-analytics`) by name, from every page the tab shows (a navigation loses none). */
async function recordFunnel(page: Page): Promise<string[]> {
  const names: string[] = [];
  await page.exposeFunction('__funnelEvent', (name: string) => void names.push(name));
  await page.addInitScript(`document.addEventListener('svc-analytics', (e) => window.__funnelEvent(e.detail.name))`);
  return names;
}

/** Stalls `svc-elements.js` until `release()`: the server's HTML is on screen, no element of ours is defined. */
async function holdElements(page: Page): Promise<{ release(): Promise<void> }> {
  let held!: (route: Route) => void;
  let released = false;
  const stalled = new Promise<Route>((resolve) => (held = resolve));
  await page.route('**/dist/svc-elements.js', (route) => (released ? route.continue() : held(route)));
  return { release: async () => { released = true; await (await stalled).continue(); } };
}

/** svc-hydrate.js has run (it turns the reserved boxes off): a tap from now on is held until its element hydrates. */
const hydrationScriptRan = (page: Page) => page.waitForFunction(() => (document as unknown as { __svcReservedBoxes?: boolean }).__svcReservedBoxes);

test('a tap on "Tambah ke keranjang" before a product with nothing to choose has hydrated adds the item once, after it hydrates', { timeout: 60_000 }, async () => {
  const page = await env.browser.newPage({ hasTouch: true, viewport: { width: 390, height: 844 } });
  const problems = watchProblems(page);
  const adds: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/public/cart/items') && adds.push(r.url()));
  const elements = await holdElements(page);
  await page.goto(`${env.demo.origin}/ssr/product/topi-terbatas`, { waitUntil: 'commit' }); // the load waits for the held script
  await hydrationScriptRan(page);
  const add = page.locator('svc-product svc-add-to-cart [part="button"]');
  await add.tap(); // the server's button: nothing of ours is defined yet
  assert.equal(await page.evaluate(() => customElements.get('svc-add-to-cart')), undefined, 'tapped before the elements existed');

  await elements.release();
  await page.locator('svc-cart-button [part="badge"]', { hasText: /^1$/ }).waitFor();
  await page.locator('svc-cart-button [part="button"]').click();
  const lines = page.locator('svc-cart-button svc-cart [part~="line"]');
  await lines.first().waitFor();
  assert.equal(await lines.count(), 1);
  assert.equal(await page.locator('svc-cart-button svc-cart [part~="quantity-input"]').first().inputValue(), '1', 'added once');
  assert.equal(adds.length, 1, adds.join());
  assert.deepEqual(problems, []);
  await page.close();
});

test('a card tapped before the catalog has hydrated reports select_item once and opens its product page', { timeout: 60_000 }, async () => {
  const page = await env.browser.newPage({ hasTouch: true, viewport: { width: 390, height: 844 } });
  const problems = watchProblems(page);
  const names = await recordFunnel(page);
  const elements = await holdElements(page);
  await page.goto(`${env.demo.origin}/ssr/`, { waitUntil: 'commit' });
  await hydrationScriptRan(page);
  const card = page.locator('svc-catalog [part~="card"]').first();
  const href = (await card.getAttribute('href'))!;
  await card.tap();
  assert.equal(new URL(page.url()).pathname, '/ssr/', 'the tap is held: no navigation before the catalog hydrates');

  await elements.release();
  await page.waitForURL(`**${href}`);
  await page.locator('svc-product [part="name"]').waitFor();
  assert.equal(names.filter((name) => name === 'select_item').length, 1, names.join());
  assert.equal(names.filter((name) => name === 'view_item_list').length, 1, names.join());
  assert.deepEqual(problems, []);
  await page.close();
});

test('the catalog hydrates at idle time without a tap, and reports its list once', { timeout: 60_000 }, async () => {
  const page = await env.browser.newPage();
  const names = await recordFunnel(page);
  await page.goto(`${env.demo.origin}/ssr/`);
  await page.locator('svc-catalog [part~="filter"]').nth(1).waitFor(); // the chips: rendered by the hydrated catalog
  await page.locator('svc-cart-button[defer-hydration]').waitFor({ state: 'detached' });
  assert.equal(await page.locator('svc-catalog[defer-hydration]').count(), 0);
  assert.deepEqual(names.filter((name) => name === 'view_item_list'), ['view_item_list']);
  await page.close();
});
