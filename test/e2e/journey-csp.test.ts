// The production elements under a strict Content-Security-Policy (`/demo/csp.html`, header set by demo/serve.ts):
// scripts by nonce + 'strict-dynamic', Trusted Types required. Browsing the catalog, adding to the cart, the cart
// drawer, the checkout and a QRIS order raise no `securitypolicyviolation` event at all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright';
import { demoAndChromium, fillCheckout, placeOrder, STATE_WAIT_MS, watchProblems } from './support/demo.ts';

const env = demoAndChromium();

/** A fresh profile on the CSP page; returns the violations the page reported (an init script is not page code). */
async function openCspPage(): Promise<{ page: Page; violations: string[]; problems: string[] }> {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(STATE_WAIT_MS);
  const violations: string[] = [];
  await context.exposeBinding('__violation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) =>
    (window as unknown as { __violation(text: string): void }).__violation(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`)));
  const page = await context.newPage();
  // the violations themselves are asserted one by one; their console echo is the same thing
  const problems = watchProblems(page, [/Content Security Policy|TrustedHTML|Trusted Type/]);
  const response = await page.goto(`${env.demo.origin}/demo/csp.html`);
  assert.match(response!.headers()['content-security-policy']!, /script-src 'nonce-[^']+' 'strict-dynamic'.*require-trusted-types-for 'script'/);
  return { page, violations, problems };
}

test('browse, add to cart, check out under nonce + strict-dynamic + Trusted Types: no violation', { timeout: 60_000 }, async () => {
  const { page, violations, problems } = await openCspPage();
  const catalog = page.locator('svc-catalog');
  await catalog.locator('[part~=card]').nth(7).waitFor();
  await catalog.locator('[part~=filter]', { hasText: 'Dapur' }).click();
  await catalog.locator('[part~=card]', { hasText: 'Kopi Gayo' }).waitFor();

  await page.locator('svc-add-to-cart[variant-id="101"]').click();
  const drawer = page.locator('svc-cart-button');
  await drawer.locator('svc-cart [part~=line]', { hasText: 'Kaos Polos' }).waitFor(); // the drawer opened on add
  await drawer.locator('svc-cart [part~=checkout]').click();
  await page.waitForURL(/#checkout$/);
  await drawer.locator('dialog').waitFor({ state: 'hidden' }); // the in-page checkout is not left under the drawer

  const checkout = page.locator('svc-checkout');
  await fillCheckout(checkout);
  await placeOrder(checkout, 'QRIS');
  await checkout.locator('svc-payment-instructions svg[part~=qr]').waitFor();
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('the quick view with the merchant\'s product description: no violation', { timeout: 60_000 }, async () => {
  const { page, violations } = await openCspPage();
  const catalog = page.locator('svc-catalog');
  await catalog.locator('[part~=card]', { hasText: 'Kaos Polos' }).first().click();
  const description = catalog.locator('svc-product [part~=description]', { hasText: 'combed' });
  for (const deadline = Date.now() + STATE_WAIT_MS; Date.now() < deadline && !violations.length && !(await description.count());) await page.waitForTimeout(100);
  assert.deepEqual(violations, []);
  assert.equal(await description.count(), 1);
  await page.context().close();
});
