// axe-core on every demo page as `npm start` serves it (fresh in-memory data), and again in the states a shopper
// reaches: the quick view asking for a size, the cart drawer open (with the store's fee and a sale line), the
// checkout submitted with errors, an order placed (payment instructions), the order page, the account signed in.
// axe reads our elements through their shadow roots. WCAG 2.x A and AA rules.
//   node --import tsx --test test/e2e/accessibility.test.ts
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright';
import { demoAndChromium, fillCheckout, placeOrder, STATE_WAIT_MS } from './support/demo.ts';
import { settle } from './support/layout.ts';

let context: BrowserContext;
let page: Page;
const env = demoAndChromium(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  context.setDefaultTimeout(STATE_WAIT_MS);
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
  ['/demo/templates.html', 'svc-list .card-link', '#pdp svc-variant-selector'],
  ['/ssr/templates.html', 'svc-list .card-link', '#pdp svc-variant-selector'],
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

test('quick view with the size asked for, then the drawer with a sale line and the store\'s fee: no axe violation', { timeout: 60_000 }, async () => {
  await page.goto(`${env.demo.origin}/`);
  const catalog = page.locator('svc-catalog');
  await catalog.locator('[part~=card]', { hasText: 'Kaos Polos' }).first().tap();
  const product = catalog.locator('svc-product');
  await product.getByRole('button', { name: 'Pilih ukuran' }).tap();
  await product.locator('[part~=option-error]').waitFor();
  const problems = await violations('quick view, the size asked for');
  await product.locator('[part~=option-value]', { hasText: /^\s*L\s*$/ }).tap();
  await product.getByRole('button', { name: 'Tambah ke keranjang' }).tap();
  const drawer = page.locator('header svc-cart-button svc-cart');
  await drawer.locator('[part~=fee]').waitFor();
  await drawer.locator('[part~=quantity-button]').nth(1).tap(); // two: the total, "2 × unit", the saving
  await drawer.locator('[part~=line-unit-price]').waitFor();
  problems.push(...await violations('cart drawer with the fee and a sale line'));
  assert.deepEqual(problems, []);
});

test('templates shop with the merchant\'s bag open: no axe violation', { timeout: 60_000 }, async () => {
  await page.goto(`${env.demo.origin}/demo/templates.html`);
  await page.locator('#pdp [data-svc-action=add-to-cart]').click();
  await page.locator('dialog[open] .line').first().waitFor(); // the earlier tests' lines are in the bag too
  assert.deepEqual(await violations('templates bag'), []);
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

test('the payment step, QRIS instructions and a COD order page: no axe violation', { timeout: 120_000 }, async () => {
  const problems: string[] = [];
  for (const method of ['QRIS', 'COD']) {
    await page.goto(`${env.demo.origin}/demo/checkout.html?${method}`);
    await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
    const checkout = page.locator('#checkout svc-checkout');
    await checkout.locator('[part~=line]').first().waitFor();
    await fillCheckout(checkout);
    if (method === 'QRIS') {
      await checkout.locator('[part~=payment-method]', { hasText: 'E-wallet' }).click();
      await checkout.locator('[part~=channel]').first().waitFor();
      await checkout.locator('[part~=totals][aria-busy=false]').waitFor();
      problems.push(...await violations('payment choice, e-wallets inside their card'));
    }
    await placeOrder(checkout, method);
    if (method === 'QRIS') {
      await checkout.locator('svc-payment-instructions svg[part~=qr] path').waitFor();
      await checkout.locator('svc-payment-instructions [part~=check]').click();
      await checkout.locator('svc-payment-instructions [part~=check-result]', { hasText: /\S/ }).waitFor();
      problems.push(...await violations('QRIS instructions, status checked'));
    } else {
      await checkout.locator('[part~=order-link]').click();
      await page.locator('svc-order-status [part~=status]').waitFor();
      problems.push(...await violations('COD order page'));
    }
  }
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

test('landing page with its problems inline, a digital item chosen, COD chosen, then its thank-you view: no axe violation', { timeout: 60_000 }, async () => {
  await page.goto(`${env.demo.origin}/demo/landing.html`);
  await page.locator('select[data-svc-item] option').nth(1).waitFor({ state: 'attached' });
  const submit = page.locator('form[data-svc-checkout] button[type=submit]');
  await submit.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-svc-sticky]')!.hidden); // svc-order-extras.js is in
  await submit.click();
  await page.locator('[data-svc-error-for="customer.name"]').waitFor();
  await page.check('input[data-svc-item][value="variant:109"]');
  await page.locator('[data-svc-hint-for="customer.email"]').waitFor();
  const problems = await violations('landing page with errors');

  await page.fill('[data-svc-field="customer.name"]', 'Rina Kartika');
  await page.fill('[data-svc-field="customer.phone"]', '0813-2222-3333');
  await page.fill('[data-svc-field="customer.email"]', 'rina@example.com');
  await page.selectOption('[data-svc-field="destination.province_id"]', '32');
  await page.selectOption('[data-svc-field="destination.city_id"]', '3273');
  await page.selectOption('[data-svc-field="destination.location_id"]', '327302');
  await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('[data-svc-field="destination.postal_code"]')!.value !== '');
  await page.fill('[data-svc-field="destination.address"]', 'Jl. Dipatiukur No. 35');
  await page.check('[data-svc-field="payment_method"][value="cod"]');
  await page.locator('[data-svc-summary="cod_fee"]').waitFor();
  await page.locator('[data-svc-shipping-option]').first().waitFor();
  problems.push(...await violations('landing page, COD chosen'));

  await submit.click();
  await page.locator('[data-svc-order]').waitFor();
  problems.push(...await violations('landing page, thank you'));
  assert.deepEqual(problems, []);
});
