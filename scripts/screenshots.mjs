// The README's screenshots (docs/screenshots/*.jpg), taken with Playwright and Debian's Chromium from the demo as
// `npm start` serves it, on fresh in-memory data:
//   node --import tsx scripts/screenshots.mjs            every one
//   node --import tsx scripts/screenshots.mjs templates  only those whose name contains a word given
import { fillCheckout, launchChromium, startDemo } from '../test/e2e/support/demo.ts';

const OUT = 'docs/screenshots';
const [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
context.setDefaultTimeout(15_000);
const page = await context.newPage();
/** Places the order whose payment method was chosen for the checkout shot; waits for the payment instructions. */
const submitOrder = async (checkout) => {
  await checkout.locator('[part~=totals][aria-busy=false]').waitFor();
  await checkout.locator('[part~=submit]').click();
  await checkout.locator('[part~=confirmation] svc-payment-instructions [part~=base]').waitFor();
};
const only = process.argv.slice(2);
const shot = async (name, options = {}, on = page) => {
  if (only.length && !only.some((word) => name.includes(word))) return;
  await on.waitForTimeout(400); // transitions and lazy images settle
  // JPEG: docs/ ships in the npm package, and these are photos as much as text
  await on.screenshot({ path: `${OUT}/${name}.jpg`, type: 'jpeg', quality: 85, ...options });
  console.log(`${OUT}/${name}.jpg`);
};

try {
  // storefront: the catalog with its filters, scrolled to it
  await page.goto(`${demo.origin}/`);
  const catalog = page.locator('svc-catalog');
  await catalog.locator('[part~=card]').nth(7).waitFor();
  await page.locator('#katalog').evaluate((el) => window.scrollTo(0, el.offsetTop - 70));
  await shot('storefront');

  // product quick view: a catalog card opens the product in a dialog
  await catalog.locator('[part~=card]', { hasText: 'Kaos Polos' }).first().click();
  await catalog.locator('svc-product [part~=name]').waitFor();
  await shot('product-quick-view');

  // cart drawer: one item from the quick view, two jars from a merchant's own button (the drawer opens on add)
  await catalog.locator('svc-product [part~=option-value]', { hasText: /^\s*M\s*$/ }).click(); // the size is the buyer's to choose
  await catalog.locator('svc-product svc-add-to-cart [part~=button]').click();
  const drawer = page.locator('header svc-cart-button');
  await drawer.locator('svc-cart [part~=line]').first().waitFor();
  await page.keyboard.press('Escape'); // the drawer, which replaced the quick view
  await page.locator('svc-add-to-cart[variant-id="129"]').click();
  await drawer.locator('svc-cart [part~=line]').nth(1).waitFor();
  await shot('cart-drawer');

  // checkout: contact, address, shipping, payment and the live summary
  await page.goto(`${demo.origin}/demo/checkout.html`);
  const checkout = page.locator('#checkout svc-checkout');
  await checkout.locator('[part~=line]').first().waitFor();
  await fillCheckout(checkout);
  await checkout.locator('[part~=payment-method]', { hasText: 'Virtual Account' }).click();
  await checkout.locator('[part~=channel]', { hasText: 'BCA' }).click();
  await checkout.locator('[part~=total] dd', { hasText: /Rp/ }).waitFor();
  await checkout.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80)); // under the sticky header
  await shot('checkout');

  // virtual account instructions, right after placing the order
  await submitOrder(checkout);
  await checkout.locator('svc-payment-instructions [part~=account-number]').waitFor();
  await page.locator('#checkout').evaluate((el) => window.scrollTo(0, el.offsetTop - 70));
  await shot('va-instructions');

  // order status page
  await checkout.locator('[part~=order-link]').click();
  await page.locator('svc-order-status svc-payment-instructions [part~=account-number]').waitFor();
  await shot('order-status');

  // HTML Mode landing page and the theming page
  await page.goto(`${demo.origin}/demo/landing.html`);
  await page.locator('[data-svc-shipping-options]').waitFor();
  await shot('landing-page');
  await page.goto(`${demo.origin}/demo/theming.html`);
  await page.locator('svc-catalog [part~=card]').first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('svc-catalog')].every((c) => c.shadowRoot?.querySelector('[part~=card]')));
  await shot('theming', { fullPage: true }); // both themes

  // the templates shop (the merchant's own markup): its shelf, the product with a colour chosen and the bag open
  await page.goto(`${demo.origin}/demo/templates.html`);
  await page.locator('svc-list .card-link').nth(7).waitFor();
  await page.locator('#koleksi').evaluate((el) => window.scrollTo(0, el.offsetTop - 60));
  await shot('templates');
  await page.locator('#pdp svc-variant-selector label', { hasText: 'Putih' }).click();
  await page.locator('#pdp .pdp-price').evaluate((el) => window.scrollTo(0, el.closest('.product').offsetTop - 50));
  await page.locator('#pdp [data-svc-action=add-to-cart]').click();
  await page.locator('dialog[open] .line').waitFor();
  await shot('templates-bag');

  // a phone (390 px, touch): the storefront, the checkout filled in, the virtual account instructions
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  phone.setDefaultTimeout(15_000);
  const mobile = await phone.newPage();
  await mobile.goto(`${demo.origin}/`);
  await mobile.locator('svc-catalog [part~=card]').nth(3).waitFor();
  await mobile.locator('#katalog').evaluate((el) => window.scrollTo(0, el.offsetTop - 90));
  await shot('phone-storefront', { quality: 70 }, mobile);
  await mobile.goto(`${demo.origin}/demo/templates.html?lang=en`);
  await mobile.locator('#pdp svc-variant-selector').waitFor();
  await mobile.locator('#produk').evaluate((el) => window.scrollTo(0, el.offsetTop + el.querySelector('.pdp-info').offsetTop - 130));
  await shot('phone-templates', { quality: 70 }, mobile);
  await mobile.goto(`${demo.origin}/demo/checkout.html`);
  await mobile.locator('#checkout svc-add-to-cart[variant-id="101"]').tap();
  const phoneCheckout = mobile.locator('#checkout svc-checkout');
  await phoneCheckout.locator('[part~=line]').first().waitFor();
  await fillCheckout(phoneCheckout);
  await phoneCheckout.locator('[part~=payment-method]', { hasText: 'Virtual Account' }).tap();
  await phoneCheckout.locator('[part~=channel]', { hasText: 'BCA' }).tap();
  await phoneCheckout.locator('[part~=totals][aria-busy=false]').waitFor();
  await phoneCheckout.locator('[part~=payment-method]').first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await mobile.evaluate(() => window.scrollBy(0, -80)); // under the sticky header
  await shot('phone-checkout', { quality: 70 }, mobile);
  await submitOrder(phoneCheckout);
  await phoneCheckout.locator('[part~=confirmation]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await mobile.evaluate(() => window.scrollBy(0, -80));
  await shot('phone-va-instructions', { quality: 70 }, mobile);
  await phone.close();
} finally {
  await browser.close();
  await demo.close();
}
