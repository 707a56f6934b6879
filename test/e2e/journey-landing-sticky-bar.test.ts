// The landing page's sticky "Pesan sekarang" bar (page-runtime.js's `data-svc-sticky`) as a shopper meets it on
// /demo/landing.html at 320 and 390 px (touch) and 1280 px, against `npm start`: at rest it never covers the form's
// submit button or the thank-you view; a tap leads to the first field still to fill (the submit button once all is
// filled) instead of jumping back to the top of the form; the form's problems are inline and Indonesian; the COD fee
// is its own line; after the order the bar is gone for good and the thank-you view says how a COD order goes on.
//   node --import tsx --test test/e2e/journey-landing-sticky-bar.test.ts
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright';
import { contextAt, demoAndChromium, STATE_WAIT_MS, watchProblems } from './support/demo.ts';
import { layoutProblems, settle } from './support/layout.ts';

const env = demoAndChromium();
const BAR = '[data-svc-sticky]';
const SUBMIT = 'form[data-svc-checkout] button[type=submit]';

/** Whether the bar is on screen over `selector` (in the page: strings, tsx would add helpers the page lacks). */
const covers = (page: Page, selector: string) => page.evaluate(`(() => {
  const bar = document.querySelector('${BAR} a').getBoundingClientRect();
  const target = document.querySelector('${selector}').getBoundingClientRect();
  if (!bar.width || !target.width || document.querySelector('${BAR}').hidden) return false;
  return bar.top < target.bottom && target.top < bar.bottom && bar.left < target.right && target.left < bar.right;
})()`) as Promise<boolean>;

/** Scrolls to `y` and waits for the page to come to rest with the bar clear of `selectors` (it may take a frame or two). */
async function restAt(page: Page, y: number, selectors: string[]) {
  await page.evaluate(`scrollTo(0, ${y})`);
  await settle(page);
  const clear = `!${JSON.stringify(selectors)}.some((s) => { const t = document.querySelector(s)?.getBoundingClientRect(); const b = document.querySelector('${BAR} a').getBoundingClientRect();
    return !document.querySelector('${BAR}').hidden && b.width && t && t.width && b.top < t.bottom && t.top < b.bottom; })`;
  await page.waitForFunction(clear, undefined, { timeout: STATE_WAIT_MS }).catch(() => undefined); // then the assertion says why
  for (const selector of selectors) assert.equal(await covers(page, selector), false, `the bar covers ${selector} at y = ${y}`);
}

/** Steps through the page from `from` to its end: at every stop the bar is clear of `selectors`. */
async function scrollThrough(page: Page, from: number, selectors: string[]) {
  const end = await page.evaluate('document.documentElement.scrollHeight - innerHeight') as number;
  for (let y = from; y < end + 300; y += 300) await restAt(page, Math.min(y, end), selectors);
}

const barShown = (page: Page) => page.locator(`${BAR} a`).isVisible();
const focused = (page: Page) => page.evaluate('document.activeElement?.getAttribute("data-svc-field") ?? document.activeElement?.localName') as Promise<string>;

for (const width of [320, 390, 1280]) {
  describe(`${width} px`, () => {
    const phone = width < 600;

    test('the sticky bar never covers the submit button or the thank-you view, and is gone after the order', { timeout: 120_000 }, async () => {
      const context = await contextAt(env.browser, width);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const layout: string[] = [];
      const tap = (target: Locator) => (phone ? target.tap() : target.click());
      await page.goto(`${env.demo.origin}/demo/landing.html`);
      await page.locator('select[data-svc-item] option').nth(1).waitFor({ state: 'attached' });
      assert.equal(await barShown(page), phone, 'the bar shows on phones only (the page\'s CSS)');

      // the form's own button on screen: the bar steps aside (and the runtime's extras are in place)
      await page.locator(SUBMIT).scrollIntoViewIfNeeded();
      await page.waitForFunction(`document.querySelector('${BAR}').hidden`);
      const formTop = await page.evaluate('document.querySelector("form[data-svc-checkout]").getBoundingClientRect().top + scrollY') as number;
      await scrollThrough(page, formTop - 400, [SUBMIT]);

      // an empty form: the problems inline and in Indonesian, focus on the first, no bar over it
      await tap(page.locator(SUBMIT));
      await page.locator('[data-svc-error-for="customer.name"]').waitFor();
      assert.equal(await page.locator('[data-svc-error-for="customer.name"]').textContent(), 'Isi nama penerima.');
      assert.equal(await page.locator('[data-svc-error-for="customer.phone"]').textContent(), 'Isi nomor HP/WhatsApp.');
      assert.equal(await focused(page), 'customer.name');
      assert.equal(await covers(page, '[data-svc-field="customer.name"]'), false);
      layout.push(...await layoutProblems(page, width, 'landing page with errors'));

      // the buyer reads on, back at the top: the bar takes them to the first field still empty
      await page.locator('[data-svc-field="customer.name"]').blur();
      await restAt(page, 0, [SUBMIT]);
      if (phone) {
        await page.waitForFunction(`!document.querySelector('${BAR}').hidden`);
        await tap(page.locator(`${BAR} a`));
        assert.equal(await focused(page), 'customer.name');
        await page.locator('[data-svc-field="customer.name"]').fill('Rina Kartika');
      } else await page.fill('[data-svc-field="customer.name"]', 'Rina Kartika');
      await page.fill('[data-svc-field="customer.phone"]', '0812');
      await page.locator('[data-svc-field="customer.phone"]').blur();
      assert.equal(await page.locator('[data-svc-error-for="customer.phone"]').textContent(), 'Masukkan nomor HP yang valid, mis. 0812 3456 7890.');
      await page.fill('[data-svc-field="customer.phone"]', '0813-2222-3333');
      assert.equal(await page.locator('[data-svc-error-for="customer.phone"]').isVisible(), false, 'gone once fixed');
      await page.selectOption('[data-svc-field="destination.province_id"]', '32');
      await page.selectOption('[data-svc-field="destination.city_id"]', '3273');
      await page.selectOption('[data-svc-field="destination.location_id"]', '327302');
      await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('[data-svc-field="destination.postal_code"]')!.value !== '');
      await page.check('[data-svc-field="payment_method"][value="cod"]');
      // the COD fee as its own amount, as soon as COD is chosen
      await page.locator('[data-svc-summary="cod_fee"]').waitFor();
      assert.match((await page.locator('[data-svc-summary="cod_fee"]').textContent())!, /^Rp\s[\d.]+$/);
      await page.locator('[data-svc-field="payment_method"][value="cod"]').blur();

      // only the address is left: from far below or above it, the bar goes there, not to the top of the form
      if (phone) {
        await restAt(page, 0, [SUBMIT]);
        await page.waitForFunction(`!document.querySelector('${BAR}').hidden`);
        await tap(page.locator(`${BAR} a`));
        assert.equal(await focused(page), 'destination.address');
        assert.ok(await page.locator('[data-svc-field="destination.address"]').isVisible());
      }
      await page.fill('[data-svc-field="destination.address"]', 'Jl. Dipatiukur No. 35');
      await page.locator('[data-svc-shipping-option]').first().waitFor();
      await page.waitForFunction(() => /Rp/.test(document.querySelector('[data-svc-summary="gross_revenue"]')?.textContent ?? ''));
      await page.locator('[data-svc-field="destination.address"]').blur();
      layout.push(...await layoutProblems(page, width, 'landing page, COD chosen'));
      if (phone) {
        // all filled: the bar leads to the submit button, and steps aside once it is on screen
        await restAt(page, 0, [SUBMIT]);
        await page.waitForFunction(`!document.querySelector('${BAR}').hidden`);
        await tap(page.locator(`${BAR} a`));
        assert.equal(await focused(page), 'button');
        await page.waitForFunction(`document.querySelector('${BAR}').hidden`);
        assert.equal(await covers(page, SUBMIT), false);
      }

      await tap(page.locator(SUBMIT));
      await page.locator('[data-svc-order]').waitFor();
      assert.equal(await page.locator('[data-svc-order-state]').textContent(), 'Diproses — bayar saat barang tiba');
      assert.ok(await page.locator('[data-svc-order] [data-svc-if-payment="cod"]').first().isVisible());
      // gone for good: over the thank-you view, its "Lihat status pesanan" and anywhere else on the page
      await scrollThrough(page, 0, ['[data-svc-order]', '[data-svc-order-link]']);
      assert.equal(await page.locator(BAR).isHidden(), true);
      layout.push(...await layoutProblems(page, width, 'landing page, thank you'));
      assert.deepEqual(layout, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  });
}
