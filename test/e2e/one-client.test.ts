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
