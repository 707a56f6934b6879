// Every purchase path of the demo at phone widths (320, 390, 414 px, touch) and on a desktop (1280 px), against
// `npm start` on fresh in-memory data: storefront → quick view → cart drawer → checkout (virtual account), cart
// checkout by COD and by QRIS, buy-now of a digital product (bank transfer), the HTML Mode checkout
// (`<svc-checkout page-id>`), the landing page bound by page-runtime.js, the account's sign-in, and the other demo
// pages. In every state the page is no wider than the viewport, no element of ours overflows its host or is cut off
// inside it, touch targets are 44×44 px and inputs 16 px (test/e2e/support/layout.ts). One demo, one browser, a
// fresh context per width.
//   node --import tsx --test test/e2e/journey-widths.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright';
import { contextAt, demoAndChromium, fillCheckout, placeOrder } from './support/demo.ts';
import { layoutProblems } from './support/layout.ts';

const env = demoAndChromium();
// ONLY_WIDTH=390 runs one width (while fixing a layout)
const WIDTHS = [320, 390, 414, 1280].filter((w) => !process.env.ONLY_WIDTH || String(w) === process.env.ONLY_WIDTH);

for (const width of WIDTHS) {
  describe(`${width} px`, () => {
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    /** Notes what is wrong with the layout in `state`. */
    const check = async (state: string) => problems.push(...await layoutProblems(page, width, state));
    const phone = width < 600;

    before(async () => {
      context = await contextAt(env.browser, width);
      page = await context.newPage();
    });
    after(() => context.close());

    const tap = (target: Locator) => (phone ? target.tap() : target.click());
    let visit = 0;
    const checkoutPage = (fragment = '') => page.goto(`${env.demo.origin}/demo/checkout.html?visit=${++visit}${fragment}`);

    /** Places an order with `method` from the checkout on the page, checking the states on the way. */
    async function order(checkout: Locator, name: string, method: string, channel?: string, physical = true) {
      await fillCheckout(checkout, { physical });
      await check(`${name}, filled in`);
      await placeOrder(checkout, method, channel);
      await checkout.locator('[part~=confirmation]').scrollIntoViewIfNeeded();
      await check(`${name}, payment instructions`);
    }

    test('storefront → quick view → cart drawer → checkout page → virtual account → order page', { timeout: 90_000 }, async () => {
      problems = [];
      await page.goto(`${env.demo.origin}/`);
      const catalog = page.locator('svc-catalog');
      await catalog.locator('[part~=card]').nth(7).waitFor();
      await check('storefront');

      await tap(catalog.locator('[part~=card]', { hasText: 'Kaos Polos' }).first());
      await catalog.locator('svc-product [part~=name]').waitFor();
      await check('quick view');

      // the size is the shopper's to choose; adding replaces the quick view with the drawer: one Esc leads back
      await tap(catalog.locator('svc-product [part~=option-value]', { hasText: /^\s*M\s*$/ }));
      await tap(catalog.locator('svc-product svc-add-to-cart [part~=button]'));
      const cartButton = page.locator('header svc-cart-button');
      await cartButton.locator('svc-cart [part~=line]').first().waitFor();
      assert.equal(await catalog.locator('dialog[part~=dialog]').evaluate((d: HTMLDialogElement) => d.open), false, 'the quick view closed');
      assert.equal(await cartButton.locator('dialog[part~=dialog]').evaluate((d: HTMLDialogElement) => d.open), true, 'the drawer is open');
      await check('cart drawer');
      await page.keyboard.press('Escape');
      assert.equal(await cartButton.locator('dialog[part~=dialog]').evaluate((d: HTMLDialogElement) => d.open), false, 'one Esc closed the drawer');

      // the drawer's checkout button leads to the checkout page, with the cart
      await tap(cartButton.locator('[part~=button]'));
      await tap(cartButton.locator('svc-cart [part~=checkout]'));
      await page.waitForURL(/\/demo\/checkout\.html$/);
      const checkout = page.locator('#checkout svc-checkout');
      await checkout.locator('[part~=line]', { hasText: 'Kaos Polos' }).waitFor();
      await check('checkout with the cart');

      // submitted empty: the errors
      await checkout.locator('[part~=submit]').click();
      await checkout.locator('[part~=field-error]').first().waitFor();
      await check('checkout with errors');

      await fillCheckout(checkout);
      await check('virtual account, filled in');
      await tap(checkout.locator('[part~=payment-method]', { hasText: 'Virtual Account' }));
      await checkout.locator('[part~=channel]').first().waitFor();
      await check('payment choice, the banks inside the virtual account card');
      await placeOrder(checkout, 'Virtual Account', 'BCA');
      await checkout.locator('[part~=confirmation]').scrollIntoViewIfNeeded();
      await check('virtual account, payment instructions');
      await checkout.locator('[part~=order-link]').click();
      const instructions = page.locator('svc-order-status svc-payment-instructions');
      await instructions.locator('[part~=account-number]').waitFor({ timeout: 30_000 }); // a busy machine
      await check('order page');
      const closed = instructions.locator('details:not([open]) summary');
      while (await closed.count()) await tap(closed.first());
      await tap(instructions.locator('[part~=check]'));
      await instructions.locator('[part~=check-result]', { hasText: /\S/ }).waitFor();
      await check('order page, every way to pay open, the status checked');
      assert.deepEqual(problems, []);
    });

    test('cart checkout by COD and by QRIS', { timeout: 90_000 }, async () => {
      problems = [];
      for (const method of ['COD', 'QRIS']) {
        await checkoutPage();
        await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
        const checkout = page.locator('#checkout svc-checkout');
        await checkout.locator('[part~=line]').first().waitFor();
        if (phone && method === 'COD') {
          // the phone's summary bar, expanded, and the pay bar at the bottom of the screen
          await page.evaluate(() => window.scrollTo(0, 0));
          await checkout.locator('[part~=pay-bar]').waitFor();
          await tap(checkout.locator('[part~=summary-toggle]'));
          await checkout.locator('[part~=summary-panel] [part~=unit-price], [part~=summary-panel] .line').first().waitFor();
          await check('checkout, summary bar expanded, pay bar');
          await tap(checkout.locator('[part~=summary-toggle]'));
        }
        await order(checkout, method, method);
        if (method !== 'COD') continue;
        await checkout.locator('[part~=order-link]').click();
        await page.locator('svc-order-status [part~=status]', { hasText: 'bayar saat barang tiba' }).waitFor({ timeout: 30_000 });
        await check('COD order page');
      }
      assert.deepEqual(problems, []);
    });

    test('buy now (digital) by bank transfer, and the HTML Mode checkout by virtual account', { timeout: 90_000 }, async () => {
      problems = [];
      await checkoutPage('#beli-sekarang');
      await order(page.locator('#beli-sekarang svc-checkout'), 'buy now', 'Transfer Bank', undefined, false);
      await checkoutPage('#halaman');
      const htmlMode = page.locator('#halaman svc-checkout');
      await htmlMode.scrollIntoViewIfNeeded();
      await check('HTML Mode checkout');
      await order(htmlMode, 'HTML Mode', 'Virtual Account', 'BRI');
      assert.deepEqual(problems, []);
    });

    test('landing page with page-runtime.js', { timeout: 60_000 }, async () => {
      problems = [];
      await page.goto(`${env.demo.origin}/demo/landing.html`);
      await page.locator('select[data-svc-item] option').nth(1).waitFor({ state: 'attached' });
      await check('landing page');
      const submit = page.locator('form[data-svc-checkout] button[type=submit]');
      await submit.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-svc-sticky]')!.hidden); // svc-order-extras.js is in
      await tap(submit);
      await page.locator('[data-svc-error-for="customer.name"]').waitFor();
      await page.check('input[data-svc-item][value="variant:109"]');
      await page.locator('[data-svc-hint-for="customer.email"]').waitFor();
      await check('landing page with its problems inline');
      await page.uncheck('input[data-svc-item][value="variant:109"]');
      await page.selectOption('select[data-svc-item]', 'variant:102');
      await page.fill('[data-svc-field="customer.name"]', 'Rina Kartika');
      await page.fill('[data-svc-field="customer.phone"]', '0813-2222-3333');
      await page.selectOption('[data-svc-field="destination.province_id"]', '32');
      await page.selectOption('[data-svc-field="destination.city_id"]', '3273');
      await page.selectOption('[data-svc-field="destination.location_id"]', '327302');
      await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('[data-svc-field="destination.postal_code"]')!.options.length > 1);
      const postal = page.locator('[data-svc-field="destination.postal_code"]');
      if (!(await postal.inputValue())) await postal.selectOption({ index: 1 });
      await page.fill('[data-svc-field="destination.address"]', 'Jl. Dipatiukur No. 35');
      await page.locator('[data-svc-shipping-option]').first().waitFor();
      await page.check('[data-svc-field="payment_method"][value="qris"]');
      await page.waitForFunction(() => /Rp/.test(document.querySelector('[data-svc-summary="gross_revenue"]')?.textContent ?? ''));
      await check('landing page, filled in');
      await page.click('button[type=submit]');
      await page.locator('[data-svc-order]').waitFor();
      await check('landing page, thank you');
      assert.deepEqual(problems, []);
    });

    test('the other demo pages: theming, one-time-code store, password reset, strict CSP, templates', { timeout: 60_000 }, async () => {
      problems = [];
      for (const [path, ready] of [['/demo/theming.html', 'svc-catalog [part~=card]'], ['/demo/otp-store.html', 'svc-sign-in #email'],
        ['/demo/reset-password.html', 'svc-sign-in'], ['/demo/csp.html', 'svc-catalog [part~=card]'], ['/demo/templates.html', '#pdp svc-variant-selector'],
        ['/ssr/templates.html', '#pdp svc-variant-selector']]) {
        await page.goto(`${env.demo.origin}${path}`);
        await page.locator(ready).first().waitFor();
        await check(path);
      }
      // the merchant's bag, open (the colour is the shopper's to choose first), once the server's markup has hydrated
      await page.waitForFunction(() => !!customElements.get('svc-variant-selector') && !document.querySelector('#pdp [defer-hydration]'));
      await tap(page.locator('#pdp svc-variant-selector label', { hasText: 'Putih' }));
      await tap(page.locator('#pdp [data-svc-action=add-to-cart]'));
      await page.locator('dialog[open] .line').waitFor();
      await check('templates, the bag open');
      assert.deepEqual(problems, []);
    });

    test('account: sign-in, orders', { timeout: 60_000 }, async () => {
      problems = [];
      await page.goto(`${env.demo.origin}/demo/account.html`);
      const account = page.locator('svc-account');
      const form = account.locator('svc-sign-in');
      await form.locator('#email').waitFor();
      await check('sign-in');
      await form.locator('#email').fill('buyer@example.com');
      await form.locator('#password').fill('correct horse battery');
      await form.locator('[part~=submit]').click();
      await account.locator('[part~=tabs]').waitFor();
      await check('account');
      await account.getByRole('tab', { name: 'Pesanan' }).click();
      const orders = account.locator('[part~=order]');
      await orders.first().waitFor();
      await orders.first().locator('summary').click();
      await orders.first().locator('[part~=line]').first().waitFor();
      await check('account, an order opened');
      assert.deepEqual(problems, []);
    });
  });
}
