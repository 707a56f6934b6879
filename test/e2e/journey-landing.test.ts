// An HTML Mode purchase against `npm start` (fresh in-memory data): the demo landing page, bound by
// page-runtime.js, takes an order for two shirts paid by QRIS; the thank-you view shows the total, its link opens
// the order page with the QR code, and the page's analytics routes received the Purchase.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoAndChromium, watchProblems } from './support/demo.ts';

const env = demoAndChromium();

test('a buyer orders on the HTML Mode landing page and opens the order with its QR code', { timeout: 60_000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${env.demo.origin}/demo/landing.html`);

  await page.selectOption('select[data-svc-item]', 'variant:102');
  await page.fill('[data-svc-quantity]', '2');
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
  const total = (await page.locator('[data-svc-summary="gross_revenue"]').textContent())!.trim();

  await page.click('button[type=submit]');
  await page.locator('[data-svc-order]').waitFor();
  assert.equal((await page.locator('[data-svc-order-field="gross_revenue"]').textContent())!.trim(), total);
  assert.equal(await page.locator('[data-svc-order-field="customer.name"]').textContent(), 'Rina Kartika');
  // the number the buyer quotes to the merchant, and its copy button (svc-order-extras.js beside the runtime)
  const orderNumber = page.locator('[data-svc-order-field="order_number"]');
  assert.ok(await orderNumber.isVisible());
  assert.match((await orderNumber.textContent())!, /^\d{6}-[0-9A-Z]{6}$/);
  const copy = page.locator('button[data-svc-copy="order_number"]');
  const box = (await copy.boundingBox())!;
  assert.ok(box.width >= 44 && box.height >= 44, `copy target ${box.width}×${box.height}`);
  // only the clipboard is stubbed (a string: tsx would wrap a function's inner names in a helper the page lacks)
  await page.evaluate(`Object.defineProperty(navigator, 'clipboard', {
    configurable: true, value: { writeText: async (text) => { window.copied = text; } } })`);
  await copy.click();
  await page.waitForFunction(() => document.querySelector('button[data-svc-copy]')?.textContent === 'Disalin');
  assert.equal(await page.evaluate('window.copied'), await orderNumber.textContent());

  await page.click('a[data-svc-order-link]');
  await page.waitForURL(/order-status\.html\?order=/);
  const status = page.locator('svc-order-status');
  await status.locator('svc-payment-instructions svg[part~=qr]').waitFor();
  assert.match(await status.locator('[part~=status]').innerText(), /Menunggu pembayaran/);

  // the Purchase reached the page's analytics routes, once per provider (sent without waiting: poll a little)
  let providers: string[] = [];
  for (let tries = 0; tries < 50 && providers.length < 3; tries++, await new Promise((r) => setTimeout(r, 100))) {
    const { events } = await (await fetch(`${env.demo.origin}/__reference/outbox`)).json() as { events: Array<{ provider: string; payload: { event_name: string } }> };
    providers = events.filter((e) => e.payload.event_name === 'Purchase').map((e) => e.provider).sort();
  }
  assert.deepEqual(providers, ['meta', 'snackvideo', 'tiktok']);
  assert.deepEqual(problems, []);
  await context.close();
});
