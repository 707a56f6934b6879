// The location picker and the account on phones and a desktop (320, 390 touch, 1280 px), against `npm start` on fresh
// in-memory data: after a search pick the picker is one line with "Ubah"; with a subdistrict of several postal codes
// and long village names nothing inside it is cut off or scrolls sideways; the account's tabs are all on screen and
// reachable by touch and keyboard; and every such state passes the layout checks (test/e2e/support/layout.ts) and axe.
//   node --import tsx --test test/e2e/location-picker-and-account-on-phones.test.ts
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright';
import { contextAt, demoAndChromium } from './support/demo.ts';
import { layoutProblems, settle } from './support/layout.ts';

const env = demoAndChromium();

/** Elements inside the picker whose content is wider than their box (text cut off, or a box that scrolls sideways). */
const CUT_OFF = `(picker) => {
  const cut = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) walk(el.shadowRoot);
      if (!el.getClientRects().length || el.clientWidth === 0 || el.closest('.sr-only')) continue; // not shown, inline, screen-reader text
      if (el.scrollWidth > el.clientWidth + 1) cut.push(el.localName + (el.id ? '#' + el.id : '') + ' ' + el.scrollWidth + ' > ' + el.clientWidth + ' "' + el.textContent.trim().slice(0, 40) + '"');
    }
  };
  walk(picker.shadowRoot);
  return cut;
}`;

for (const width of [320, 390, 1280]) {
  describe(`${width} px`, () => {
    let context: BrowserContext;
    let page: Page;
    const phone = width < 600;
    const tap = (target: Locator) => (phone ? target.tap() : target.click());

    before(async () => {
      context = await contextAt(env.browser, width);
      page = await context.newPage();
    });
    after(() => context.close());

    /** Layout problems and axe violations of the page as it stands. */
    async function problems(state: string): Promise<string[]> {
      const layout = await layoutProblems(page, width, state);
      await settle(page);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      return [...layout, ...violations.flatMap((v) => v.nodes.map((n) => `[${width} px] ${state}: axe ${v.id} ${n.target.join(' → ')}`))];
    }

    test('location picker: one line after a search pick, nothing cut off with several postal codes and long village names', { timeout: 90_000 }, async () => {
      const found: string[] = [];
      await page.goto(`${env.demo.origin}/demo/checkout.html`);
      await page.locator('#checkout svc-add-to-cart[variant-id="101"]').click();
      const checkout = page.locator('#checkout svc-checkout');
      await checkout.locator('[part~=line]').first().waitFor();
      const picker = checkout.locator('svc-location-picker');
      const cutOff = async (state: string) => (await page.evaluate(`(${CUT_OFF})(document.querySelector('#checkout svc-checkout').shadowRoot.querySelector('svc-location-picker'))`) as string[])
        .map((c) => `[${width} px] ${state}: ${c}`);

      await tap(checkout.locator('[part~=submit]'));
      await checkout.locator('#location-error').waitFor();
      assert.equal(await picker.locator('#search').getAttribute('aria-invalid'), 'true', 'the search is marked in error');
      found.push(...await problems('picker in error'));

      await checkout.locator('#search').fill('coblong');
      await checkout.locator('[role=option]').first().click();
      await picker.locator('[part~=chosen]').waitFor();
      assert.match(await picker.locator('[part~=place]').innerText(), /Coblong, Kota Bandung, Jawa Barat · 32208/);
      assert.equal(await picker.locator('select:visible, input:visible').count(), 0, 'no select or search left open');
      found.push(...await cutOff('Coblong chosen'), ...await problems('Coblong chosen'));

      await tap(picker.locator('[part~=change]'));
      await picker.locator('#search:visible').waitFor();
      found.push(...await cutOff('reopened'), ...await problems('reopened'));

      await checkout.locator('#search').fill('peusangan');
      await checkout.locator('[role=option]', { hasText: 'Peusangan, Kabupaten Bireuen, Aceh' }).first().click();
      await picker.locator('[part~=postal-option]').nth(4).waitFor();
      found.push(...await cutOff('several postal codes'), ...await problems('several postal codes'));
      const longest = await picker.locator('[part~=postal-option] small').evaluateAll((smalls) =>
        smalls.flatMap((s) => s.textContent!.split(', ')).sort((a, b) => b.length - a.length)[0]);
      assert.ok(longest.length >= 30, `a long village name is shown: ${longest}`);
      assert.ok(await picker.getByText(longest, { exact: false }).first().isVisible());

      await tap(picker.locator('[part~=postal-option]').nth(1));
      await picker.locator('[part~=place]', { hasText: '·' }).waitFor();
      found.push(...await cutOff('postal code chosen'), ...await problems('postal code chosen'));
      assert.deepEqual(found, []);
    });

    test('account: every tab on screen and reachable by touch and keyboard; orders and "Beli lagi"', { timeout: 90_000 }, async () => {
      const found: string[] = [];
      await page.goto(`${env.demo.origin}/demo/account.html`);
      const account = page.locator('svc-account');
      await account.locator('svc-sign-in #email').fill('buyer@example.com');
      await account.locator('svc-sign-in #password').fill('correct horse battery');
      await tap(account.locator('svc-sign-in [part~=submit]'));
      const tabs = account.getByRole('tab');
      await account.locator('[part~=tabs]').waitFor();
      assert.equal(await tabs.count(), 4);
      for (let i = 0; i < 4; i++) {
        const box = (await tabs.nth(i).boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= width, `tab ${i} spans ${box.x}–${box.x + box.width} in ${width} px`);
        await tap(tabs.nth(i)); // a touch on it reaches it: nothing covers it
        assert.equal(await tabs.nth(i).getAttribute('aria-selected'), 'true');
      }
      await tabs.first().focus();
      await page.keyboard.press('End');
      assert.equal(await tabs.nth(3).evaluate((t) => t.getRootNode() instanceof ShadowRoot && (t.getRootNode() as ShadowRoot).activeElement === t), true);
      found.push(...await problems('account tabs'));

      await tap(account.getByRole('tab', { name: 'Pesanan' }));
      const card = account.locator('[part~=order]', { hasText: 'Paket Sarapan' });
      await card.waitFor();
      found.push(...await problems('account orders'));
      await tap(card.locator('[part~=buy-again]'));
      await card.locator('[part~=buy-again-message]', { hasText: 'keranjang' }).waitFor();
      found.push(...await problems('account, bought again'));
      assert.deepEqual(found, []);
    });
  });
}
