// One client per page: a page with the elements (svc-elements.js) and the headless client and session
// (svc-storefront/client, /session) loads the client's code once. The three import it from one file, svc-core.js,
// fetched once; and it is one module instance: an error raised in the elements' client is an instance of client.js's
// ApiError class. A headless storefront of the same store keeps its own cart state (docs/client.md).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { demoAndChromium, watchProblems } from './support/demo.ts';

const env = demoAndChromium();

const PAGE = `<!doctype html><html lang="id"><head><meta charset="utf-8">
<script type="module" src="/dist/svc-elements.js"></script>
</head><body>
<svc-store store-id="demo-store" store-key="sfk_demo"><svc-catalog page-size="4"></svc-catalog></svc-store>
<script type="module">
  import { ApiError, listItems } from '/dist/client.js';
  import { createStorefront } from '/dist/session.js';
  await customElements.whenDefined('svc-store');
  const elementsClient = document.querySelector('svc-store').storefront.client;
  // a request of the elements' own client, refused by the service: its error class is the one client.js exports
  const error = await listItems(elementsClient, { page_size: 0 }).then(() => undefined, (e) => e);
  const shop = createStorefront({ baseUrl: '', storeId: 'demo-store', storeKey: 'sfk_demo' });
  window.oneClient = { sameClass: error instanceof ApiError, status: error?.status, headless: typeof shop.$cart.get };
</script>
</body></html>`;

test('the elements, client.js and session.js on one page share one copy of the client', { timeout: 60_000 }, async () => {
  const context = await env.browser.newContext();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const problems = watchProblems(page, [/^400 GET .*page_size=0/]);
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.route(`${env.demo.origin}/one-client.html`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: PAGE }));
  await page.goto(`${env.demo.origin}/one-client.html`);
  await page.locator('svc-catalog [part~=card]').nth(3).waitFor();
  await page.waitForFunction(() => 'oneClient' in window);

  const result = await page.evaluate(() => (window as unknown as { oneClient: Record<string, unknown> }).oneClient);
  assert.deepEqual(result, { sameClass: true, status: 400, headless: 'function' });
  // every file once; the client's code is one of them, which the three entries import
  assert.deepEqual(scripts.filter((path, i) => scripts.indexOf(path) !== i), [], 'a file fetched twice');
  for (const entry of ['/dist/svc-elements.js', '/dist/client.js', '/dist/session.js', '/dist/svc-core.js']) assert.ok(scripts.includes(entry), entry);
  const built = (file: string) => readFileSync(`dist/${file}`, 'utf8');
  for (const entry of ['svc-elements.js', 'client.js', 'session.js']) assert.match(built(entry), /from"\.\/svc-core\.js"/, `${entry} imports svc-core.js`);
  // the client's transport (its "Store not found" help) is written once, in svc-core.js
  const marker = /Store not found/;
  assert.deepEqual(['svc-elements.js', 'client.js', 'session.js', 'svc-core.js'].filter((file) => marker.test(built(file))), ['svc-core.js']);
  assert.deepEqual(problems, []);
  await context.close();
});

const SHARED_PAGE = `<!doctype html><html lang="id"><head><meta charset="utf-8">
<script type="module" src="/dist/svc-elements.js"></script>
</head><body>
<svc-store store-id="demo-store" store-key="sfk_demo"><svc-cart-button></svc-cart-button></svc-store>
<script type="module">
  import { createStorefront } from '/dist/session.js';
  window.shop = createStorefront({ baseUrl: '', storeId: 'demo-store', storeKey: 'sfk_demo' });
</script>
</body></html>`;

test('a headless storefront of the same store shares the cart and the sign-in with the elements', { timeout: 60_000 }, async () => {
  const context = await env.browser.newContext();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.route(`${env.demo.origin}/shared.html`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: SHARED_PAGE }));
  await page.goto(`${env.demo.origin}/shared.html`);
  await page.waitForFunction(() => 'shop' in window && customElements.get('svc-cart-button'));
  type Shop = { cart: { add(input: unknown): Promise<unknown> }; $cart: { get(): { cart?: { item_count: number } | null } };
    signIn(input: unknown): Promise<unknown>; $session: { get(): { status: string } } };
  type Page = { shop: Shop };

  // the headless storefront adds: the elements' cart shows it (one guest token in storage, one message on the store's channel)
  await page.evaluate(() => (window as unknown as Page).shop.cart.add({ type: 'variant', variant_id: 101, quantity: 1 }));
  const badge = page.locator('svc-cart-button [part~=badge]');
  await badge.filter({ hasText: /^1$/ }).waitFor();
  // and the other way round: the elements' storefront adds, the headless one's $cart follows
  await page.evaluate(() => (document.querySelector('svc-store') as unknown as { storefront: Shop }).storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 }));
  await page.waitForFunction(() => (window as unknown as Page).shop.$cart.get().cart?.item_count === 2);
  // signing in on one signs in the other
  await page.evaluate(() => (window as unknown as Page).shop.signIn({ email: 'buyer@example.com', password: 'correct horse battery' }));
  await page.waitForFunction(() => (document.querySelector('svc-store') as unknown as { storefront: Shop }).storefront.$session.get().status === 'authenticated');
  assert.deepEqual(problems, []);
  await context.close();
});
