// The buyer's journey against `npm start` (demo pages + reference server on one origin, fresh in-memory data):
// a guest buys a physical product by virtual account, sees the instructions, opens the order status page, marks
// the order paid on the reference payment page and sees the status change.
//   node --import tsx --test test/e2e/journey-guest-va.test.ts
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic'];

const freePort = () => new Promise<number>((resolve, reject) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  }).on('error', reject);
});

async function waitForPort(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true))).on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`demo did not listen on ${port}`);
}

let demo: ChildProcess;
let browser: Browser;
let base: string;

before(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  demo = spawn(process.execPath, ['--import', 'tsx', 'demo/serve.ts'], {
    env: { ...process.env, PORT: String(port), DEMO_DB: ':memory:' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort(port);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  demo?.kill('SIGTERM');
});

test('a guest pays a physical order by virtual account and sees it paid', { timeout: 120_000 }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/demo/checkout.html`);

  // buy: one Kaos Polos from the cart
  await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
  const checkout = page.locator('#checkout svc-checkout');
  await checkout.locator('[part~=line]').first().waitFor();
  await checkout.locator('#name').fill('Siti Aminah');
  await checkout.locator('#phone').fill('0812 3456 7890');
  await checkout.locator('#email').fill('siti@example.com');
  await checkout.locator('#search').fill('coblong');
  await checkout.locator('[role=option]').first().click();
  await checkout.locator('#address').fill('Jl. Dago No. 12, RT 01/RW 02');
  await checkout.locator('#address').blur();
  await checkout.locator('[part~=shipping-option]').first().waitFor();
  await checkout.locator('[part~=payment-method]', { hasText: 'Virtual Account' }).click();
  await checkout.locator('[part~=channel]', { hasText: 'BCA' }).click();
  await assert.doesNotReject(checkout.locator('[part~=total] dd', { hasText: /Rp/ }).waitFor());
  await checkout.locator('[part~=submit]').click();

  // the instructions
  const number = checkout.locator('svc-payment-instructions [part~=account-number]');
  await number.waitFor({ timeout: 15_000 });
  const va = (await number.textContent())!.trim();
  assert.match(va, /^\d{16}$/);

  // the order status page
  await checkout.locator('[part~=order-link]').click();
  await page.waitForURL(/order-status\.html\?order=/);
  const slug = new URL(page.url()).searchParams.get('order')!;
  const status = page.locator('svc-order-status [part~=status]');
  await status.filter({ hasText: 'Menunggu pembayaran' }).waitFor();
  assert.equal((await page.locator('svc-order-status svc-payment-instructions [part~=account-number]').textContent())!.trim(), va);

  // pay on the reference payment page, in another tab
  const payPage = await browser.newPage();
  await payPage.goto(`${base}/__reference/pay/${slug}`);
  await payPage.getByRole('button', { name: 'Mark as paid' }).click();
  await payPage.locator('[data-payment-status]', { hasText: 'paid' }).waitFor();

  // the status page notices by itself (polling)
  await status.filter({ hasText: 'Dibayar' }).waitFor({ timeout: 30_000 });
  await page.locator('svc-order-status svc-payment-instructions [part~=state]', { hasText: 'Pembayaran diterima' }).waitFor();
});
