// axe-core on every demo page as `npm start` serves it (fresh in-memory data), and again in the states a shopper
// reaches: the cart drawer open, the checkout submitted with errors, an order placed (payment instructions), the
// order page, the account signed in. axe reads our elements through their shadow roots. WCAG 2.x A and AA rules.
//   node --import tsx --test test/e2e/accessibility.test.ts
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright';
import { demoAndChromium, fillCheckout, placeOrder } from './support/demo.ts';
import { settle } from './support/layout.ts';

let context: BrowserContext;
let page: Page;
const env = demoAndChromium(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});

/** axe's violations on the page as it stands, one line each (rule, impact, where). */
async function violations(state: string): Promise<string[]> {
  await settle(page); // colours mid-animation are not the page's colours
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${state}: ${v.id} (${v.impact}) ${n.target.join(' → ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

/** Each page, and what shows it is ready (every checkout priced: a busy summary is dimmed on purpose). */
const PAGES: Array<[string, ...string[]]> = [
  ['/', 'svc-catalog [part~=card]'],
  ['/demo/checkout.html', '#beli-sekarang svc-checkout [part~=totals][aria-busy=false]', '#halaman svc-checkout [part~=totals][aria-busy=false]'],
  ['/demo/landing.html', 'select[data-svc-item] option:nth-child(2)'],
  ['/demo/account.html', 'svc-sign-in #email'],
  ['/demo/theming.html', 'svc-catalog [part~=card]'],
  ['/demo/otp-store.html', 'svc-sign-in #email'],
  ['/demo/reset-password.html', 'svc-sign-in'],
  ['/demo/csp.html', 'svc-catalog [part~=card]'],
  ['/order-status.html', 'svc-order-status'],
];

for (const [path, ...ready] of PAGES) {
  test(`${path}: no axe violation`, { timeout: 60_000 }, async () => {
    await page.goto(`${env.demo.origin}${path}`);
    for (const selector of ready) await page.locator(selector).first().waitFor({ state: 'attached' });
    assert.deepEqual(await violations(path), []);
  });
}

test('storefront with the cart drawer open: no axe violation', { timeout: 60_000 }, async () => {
  await page.goto(`${env.demo.origin}/`);
  await page.locator('svc-add-to-cart[variant-id="126"]').click();
  await page.locator('header svc-cart-button svc-cart [part~=line]').first().waitFor();
  assert.deepEqual(await violations('cart drawer'), []);
});

test('checkout with errors, then an order placed and its page: no axe violation', { timeout: 90_000 }, async () => {
  await page.goto(`${env.demo.origin}/demo/checkout.html`);
  await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
  const checkout = page.locator('#checkout svc-checkout');
  await checkout.locator('[part~=line]').first().waitFor();
  // the phone's bars: the pay bar from the first screen, the summary bar expanded
  await checkout.locator('[part~=pay-bar]').waitFor();
  await checkout.locator('[part~=summary-toggle]').tap();
  await checkout.locator('[part~=summary-panel] .line').first().waitFor();
  await checkout.locator('[part~=totals][aria-busy=false]').waitFor();
  const problems = await violations('checkout, summary bar expanded, pay bar');
  await checkout.locator('[part~=submit]').click();
  await checkout.locator('[part~=field-error]').first().waitFor();
  problems.push(...await violations('checkout with errors'));

  await fillCheckout(checkout);
  await placeOrder(checkout, 'Virtual Account', 'BCA');
  problems.push(...await violations('virtual account instructions'));

  await checkout.locator('[part~=order-link]').click();
  await page.locator('svc-order-status svc-payment-instructions [part~=account-number]').waitFor();
  problems.push(...await violations('order page'));
  assert.deepEqual(problems, []);
});

test('account signed in (profile, orders): no axe violation', { timeout: 60_000 }, async () => {
  await page.goto(`${env.demo.origin}/demo/account.html`);
  const account = page.locator('svc-account');
  await account.locator('svc-sign-in #email').fill('buyer@example.com');
  await account.locator('svc-sign-in #password').fill('correct horse battery');
  await account.locator('svc-sign-in [part~=submit]').click();
  await account.locator('[part~=tabs]').waitFor();
  const problems = await violations('account, profile');
  await account.getByRole('tab', { name: 'Pesanan' }).click();
  await account.locator('[part~=order]').first().waitFor();
  problems.push(...await violations('account, orders'));
  assert.deepEqual(problems, []);
});
