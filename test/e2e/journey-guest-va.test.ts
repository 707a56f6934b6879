// The buyer's journey against `npm start` (demo pages + reference server on one origin, fresh in-memory data):
// a guest buys a physical product by virtual account, sees the instructions, opens the order status page, marks
// the order paid on the reference payment page and sees the status change.
//   node --import tsx --test test/e2e/journey-guest-va.test.ts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoAndChromium, fillCheckout, orderSlug, placeOrder } from './support/demo.ts';

const env = demoAndChromium();

test('a guest pays a physical order by virtual account and sees it paid', { timeout: 120_000 }, async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.demo.origin}/demo/checkout.html`);

  // buy: one Kaos Polos from the cart
  await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
  const checkout = page.locator('#checkout svc-checkout');
  await checkout.locator('[part~=line]').first().waitFor();
  await fillCheckout(checkout);
  await placeOrder(checkout, 'Virtual Account', 'BCA');

  // the instructions
  const number = checkout.locator('svc-payment-instructions [part~=account-number]');
  await number.waitFor({ timeout: 15_000 });
  const va = (await number.textContent())!.trim();
  assert.match(va, /^\d{16}$/);

  // the order status page
  const slug = await orderSlug(checkout);
  await checkout.locator('[part~=order-link]').click();
  await page.waitForURL(/order-status\.html\?order=/);
  assert.equal(new URL(page.url()).searchParams.get('order'), slug);
  const status = page.locator('svc-order-status [part~=status]');
  await status.filter({ hasText: 'Menunggu pembayaran' }).waitFor();
  assert.equal((await page.locator('svc-order-status svc-payment-instructions [part~=account-number]').textContent())!.trim(), va);

  // pay on the reference payment page, in another tab
  const payPage = await env.browser.newPage();
  await payPage.goto(`${env.demo.origin}/__reference/pay/${slug}`);
  await payPage.getByRole('button', { name: 'Mark as paid' }).click();
  await payPage.locator('[data-payment-status]', { hasText: 'paid' }).waitFor();

  // the status page notices by itself (polling)
  await status.filter({ hasText: 'Dibayar' }).waitFor({ timeout: 30_000 });
  await page.locator('svc-order-status svc-payment-instructions [part~=state]', { hasText: 'Pembayaran diterima' }).waitFor();
});
