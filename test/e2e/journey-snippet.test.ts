// The pasted-snippet page as a merchant's site (`npm start`'s second origin, PORT+1): nothing but the merchant's
// markup and one classic <script> from the service's origin. The built elements load across origins, the catalog
// renders, adding to the cart works cross-origin, the cart survives a reload, and an order can be placed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoAndChromium, fillCheckout, placeOrder, watchProblems } from './support/demo.ts';

const env = demoAndChromium();

test('the merchant\'s page loads the built elements from the service and sells across origins', { timeout: 60_000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const fromService: string[] = [];
  page.on('request', (request) => request.url().startsWith(env.demo.origin) && fromService.push(new URL(request.url()).pathname));
  await page.goto(`${env.demo.snippetOrigin}/`);

  // one script, from the service's origin, pointing the elements at it
  const scripts = await page.locator('script').evaluateAll((tags) => tags.map((t) => (t as HTMLScriptElement).src));
  assert.deepEqual(scripts, [`${env.demo.origin}/dist/svc-elements.iife.js`]);
  const catalog = page.locator('svc-catalog');
  await catalog.locator('[part~=card]').nth(7).waitFor();
  await catalog.locator('[part~=count]', { hasText: /31 produk/ }).waitFor(); // asked once the first page shows more to come
  assert.ok(fromService.includes('/dist/svc-elements.js'), 'the loader imported the ES build beside it');
  // the entry's static chunks are preloaded beside it, and the import uses the preloads: each is fetched once
  const preloaded = await page.locator('link[rel=modulepreload]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  assert.ok(preloaded.length > 0 && preloaded.every((path) => path.startsWith('/dist/') && path !== '/dist/svc-elements.js'), preloaded.join());
  for (const path of preloaded) assert.equal(fromService.filter((p) => p === path).length, 1, `${path} fetched once`);
  assert.ok(fromService.some((path) => path.startsWith('/v3/stores/demo-store/public/items')));

  // add to cart from the product element: a cross-origin POST with the store key, the guest token comes back
  // (below the fold, the product loads when the shopper scrolls to it: docs/decisions.md #27)
  await page.locator('svc-product').scrollIntoViewIfNeeded();
  const add = page.locator('svc-product svc-add-to-cart [part~=button]');
  await add.click();
  await page.locator('svc-cart-button [part~=badge]', { hasText: /^1$/ }).waitFor();
  assert.ok(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('svc:demo-store:'))), 'the guest token is kept on the merchant\'s origin');

  await page.reload();
  await page.locator('svc-cart-button [part~=badge]', { hasText: /^1$/ }).waitFor();

  // and the order, still across origins (Idempotency-Key and the guest token are custom headers: preflighted)
  const checkout = page.locator('svc-checkout');
  await checkout.scrollIntoViewIfNeeded(); // at the foot of the page: loaded once scrolled to
  await checkout.locator('[part~=line]').first().waitFor();
  await fillCheckout(checkout);
  await placeOrder(checkout, 'Virtual Account', 'BNI');
  assert.match((await checkout.locator('svc-payment-instructions [part~=account-number]').textContent())!.trim(), /^\d{16}$/);
  assert.deepEqual(problems, []);
  await context.close();
});
