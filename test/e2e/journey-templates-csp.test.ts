// The templates shop (/demo/templates.html) under the strict Content-Security-Policy it is served with: scripts by
// nonce + 'strict-dynamic', Trusted Types required. Paging the grid, a category, a product from its card's link, a
// colour, the sanitised description, adding, the bag's steps and the way to checkout raise no violation at all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoAndChromium, STATE_WAIT_MS, watchProblems } from './support/demo.ts';

const env = demoAndChromium();

test('browse, choose, add, step and check out from templates under nonce + strict-dynamic + Trusted Types', { timeout: 60_000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  context.setDefaultTimeout(STATE_WAIT_MS);
  const violations: string[] = [];
  await context.exposeBinding('__violation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) =>
    (window as unknown as { __violation(text: string): void }).__violation(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`)));
  const page = await context.newPage();
  const problems = watchProblems(page, [/Content Security Policy|TrustedHTML|Trusted Type/]);
  const response = await page.goto(`${env.demo.origin}/demo/templates.html?lang=en`);
  assert.match(response!.headers()['content-security-policy']!, /script-src 'nonce-[^']+' 'strict-dynamic'.*require-trusted-types-for 'script'/);

  const cards = page.locator('svc-list .card-link');
  await cards.nth(7).waitFor();
  await page.locator('[aria-controls=rak][data-svc-action=next-page]').click();
  await page.waitForFunction(() => document.querySelector('svc-list')?.hasAttribute('has-previous'));
  await page.locator('.chip', { hasText: 'Pantry' }).click();
  await page.locator('svc-list .card-name', { hasText: 'Kopi Gayo' }).waitFor();
  await page.locator('.chip', { hasText: 'Clothing' }).click();
  await page.locator('svc-list .card-link', { hasText: 'Kaos Polos Premium' }).click();
  await page.waitForURL(/\?product=kaos-polos#produk$/);

  const product = page.locator('#pdp');
  await product.locator('.desc strong', { hasText: 'combed' }).waitFor(); // the description, through the sanitiser (TrustedHTML)
  await product.locator('svc-variant-selector label', { hasText: 'Putih' }).click();
  await product.locator('svc-variant-selector label', { hasText: 'XL' }).click();
  await product.locator('.pdp-price', { hasText: '90.000' }).waitFor();
  await product.locator('[data-svc-action=increment]').click();
  await product.locator('[data-svc-action=add-to-cart]').click();
  const bag = page.locator('dialog[open]');
  await bag.locator('.line', { hasText: 'Putih / XL' }).waitFor();
  await bag.locator('.subtotal b', { hasText: '180.000' }).waitFor();
  await bag.locator('[data-svc-action=decrement]').click();
  await bag.locator('.subtotal b', { hasText: '90.000' }).waitFor();
  await page.locator('.bag-count', { hasText: '1' }).waitFor();
  await bag.locator('[data-svc-action=checkout]').click();
  await page.waitForURL(/\/demo\/checkout\.html$/);
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  await context.close();
});
