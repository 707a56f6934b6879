// A guest pays with every other payment type on the demo checkout page (`npm start`, fresh in-memory data):
// bank transfer shows the store's accounts, COD says what to pay the courier, QRIS draws a QR, e-wallet and card
// lead to `payment_url`, the reference payment page, where the e-wallet order is paid and shows as paid.
// (Virtual account, QRIS by buy-now, HTML Mode, the landing page and the pasted-snippet page: in all three engines,
// test/e2e/engines/journeys.test.ts.) Physical items go through the cart, digital ones through "buy now".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright';
import { demoAndChromium, fillCheckout, orderSlug, placeOrder, STATE_WAIT_MS, watchProblems } from './support/demo.ts';

let context: BrowserContext;
let page: Page;
let problems: string[];
const env = demoAndChromium(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(STATE_WAIT_MS);
  page = await context.newPage();
  problems = watchProblems(page); // the HTML Mode checkout on the page declares shipping="required": no probe, no 400
});

// A new query each time: a fresh page (going to the same address with another #fragment would not reload it).
let visit = 0;
const open = (fragment = '') => page.goto(`${env.demo.origin}/demo/checkout.html?visit=${++visit}${fragment}`);

/** The cart checkout with one Kaos Polos in the cart, filled in up to the payment method. */
async function physicalCheckout() {
  await open();
  await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
  const checkout = page.locator('#checkout svc-checkout');
  await checkout.locator('[part~=line]').first().waitFor();
  await fillCheckout(checkout);
  return checkout;
}

/** "Buy now" of the e-book (digital: no address, no shipping), filled in up to the payment method. */
async function digitalCheckout() {
  await open('#beli-sekarang');
  const checkout = page.locator('#beli-sekarang svc-checkout');
  await fillCheckout(checkout, { physical: false });
  return checkout;
}

test('bank transfer: the instructions list the store\'s bank accounts and the amount', { timeout: 60_000 }, async () => {
  const checkout = await physicalCheckout();
  await placeOrder(checkout, 'Transfer Bank');
  const accounts = checkout.locator('svc-payment-instructions [part~=account]');
  await accounts.nth(1).waitFor(); // the instructions render once the payment exists
  assert.equal(await accounts.count(), 2);
  const text = (await accounts.allTextContents()).join(' ');
  for (const expected of ['BCA', '1234567890', 'Mandiri', '1400012345678', 'PT Toko Demo']) assert.ok(text.includes(expected), `${expected} in ${text}`);
  assert.match((await checkout.locator('svc-payment-instructions [part~=amount]').textContent())!, /Rp\s?\d/);
});

test('cash on delivery: the buyer is told what to pay the courier', { timeout: 60_000 }, async () => {
  const checkout = await physicalCheckout();
  const total = await placeOrder(checkout, 'COD');
  const note = (await checkout.locator('svc-payment-instructions [part~=note]').textContent())!;
  assert.ok(note.includes(total), `"${note}" names the total ${total}`);
});

test('QRIS: a scannable QR code is drawn in the page', { timeout: 60_000 }, async () => {
  const checkout = await digitalCheckout();
  await placeOrder(checkout, 'QRIS');
  const qr = checkout.locator('svc-payment-instructions svg[part~=qr]');
  await qr.waitFor();
  assert.ok((await qr.locator('path').getAttribute('d'))!.length > 500, 'the QR has modules');
  assert.match((await qr.getAttribute('aria-label'))!, /QRIS/);
});

test('card: the pay button leads to the order\'s payment_url', { timeout: 60_000 }, async () => {
  const checkout = await digitalCheckout();
  await placeOrder(checkout, 'Kartu');
  const slug = await orderSlug(checkout);
  assert.equal(await checkout.locator('[part~=pay-link]').getAttribute('href'), `${env.demo.origin}/__reference/pay/${slug}`);
});

test('e-wallet: paid on the provider\'s page (payment_url), the order page shows it paid', { timeout: 60_000 }, async () => {
  const checkout = await digitalCheckout();
  await placeOrder(checkout, 'E-Wallet', 'OVO');
  const slug = await orderSlug(checkout);
  await checkout.locator('[part~=pay-link]').click();
  await page.waitForURL(`${env.demo.origin}/__reference/pay/${slug}`);
  assert.match((await page.locator('dd').nth(2).textContent())!, /ewallet \/ ovo/);
  await page.getByRole('button', { name: 'Mark as paid' }).click();
  await page.locator('[data-payment-status]', { hasText: 'paid' }).waitFor();
  await page.getByRole('link', { name: 'Back to the order' }).click();
  await page.waitForURL(/order-status\.html\?order=/);
  await page.locator('svc-order-status [part~=status]', { hasText: 'Dibayar' }).waitFor();
  assert.deepEqual(problems, []);
});
