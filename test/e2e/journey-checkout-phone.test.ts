// The checkout on a phone (320 and 390 px, touch) and on a desktop (1280 px), against `npm start` on fresh data:
// the pay bar with the total from the first screen (phones; the summary column beside the form on a desktop), gone
// once the order is placed and while a field has the keyboard; every fee named before placing (the store's in the
// first summary, COD's the moment it is picked); a digital order without e-mail refused with its reason; a returning
// buyer's last address prefilled; the service's errors never in English on an Indonesian page. Layout and axe in
// each new state.
//   node --import tsx --test test/e2e/journey-checkout-phone.test.ts
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright';
import { contextAt, demoAndChromium, fillCheckout, placeOrder, STATE_WAIT_MS } from './support/demo.ts';
import { layoutProblems, settle } from './support/layout.ts';

const env = demoAndChromium();
const WIDTHS = [320, 390, 1280].filter((w) => !process.env.ONLY_WIDTH || String(w) === process.env.ONLY_WIDTH);

for (const width of WIDTHS) {
  describe(`${width} px`, () => {
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    const phone = width < 600;
    /** Layout and axe of the page as it stands. */
    const check = async (state: string) => {
      problems.push(...await layoutProblems(page, width, state));
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      problems.push(...violations.flatMap((v) => v.nodes.map((n) => `[${width} px] ${state}: ${v.id} ${n.target.join(' → ')}`)));
    };
    let visit = 0;
    const open = (fragment = '') => page.goto(`${env.demo.origin}/demo/checkout.html?visit=${++visit}${fragment}`);
    /** The cart checkout with one T-shirt, its summary at rest; `guest`: a new guest's (an empty cart, nobody signed in). */
    async function cartCheckout({ guest = false } = {}): Promise<Locator> {
      if (guest && page.url().startsWith(env.demo.origin)) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
      await open();
      await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
      const checkout = page.locator('#checkout svc-checkout');
      await checkout.locator('[part~=summary] [part~=fee]').waitFor();
      await checkout.locator('[part~=totals][aria-busy=false]').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      return checkout;
    }
    const payBar = (checkout: Locator) => checkout.locator('[part~=pay-bar]');

    before(async () => {
      context = await contextAt(env.browser, width, { phone: 740, desktop: 800 });
      page = await context.newPage();
    });
    after(() => context.close());

    test('the pay bar holds the total from the first screen, steps aside for the keyboard, and is gone once placed', { timeout: 90_000 }, async () => {
      problems = [];
      const checkout = await cartCheckout({ guest: true });
      if (!phone) {
        // a desktop: the summary is a sticky column beside the form, with the button; no bars
        await checkout.locator('[part~=submit]').waitFor();
        assert.equal(await payBar(checkout).count(), 0);
        assert.equal(await checkout.locator('[part~=summary-bar]').isVisible(), false);
        assert.equal(await checkout.locator('[part~=summary]').evaluate((el) => getComputedStyle(el).position), 'sticky');
        await check('desktop checkout, first screen');
      } else {
        await payBar(checkout).waitFor();
        assert.match(await checkout.locator('[part~=pay-bar-total]').innerText(), /Rp\s?87\.500\s*\+ ongkir/);
        assert.ok(await payBar(checkout).isVisible());
        await check('phone checkout, first screen');
        await checkout.locator('[part~=summary-toggle]').tap();
        await checkout.locator('[part~=summary-panel]', { hasText: 'Biaya layanan' }).waitFor();
        assert.equal(await checkout.locator('[part~=summary-toggle]').getAttribute('aria-expanded'), 'true');
        await check('phone checkout, summary expanded');
        await checkout.locator('[part~=summary-toggle]').tap();
        // a field with the keyboard: the bar steps aside, and comes back once the field is left
        await checkout.locator('#name').tap();
        await payBar(checkout).waitFor({ state: 'detached' });
        await checkout.locator('#name').evaluate((input: HTMLInputElement) => input.blur());
        await payBar(checkout).waitFor();
      }
      await fillCheckout(checkout);
      await checkout.locator('#address').evaluate((input: HTMLTextAreaElement) => input.blur());
      await placeOrder(checkout, 'Virtual Account', 'BCA');
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      assert.equal(await payBar(checkout).count(), 0, 'no pay bar once placed');
      await check('order placed');
      assert.deepEqual(problems, []);
    });

    test('every fee named before placing: the store\'s from the first summary, COD\'s the moment it is picked', { timeout: 90_000 }, async () => {
      problems = [];
      const checkout = await cartCheckout({ guest: true });
      const fee = checkout.locator('[part~=summary] [part~=fee]');
      assert.match(await fee.innerText(), /Biaya layanan\s+Rp\s?2\.500/);
      await checkout.locator('[part~=payment-method]', { hasText: 'COD' }).click();
      // before an address: a row of its own in the summary, and (phones) in the pay bar
      const codRow = checkout.locator('[part~=summary] [part~=cod-fee]');
      await codRow.waitFor();
      assert.match(await codRow.innerText(), /^Biaya COD\s+Rp\s?1\.000$/); // 1 % of Rp 85.000, at least Rp 1.000
      if (phone) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await checkout.locator('[part~=pay-bar-total] [part~=cod-fee]', { hasText: /termasuk COD Rp\s?1\.000/ }).waitFor();
      }
      await checkout.locator('[part~=payment-method]', { hasText: 'COD' }).scrollIntoViewIfNeeded();
      await check('COD chosen, before the address');
      await fillCheckout(checkout);
      await checkout.locator('[part~=summary] [part~=cod-fee]', { hasText: 'termasuk biaya COD' }).waitFor();
      await check('COD chosen, with the courier');
      await checkout.locator('[part~=totals][aria-busy=false]').waitFor();
      await checkout.locator('[part~=submit]').click();
      await checkout.locator('[part~=confirmation]').waitFor();
      assert.deepEqual(problems, []);
    });

    test('a digital order without e-mail is refused with its reason', { timeout: 60_000 }, async () => {
      problems = [];
      await open('#beli-sekarang');
      const checkout = page.locator('#beli-sekarang svc-checkout');
      await checkout.locator('#email-hint', { hasText: 'E-book 100 Resep Nusantara dikirim ke e-mail ini.' }).waitFor();
      assert.equal(await checkout.locator('label[for=email]').innerText(), 'E-mail');
      await checkout.locator('#name').fill('Siti Aminah');
      await checkout.locator('#phone').fill('0812 3456 7890');
      await checkout.locator('[part~=payment-method]', { hasText: 'Transfer' }).first().click();
      const orders: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/public/checkout') && orders.push(r.url()));
      await checkout.locator('[part~=submit]').click();
      await checkout.locator('#email-error', { hasText: 'E-mail wajib diisi.' }).waitFor();
      assert.equal(await checkout.locator('#email').evaluate((input) => input.getRootNode() instanceof ShadowRoot && (input.getRootNode() as ShadowRoot).activeElement === input), true);
      assert.deepEqual(orders, []);
      await check('digital buy-now, e-mail refused');
      assert.deepEqual(problems, []);
    });

    test('a returning buyer: "Masuk" from the guest checkout, then the last order\'s address and courier prefilled', { timeout: 120_000 }, async () => {
      problems = [];
      const guest = await cartCheckout({ guest: true });
      await guest.locator('[part~=sign-in]', { hasText: 'Masuk' }).click();
      await page.waitForURL(/\/demo\/account\.html$/);
      const form = page.locator('svc-account svc-sign-in');
      await form.locator('#email').fill('buyer@example.com');
      await form.locator('#password').fill('correct horse battery');
      await form.locator('[part~=submit]').click();
      await page.locator('svc-account [part~=tabs]').waitFor();
      // an order (to a subdistrict of Bandung of this width's own: an earlier width's order is prefilled) with the second courier
      let checkout = await cartCheckout();
      assert.equal(await checkout.locator('[part~=sign-in]').count(), 0, 'no "Masuk" once signed in');
      const [search, location] = ({ 320: ['coblong', '327302'], 390: ['sukajadi', '327307'] } as Record<number, string[]>)[width] ?? ['cidadap', '327308'];
      // an earlier width's order is prefilled: the picker shows it on one line, "Ubah" opens the search
      const change = checkout.locator('svc-location-picker [part~=change]');
      if (await change.isVisible()) await change.click();
      await checkout.locator('#search').fill(search);
      await checkout.locator('[role=option]', { hasText: 'Kota Bandung' }).first().click();
      // one postal code is filled in; of several, the buyer picks the first
      const postal = checkout.locator('svc-location-picker input[name=postal]');
      if ((await postal.count()) > 0 && !(await checkout.locator('svc-location-picker input[name=postal]:checked').count())) await postal.first().check();
      await checkout.locator('#address').fill('Jl. Dago No. 12, RT 01/RW 02');
      await checkout.locator('#address').blur();
      await checkout.locator('[part~=shipping-option]').nth(1).waitFor();
      const second = checkout.locator('[part~=shipping-option]').nth(1);
      const courier = (await second.locator('.grow > span').innerText()).trim();
      await second.click();
      await placeOrder(checkout, 'Transfer Bank');
      // the next visit starts from there
      checkout = await cartCheckout();
      await checkout.locator('[part~=prefilled]', { hasText: 'Alamat dan kurir dari pesanan terakhir Anda.' }).waitFor();
      assert.equal(await checkout.locator('#address').inputValue(), 'Jl. Dago No. 12, RT 01/RW 02');
      assert.equal(await checkout.locator('svc-location-picker #subdistrict').inputValue(), location);
      await checkout.locator('[part~=shipping-option]').first().waitFor();
      assert.equal((await checkout.locator('[part~=shipping-option]:has(input:checked) .grow > span').innerText()).trim(), courier);
      await checkout.locator('[part~=prefilled]').scrollIntoViewIfNeeded();
      await check('returning buyer, prefilled');
      assert.deepEqual(problems, []);
    });
  });
}

/** What the buyer reads in the checkout once placing failed (its whole text, through the shadow roots). */
const shownText = (checkout: Locator) => checkout.evaluate((el) => el.shadowRoot!.textContent!.replace(/\s+/g, ' '));

describe('390 px: the service\'s errors on an Indonesian page', () => {

  // the reference server answers where it can (the order request rewritten on its way), a fault injected otherwise
  type Force = { code: string; english: RegExp; says: string; rewrite?: (body: Record<string, unknown>) => Record<string, unknown>; status?: number };
  const CASES: Force[] = [
    { code: 'validation_error', english: /is not in/, says: 'Pilih kode pos yang ada di kecamatan ini.',
      rewrite: (b) => ({ ...b, destination: { ...(b.destination as object), postal_code: '99999' } }) },
    { code: 'out_of_stock', english: /left in stock|out of stock/, says: 'Stok tidak mencukupi.',
      rewrite: (b) => ({ ...b, items: [{ type: 'variant', variant_id: 102, quantity: 999 }] }) },
    { code: 'payment_method_not_allowed', english: /Cash on delivery needs/, says: 'Metode pembayaran ini tidak bisa dipakai untuk pesanan ini.',
      rewrite: (b) => ({ ...b, items: [{ type: 'variant', variant_id: 109, quantity: 1 }], payment_method: 'cod' }) },
    { code: 'email_required', english: /An e-mail address is required/, says: 'E-mail wajib diisi: produk digital dikirim ke e-mail ini.',
      rewrite: (b) => ({ ...b, items: [{ type: 'variant', variant_id: 109, quantity: 1 }], customer: { name: 'Siti', phone: '081234567890' } }) },
    { code: 'idempotency_conflict', english: /already used/, says: 'Pesanan ini sudah pernah dikirim dengan isian lain.', status: 422 },
    { code: 'invalid_state', english: /cannot be paid/, says: 'Pesanan ini tidak bisa diubah atau dibayar lagi.' },
    { code: 'rate_limited', english: /Too Many Requests/, says: 'Terlalu banyak permintaan.', status: 429 },
    { code: 'store_not_found', english: /Store not found/, says: 'Toko ini sedang tidak menerima pesanan.', status: 404 },
    { code: 'not_found', english: /Cart not found/, says: 'Data tidak ditemukan.', status: 404 },
    { code: 'unauthorized', english: /Missing credentials/, says: 'Sesi Anda sudah berakhir.', status: 401 },
    { code: 'forbidden', english: /Forbidden here/, says: 'Anda tidak punya akses untuk ini.', status: 403 },
    { code: 'origin_not_allowed', english: /Origin not allowed/, says: 'Situs ini belum diizinkan oleh toko.', status: 403 },
    { code: 'payload_too_large', english: /Body too large/, says: 'Isian terlalu panjang.', status: 413 },
    { code: 'internal_error', english: /Internal error/, says: 'pesanan Anda mungkin sudah dibuat, mungkin juga belum.', status: 500 },
  ];
  const MESSAGES: Record<string, string> = {
    idempotency_conflict: 'This Idempotency-Key was already used with a different request', invalid_state: 'A cancelled, unpaid order cannot be paid',
    rate_limited: 'Too Many Requests', store_not_found: 'Store not found', not_found: 'Cart not found', unauthorized: 'Missing credentials',
    forbidden: 'Forbidden here', origin_not_allowed: 'Origin not allowed', payload_too_large: 'Body too large', internal_error: 'Internal error',
  };

  test('each code the checkout can meet is said in Indonesian, never in the service\'s English', { timeout: 300_000 }, async () => {
    const seen: string[] = [];
    for (const { code, english, says, rewrite, status } of CASES) {
      // a fresh guest each time (an empty cart)
      const context = await env.browser.newContext({ viewport: { width: 390, height: 740 }, hasTouch: true, isMobile: true });
      context.setDefaultTimeout(STATE_WAIT_MS);
      const page = await context.newPage();
      await page.route('**/v3/stores/demo-store/public/checkout', async (route) => {
        if (route.request().method() !== 'POST' || code === 'invalid_state') return route.fallback();
        if (rewrite) return route.continue({ postData: JSON.stringify(rewrite(route.request().postDataJSON() as Record<string, unknown>)) });
        if (code === 'rate_limited') return route.fulfill({ status: 429, contentType: 'text/plain', headers: { 'Retry-After': '120' }, body: MESSAGES[code] });
        return route.fulfill({ status: status!, contentType: 'application/json', body: JSON.stringify({ error: { code, message: MESSAGES[code] } }) });
      });
      if (code === 'invalid_state') {
        await page.route('**/public/orders/*/payment', (route) => route.fulfill({ status: 400, contentType: 'application/json',
          body: JSON.stringify({ error: { code, message: MESSAGES[code] } }) }));
      }
      await page.goto(`${env.demo.origin}/demo/checkout.html?code=${code}`);
      await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
      const checkout = page.locator('#checkout svc-checkout');
      await checkout.locator('[part~=line]').first().waitFor();
      await fillCheckout(checkout);
      await checkout.locator('[part~=payment-method]', { hasText: 'Transfer Bank' }).click();
      await checkout.locator('[part~=totals][aria-busy=false]').waitFor();
      const failed = page.evaluate(() => new Promise((resolve) => document.addEventListener('svc-error', resolve, { once: true })));
      await checkout.locator('[part~=submit]').click();
      await failed;
      const text = await shownText(checkout);
      if (english.test(text)) seen.push(`${code}: English shown: ${text}`);
      if (!text.includes(says)) seen.push(`${code}: "${says}" not shown in: ${text}`);
      await context.close();
    }
    assert.deepEqual(seen, []);
  });
});
