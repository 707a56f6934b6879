// The payment step as a buyer meets it on `npm start` (fresh in-memory data): a virtual account on a 320 px phone
// (the number on one line, in the confirmation and on the order page; "Cek status pembayaran" before and after the
// reference provider marks it paid), "Simpan QR" saving a PNG of the QR code (Chromium's download), and the words a
// cash-on-delivery order gets in the confirmation and on the order page.
//   node --import tsx --test test/e2e/journey-payment-step.test.ts
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { generate } from 'lean-qr/nano'; // the build the elements draw with
import type { BrowserContextOptions, Locator, Page } from 'playwright';
import { demoAndChromium, fillCheckout, orderSlug, placeOrder, STATE_WAIT_MS } from './support/demo.ts';

const env = demoAndChromium();
const PHONE_320: BrowserContextOptions = { viewport: { width: 320, height: 800 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** A new page with one Kaos Polos in the cart checkout, filled in up to the payment method. */
async function cartCheckout(options: BrowserContextOptions): Promise<{ page: Page; checkout: Locator }> {
  const context = await env.browser.newContext(options);
  context.setDefaultTimeout(STATE_WAIT_MS);
  const page = await context.newPage();
  await page.goto(`${env.demo.origin}/demo/checkout.html`);
  await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
  const checkout = page.locator('#checkout svc-checkout');
  await checkout.locator('[part~=line]').first().waitFor();
  await fillCheckout(checkout);
  return { page, checkout };
}

/** The box of an account number: its height and line height, its blocks' tops, whether it overflows its own box or its host. */
const measure = (number: Locator) => number.evaluate((el) => {
  const host = (el.getRootNode() as ShadowRoot).host.getBoundingClientRect();
  const box = el.getBoundingClientRect();
  return {
    text: el.textContent, height: box.height, lineHeight: parseFloat(getComputedStyle(el).lineHeight),
    tops: [...el.children].map((block) => Math.round(block.getBoundingClientRect().top)),
    overflows: el.scrollWidth > el.clientWidth || box.right > host.right + 0.5 || box.left < host.left - 0.5,
  };
});

async function assertOneLine(number: Locator, where: string) {
  const m = await measure(number);
  assert.match(m.text ?? '', /^\d{16}$/, where);
  assert.equal(m.tops.length, 4, `${where}: four blocks`);
  assert.equal(new Set(m.tops).size, 1, `${where}: the blocks on one line (${m.tops.join(', ')})`);
  assert.ok(Math.abs(m.height - m.lineHeight) < 1, `${where}: ${m.height} px high, one line is ${m.lineHeight} px`);
  assert.equal(m.overflows, false, `${where}: overflows`);
}

test('320 px: the VA number on one line; "Cek status pembayaran" asks the service', { timeout: 120_000 }, async () => {
  const { page, checkout } = await cartCheckout(PHONE_320);
  await placeOrder(checkout, 'Virtual account', 'BCA');
  await assertOneLine(checkout.locator('svc-payment-instructions [part~=account-number]'), 'confirmation');

  const slug = await orderSlug(checkout);
  await checkout.locator('[part~=order-link]').click();
  await page.waitForURL(/order-status\.html\?order=/);
  const instructions = page.locator('svc-order-status svc-payment-instructions');
  await assertOneLine(instructions.locator('[part~=account-number]'), 'order page');

  const check = instructions.getByRole('button', { name: 'Cek status pembayaran' });
  const asked = page.waitForResponse((r) => r.url().endsWith(`/public/orders/${slug}`) && r.request().method() === 'GET');
  await check.click();
  await asked;
  await instructions.locator('[part~=check-result]', { hasText: 'Belum diterima' }).waitFor();

  // the reference provider's dev route confirms the payment; the next check shows it
  const paid = await fetch(`${env.demo.origin}/__reference/orders/${slug}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200);
  await check.click();
  await instructions.locator('[part~=state]', { hasText: 'Pembayaran diterima' }).waitFor();
  await page.context().close();
});

test('"Simpan QR" downloads a PNG of the order\'s QR code; on a desktop the QR stays large', { timeout: 120_000 }, async () => {
  const { page, checkout } = await cartCheckout({ viewport: { width: 1280, height: 900 } });
  await placeOrder(checkout, 'QRIS');
  const qr = checkout.locator('svc-payment-instructions svg[part~=qr]');
  await qr.locator('path').waitFor();
  assert.ok((await qr.boundingBox())!.width >= 240, 'a QR of 15rem at least');

  const slug = await orderSlug(checkout);
  const order = await (await fetch(`${env.demo.origin}/v3/stores/demo-store/public/orders/${slug}`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } })).json() as {
    order_number: string; pg_payment_info: { qr_string: string };
  };
  const downloading = page.waitForEvent('download');
  await checkout.getByRole('button', { name: 'Simpan QR' }).click();
  const download = await downloading;
  assert.equal(download.suggestedFilename(), `qris-${order.order_number}.png`);
  const bytes = await readFile((await download.path())!);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');

  // decoded by the browser: as wide as the code with its 4-module margin at 10 px a module, every module in place
  const code = generate(order.pg_payment_info.qr_string);
  const modules = Array.from({ length: code.size }, (_, y) => Array.from({ length: code.size }, (_, x) => code.get(x, y)));
  // (a string: tsx would add helpers the page does not have to named functions)
  const decoded = await page.evaluate(`(async () => {
    const bytes = Uint8Array.from(atob('${bytes.toString('base64')}'), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const modules = Array.from({ length: ${code.size} }, (_, y) => Array.from({ length: ${code.size} },
      (_, x) => ctx.getImageData((x + 4) * 10 + 5, (y + 4) * 10 + 5, 1, 1).data[0] < 128));
    return { width: image.width, height: image.height, modules };
  })()`) as { width: number; height: number; modules: boolean[][] };
  assert.equal(decoded.width, (code.size + 8) * 10);
  assert.ok(decoded.height > decoded.width, 'the store, amount and order under the code');
  assert.deepEqual(decoded.modules, modules);
  await page.context().close();
});

test('cash on delivery: "Diproses — bayar saat barang tiba" in the confirmation and on the order page', { timeout: 120_000 }, async () => {
  const { page, checkout } = await cartCheckout(PHONE_320);
  await placeOrder(checkout, 'COD');
  const words = 'Diproses — bayar saat barang tiba';
  await checkout.locator('svc-payment-instructions [part~=status]', { hasText: words }).waitFor();
  await checkout.locator('[part~=order-link]').click();
  await page.waitForURL(/order-status\.html\?order=/);
  await page.locator('svc-order-status [part~=status]', { hasText: words }).waitFor();
  assert.equal(await page.locator('svc-order-status').getByText('Menunggu pembayaran').count(), 0);
  await page.context().close();
});
