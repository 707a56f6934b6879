// The catalog's quick view and the cart drawer as a shopper meets them at 320×568 and 390×844 (touch) and at
// 1280×800, against `npm start` on fresh in-memory data: no size is chosen for the shopper, the add button is in
// sight without scrolling (before and after the size is chosen), the photo follows the colour, and the drawer names
// the store's fee ("Biaya layanan Rp 2.500") next to "Ongkos kirim dihitung saat checkout", with nothing wider than
// the screen and 44 px targets in every state (test/e2e/support/layout.ts).
//   node --import tsx --test test/e2e/journey-quick-view-drawer.test.ts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright';
import { contextAt, demoAndChromium, watchProblems } from './support/demo.ts';
import { layoutProblems } from './support/layout.ts';

const env = demoAndChromium();

const SCREENS = [
  { width: 320, height: 568, phone: true },
  { width: 390, height: 844, phone: true },
  { width: 1280, height: 800, phone: false },
];

/** Whether `target` lies wholly inside the viewport as the page stands (nothing scrolled to reach it). */
async function inSight(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const { width, height } = page.viewportSize()!;
  return !!box && box.height >= 44 && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
}

for (const { width, height, phone } of SCREENS) {
  test(`${width}×${height}: quick view without a preselected size, its add button in sight, the fee named in the drawer`, { timeout: 90_000 }, async () => {
    const context = await contextAt(env.browser, width, { phone: height, desktop: height });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const layout: string[] = [];
    const check = async (state: string) => layout.push(...await layoutProblems(page, width, state));
    const tap = (target: Locator) => (phone ? target.tap() : target.click());

    await page.goto(`${env.demo.origin}/`);
    const catalog = page.locator('svc-catalog');
    await tap(catalog.locator('[part~=card]', { hasText: 'Kaos Polos' }).first());
    const product = catalog.locator('svc-product');
    await product.locator('[part~=name]').waitFor();
    const sheet = catalog.locator('dialog[part~=dialog]');
    const toTop = () => sheet.evaluate((dialog) => void (dialog.scrollTop = 0));

    // the colour has a photo of its own and starts chosen; the size waits for the shopper
    assert.equal(await product.getByRole('radio', { name: 'Hitam', exact: true }).isChecked(), true);
    for (const size of ['S', 'M', 'L', 'XL']) assert.equal(await product.getByRole('radio', { name: size, exact: true }).isChecked(), false, `${size} not chosen`);
    const choose = product.getByRole('button', { name: 'Pilih ukuran' });
    assert.ok(await inSight(page, choose), '"Pilih ukuran" in sight without scrolling');
    await check('quick view');

    // pressed early, it says what is missing and takes the shopper there
    await tap(choose);
    await product.locator('[part~=option-error]', { hasText: 'Pilih ukuran' }).waitFor();
    await check('quick view, the size asked for');

    await tap(product.locator('[part~=option-value]', { hasText: /^\s*Putih\s*$/ }));
    await product.locator('[part~=image][src$="kaos-polos-putih.webp"]').waitFor();
    await tap(product.locator('[part~=option-value]', { hasText: /^\s*M\s*$/ }));
    const add = product.getByRole('button', { name: 'Tambah ke keranjang' });
    await add.waitFor();
    assert.ok(await inSight(page, add), 'the add button in sight right after the size is chosen');
    await toTop();
    assert.ok(await inSight(page, add), 'and from the top of the quick view');
    await check('quick view, size chosen');

    await tap(add);
    const drawer = page.locator('header svc-cart-button');
    const line = drawer.locator('svc-cart [part~=line]').first();
    await line.waitFor();
    assert.match((await line.locator('[part~=line-variant]').textContent())!, /Putih \/ M/);
    assert.match((await line.locator('[part~=line-image]').getAttribute('src'))!, /kaos-polos-putih\.webp$/);
    const fee = drawer.locator('svc-cart [part~=fee]');
    await fee.waitFor();
    assert.equal((await fee.innerText()).replace(/\s+/g, ' ').trim(), 'Biaya layanan Rp 2.500');
    assert.ok(await fee.isVisible(), 'the fee is on screen');
    assert.ok(await drawer.getByText('Ongkos kirim dihitung saat checkout').isVisible());
    await check('cart drawer with the store\'s fee');

    assert.deepEqual(layout, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
