// The purchase journeys in one engine (E2E_ENGINE: chromium, firefox or webkit; default chromium), against `npm start`
// (demo pages + reference server, fresh in-memory data), on the driver layer of ./driver.ts: the catalog's quick view
// → cart drawer → checkout by virtual account → order page paid, buy-now by QRIS, the HTML Mode checkout
// (`<svc-checkout page-id>`), the landing page bound by page-runtime.js and the pasted-snippet page; then the
// layout-shift check (./layout-shift.ts). Phones first: the cart and landing journeys run on a 390×844 touch screen,
// the HTML Mode one on a 320×568 one, checking what the path promises a shopper there (./phone-checks.ts: the pay bar,
// every fee named, the VA number on one line, the sticky bar out of the way) and the layout in each state
// (test/e2e/support/layout.ts: nothing wider than the screen, 44 px targets); the others at 1280×800. One demo and
// one browser for the whole file; scripts/run-browser-tests.mjs runs it once per engine.
//   E2E_ENGINE=webkit node --import tsx --test test/e2e/engines/journeys.test.ts
//   E2E_SCREENSHOTS=test-results/screens …   also saves the screens a person should look at (checkout top, middle
//                                            and bottom, quick view, drawer, landing page, order pages)
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { exclusionReason } from '../../driver-exclusions.mjs';
import { startDemo, type Demo } from '../support/demo.ts';
import { launch, type Engine, type EnginePage, type PageOptions } from './driver.ts';
import { layoutShiftJourneys } from './layout-shift.ts';
import { assertInSight, assertVirtualAccount, coarsePointer, payBarGone, payBarShown, payBarThroughout, quickViewAdds, screenshot, scrollTo, totalsSaid,
  uncovered, watchTotals } from './phone-checks.ts';
import { fillCheckout, layoutProblems, orderSlug, placeOrder } from './steps.ts';

const engine = (process.env.E2E_ENGINE ?? 'chromium') as Engine;
/**
 * A cart checkout (no `shipping` attribute) learns whether its items ship from the service's first summary, asked
 * without a destination: 400 shipping_required, on purpose.
 */
const SHIPPING_PROBE = /^400 \S+\/public\/checkout\/summary$/;
const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 320, height: 568 };
/** The landing page's sticky "Pesan sekarang" bar (page-runtime.js's extras hide it), its form's own button. */
const STICKY_BAR = '[data-svc-sticky]';
const LANDING_SUBMIT = 'form[data-svc-checkout] button[type=submit]';
/** The landing form's field that has the focus (its data-svc-field). */
const FOCUSED = 'document.activeElement?.getAttribute("data-svc-field")';
const focusedField = (page: EnginePage) => page.evaluate<string | null>(`() => ${FOCUSED}`);
const stickyBarShown = (page: EnginePage) => page.waitUntil(`() => { const bar = find({ css: '${STICKY_BAR}' })[0];
  const box = bar.querySelector('a').getBoundingClientRect(); return !bar.hidden && box.height > 0 && box.bottom <= innerHeight; }`, [], { what: 'the sticky bar' });
const stickyBarHidden = (page: EnginePage, why: string) => page.waitUntil(`() => find({ css: '${STICKY_BAR}' })[0].hidden`, [], { what: `no sticky bar: ${why}` });
const DESKTOP = { width: 1280, height: 800 };

let demo: Demo;
let browser: Awaited<ReturnType<typeof launch>>;
before(async () => {
  [demo, browser] = await Promise.all([startDemo(), launch(engine)]);
});
after(async () => {
  await browser?.close();
  await demo?.close();
});

/** A journey of this engine; one the driver cannot run here is reported as skipped with the reason of test/driver-exclusions.mjs. */
function journey(name: string, body: () => Promise<void>, timeout = 120_000) {
  const reason = exclusionReason(engine, name);
  test(`${engine}: ${name}`, reason ? { skip: `driver: ${reason}` } : { timeout }, body);
}

/**
 * A fresh page (its own storage) at `viewport`; closed after `body`, which gets it and its layout checker. When the
 * body fails, the page's screenshot goes to test-results/engines/ first.
 */
async function withPage(options: PageOptions, body: (page: EnginePage, check: (state: string) => Promise<void>) => Promise<void>) {
  const page = await browser.newPage(options);
  const layout: string[] = [];
  try {
    await body(page, async (state) => void layout.push(...await layoutProblems(page, state)));
    assert.deepEqual(layout, [], 'layout');
    assert.deepEqual(await page.problems(), [], 'page problems');
  } catch (error) {
    const file = `test-results/engines/${engine}-${Date.now()}.png`;
    await mkdir('test-results/engines', { recursive: true });
    await page.screenshot().then((png) => writeFile(file, png), () => {});
    throw Object.assign(error as Error, { message: `${(error as Error).message} (screenshot: ${file})` });
  } finally {
    await page.close();
  }
}

journey('quick view → cart drawer → checkout on a phone: the pay bar, every fee named, virtual account → order page, paid', () => withPage({ viewport: PHONE, touch: true, expectedProblems: [SHIPPING_PROBE] }, async (page, check) => {
  // the catalog's quick view adds the size the shopper chose; the drawer opens with the store's fee named
  await page.goto(`${demo.origin}/`);
  await quickViewAdds(page, check);
  const cart = 'header svc-cart-button >> svc-cart';
  await page.waitFor({ css: `${cart} >> [part~=line]`, text: 'Hitam / M' });
  await page.waitFor({ css: `${cart} >> [part~=fee]`, text: /^Biaya layanan\s*Rp\s?2\.500$/ });
  await assertInSight(page, `${cart} >> [part~=fee]`, 'the store\'s fee in the drawer');
  await check('cart drawer');
  await screenshot(page, 'cart-drawer');
  await page.click(`${cart} >> [part~=checkout]`);
  await page.waitForUrl(/\/demo\/checkout\.html/);

  // the first screen: the pay bar with an estimated total, the store's fee already in the summary
  const checkout = '#checkout svc-checkout';
  await page.waitFor(`${checkout} >> [part~=line]`);
  await watchTotals(page, checkout);
  await page.waitFor({ css: `${checkout} >> [part~=summary] [part~=fee]`, text: /^Biaya layanan\s*Rp\s?2\.500$/ });
  await scrollTo(page, 0);
  assert.match((await payBarShown(page, checkout)).total, /^Rp\s?87\.500 \+ ongkir$/);
  await check('checkout, first screen');
  await page.click(`${checkout} >> [part~=summary-toggle]`);
  await page.waitFor({ css: `${checkout} >> [part~=summary-panel]`, text: /Biaya layanan\s*Rp\s?2\.500/ });
  await check('checkout, the summary open');
  await screenshot(page, 'checkout-summary-open');
  await page.click(`${checkout} >> [part~=summary-toggle]`);
  if (await coarsePointer(page)) {
    // a finger on a field: the keyboard would carry the bar over it, so it steps aside until the field is left
    await page.click(`${checkout} >> #name`);
    await payBarGone(page, checkout, 'a field has the keyboard');
    await page.blur(`${checkout} >> #name`);
    await payBarShown(page, checkout);
  }
  await fillCheckout(page, checkout);
  assert.equal(await page.evaluate(`() => find({ css: '${checkout} >> #address' })[0].spellcheck`), false, 'no red underline under "Jl." and "RT/RW"');
  await check('checkout filled in');
  await screenshot(page, 'checkout-filled-in');
  // cash on delivery: its fee named the moment it is chosen, in the summary and in the pay bar
  await page.choose({ css: `${checkout} >> [part~=payment-method]`, text: 'COD' });
  await page.waitFor({ css: `${checkout} >> [part~=summary] [part~=cod-fee]`, text: /^termasuk biaya COD\s*Rp\s?[\d.]+$/ });
  await scrollTo(page, 0);
  await page.waitFor({ css: `${checkout} >> [part~=pay-bar-total] [part~=cod-fee]`, text: /^termasuk COD Rp\s?[\d.]+$/ });
  await payBarThroughout(page, checkout);
  await check('checkout, COD chosen');

  await placeOrder(page, checkout, 'Virtual Account', 'BCA');
  const said = await totalsSaid(page);
  assert.deepEqual(said.filter((line) => !/: Rp\s?[\d.]+( \+ ongkir)?$/.test(line)), [], `every total said a sum: ${said.join(' | ')}`);
  await payBarGone(page, checkout, 'the order is placed');
  await check('payment instructions');
  const va = await assertVirtualAccount(page, `${checkout} >> svc-payment-instructions`, { app: 'BCA mobile', web: 'KlikBCA', atm: 'ATM BCA' });
  await screenshot(page, 'payment-steps');

  const slug = await orderSlug(page, checkout);
  await page.click(`${checkout} >> [part~=order-link]`);
  await page.waitForUrl(/order-status\.html\?order=/);
  assert.equal(new URL(await page.url()).searchParams.get('order'), slug);
  await page.waitFor({ css: 'svc-order-status >> [part~=status]', text: 'Menunggu pembayaran' });
  assert.equal(await page.text('svc-order-status >> svc-payment-instructions >> [part~=account-number]'), va);
  await check('order page');
  await screenshot(page, 'order-page');

  // paid on the reference payment page, in another page: the order page notices by itself (polling)
  await withPage({ viewport: DESKTOP }, async (pay) => {
    await pay.goto(`${demo.origin}/__reference/pay/${slug}`);
    await pay.click({ css: 'button', text: 'Mark as paid' });
    await pay.waitFor({ css: '[data-payment-status]', text: 'paid' });
  });
  await page.waitFor({ css: 'svc-order-status >> [part~=status]', text: 'Dibayar' }, { timeout: 30_000 });
  await page.waitFor({ css: 'svc-order-status >> svc-payment-instructions >> [part~=state]', text: 'Pembayaran diterima' });
}));

journey('buy now (digital) by QRIS: a scannable QR code', () => withPage({ viewport: DESKTOP }, async (page) => {
  await page.goto(`${demo.origin}/demo/checkout.html#beli-sekarang`);
  const checkout = '#beli-sekarang svc-checkout';
  await fillCheckout(page, checkout, { physical: false });
  await placeOrder(page, checkout, 'QRIS');
  const qr = `${checkout} >> svc-payment-instructions >> svg[part~=qr]`;
  await page.waitFor(qr);
  assert.ok((await page.attribute(`${qr} path`, 'd'))!.length > 500, 'the QR has modules');
  assert.match((await page.attribute(qr, 'aria-label'))!, /QRIS/);
}));

journey('HTML Mode checkout (<svc-checkout page-id>) by virtual account on a 320 px phone, then its order page', () => withPage({ viewport: SMALL_PHONE, touch: true }, async (page, check) => {
  await page.goto(`${demo.origin}/demo/checkout.html#halaman`);
  const checkout = '#halaman svc-checkout';
  await page.waitFor(`${checkout} >> #name`);
  await check('HTML Mode checkout');
  await fillCheckout(page, checkout);
  await check('HTML Mode, filled in');
  await payBarThroughout(page, checkout);
  await placeOrder(page, checkout, 'Virtual Account', 'BRI');
  await check('HTML Mode, payment instructions');
  const bri = { app: 'BRImo', web: 'Internet Banking BRI', atm: 'ATM BRI' };
  const va = await assertVirtualAccount(page, `${checkout} >> svc-payment-instructions`, bri);
  await page.click(`${checkout} >> [part~=order-link]`);
  await page.waitForUrl(/\?order=/);
  await page.waitFor({ css: 'svc-order-status >> [part~=status]', text: 'Menunggu pembayaran' });
  assert.equal(await assertVirtualAccount(page, 'svc-order-status >> svc-payment-instructions', bri), va);
  await check('HTML Mode, order page');
  await page.evaluate('() => find({ css: "svc-order-status >> svc-payment-instructions >> [part~=account-number]" })[0].scrollIntoView({ block: "center" })');
  await screenshot(page, 'order-page-va');
}));

journey('landing page with page-runtime.js: the sticky bar out of the way, problems inline, an order by QRIS, its order page', () => withPage({ viewport: PHONE, touch: true }, async (page, check) => {
  await page.goto(`${demo.origin}/demo/landing.html`);
  await page.waitFor('select[data-svc-item] option:nth-child(2)', { attached: true });
  await stickyBarShown(page);
  await check('landing page');
  await screenshot(page, 'landing-top');
  // the form's own button on screen: the bar steps aside; pressed with nothing filled in, the problems show inline,
  // in Indonesian, the first field focused
  await page.evaluate(`() => find({ css: '${LANDING_SUBMIT}' })[0].scrollIntoView({ block: 'center' })`);
  await stickyBarHidden(page, 'the form\'s button is on screen');
  await page.click(LANDING_SUBMIT);
  await page.waitFor({ css: '[data-svc-error-for="customer.name"]', text: /^Isi nama penerima\.$/ });
  assert.equal(await page.text('[data-svc-error-for="customer.phone"]'), 'Isi nomor HP/WhatsApp.');
  assert.equal(await focusedField(page), 'customer.name');
  await check('landing page, the problems inline');
  await screenshot(page, 'landing-problems');
  // back at the top, the bar leads to the first field still to fill, on screen (not to the top of the form)
  await page.blur('[data-svc-field="customer.name"]');
  await scrollTo(page, 0);
  await stickyBarShown(page);
  await page.click(`${STICKY_BAR} a`);
  await page.waitUntil(`() => ${FOCUSED} === 'customer.name'`, [], { what: 'the name field focused by the bar' });
  await assertInSight(page, '[data-svc-field="customer.name"]', 'the field the bar led to');
  await stickyBarHidden(page, 'the buyer types');
  await page.fill('[data-svc-field="customer.name"]', 'Rina Kartika');
  // "0812" is no phone number: said when the field is left, gone once fixed
  await page.fill('[data-svc-field="customer.phone"]', '0812');
  await page.blur('[data-svc-field="customer.phone"]');
  await page.waitFor({ css: '[data-svc-error-for="customer.phone"]', text: /^Masukkan nomor HP yang valid, mis\. 0812 3456 7890\.$/ });
  await page.fill('[data-svc-field="customer.phone"]', '0813-2222-3333');
  await page.waitUntil(`() => !find({ css: '[data-svc-error-for="customer.phone"]' })[0]?.getClientRects().length`, [], { what: 'the phone\'s problem gone' });
  await page.select('select[data-svc-item]', 'variant:102');
  await page.fill('[data-svc-quantity]', '2');
  await page.select('[data-svc-field="destination.province_id"]', '32');
  await page.select('[data-svc-field="destination.city_id"]', '3273');
  await page.select('[data-svc-field="destination.location_id"]', '327302');
  const postal = '[data-svc-field="destination.postal_code"]';
  await page.waitUntil(`() => find({ css: '${postal}' })[0].options.length > 1`);
  if (!await page.evaluate<string>(`() => find({ css: '${postal}' })[0].value`)) {
    await page.select(postal, await page.evaluate<string>(`() => find({ css: '${postal} option' })[1].value`));
  }
  await page.fill('[data-svc-field="destination.address"]', 'Jl. Dipatiukur No. 35');
  await page.waitFor('[data-svc-shipping-option]');
  await page.choose('[data-svc-field="payment_method"][value="qris"]');
  const total = await page.waitUntil<string>(`() => { const t = find({ css: '[data-svc-summary="gross_revenue"]' })[0].textContent.trim(); return /Rp/.test(t) && t; }`);
  await check('landing page, filled in');
  // all filled in: from the top, the bar leads to the form's button, and steps aside as it comes on screen
  await page.blur('[data-svc-field="payment_method"][value="qris"]');
  await scrollTo(page, 0);
  await stickyBarShown(page);
  await page.click(`${STICKY_BAR} a`);
  await page.waitUntil(`(css) => document.activeElement === find({ css })[0]`, [LANDING_SUBMIT], { what: 'the form\'s button focused by the bar' });
  await stickyBarHidden(page, 'the form\'s button is on screen');
  await assertInSight(page, LANDING_SUBMIT, 'the form\'s button');
  assert.ok(await uncovered(page, LANDING_SUBMIT), 'nothing over the form\'s button');

  await page.click(LANDING_SUBMIT);
  await page.waitFor('[data-svc-order]');
  // the bar is gone for good: from the top of the page to "Lihat status pesanan"
  for (const y of [0, 1e6]) {
    await scrollTo(page, y);
    assert.equal(await page.evaluate(`() => find({ css: '${STICKY_BAR}' })[0].hidden`), true, `no sticky bar after the order (y = ${y})`);
  }
  await page.evaluate('() => find({ css: "a[data-svc-order-link]" })[0].scrollIntoView({ block: "end" })');
  await assertInSight(page, 'a[data-svc-order-link]', '"Lihat status pesanan"');
  assert.ok(await uncovered(page, 'a[data-svc-order-link]'), 'nothing over "Lihat status pesanan"');
  await check('landing page, thank you');
  await screenshot(page, 'landing-thank-you');
  assert.equal(await page.text('[data-svc-order-field="gross_revenue"]'), total);
  assert.equal(await page.text('[data-svc-order-field="customer.name"]'), 'Rina Kartika');
  const orderNumber = (await page.text('[data-svc-order-field="order_number"]'))!;
  assert.match(orderNumber, /^\d{6}-[0-9A-Z]{6}$/);
  // its copy button (svc-order-extras.js beside the runtime) puts it on the real clipboard: pasted into a field
  const copy = 'button[data-svc-copy="order_number"]';
  const box = await page.evaluate<{ width: number; height: number }>(`(css) => find({ css })[0].getBoundingClientRect().toJSON()`, copy);
  assert.ok(box.width >= 44 && box.height >= 44, `copy target ${box.width}×${box.height}`);
  await page.click(copy);
  await page.waitFor({ css: copy, text: 'Disalin' });
  await page.evaluate(`() => document.body.append(Object.assign(document.createElement('input'), { id: 'paste-here',
    style: 'position: fixed; top: 0; left: 0; z-index: 2147483647; font-size: 16px' }))`); // above the page's sticky bars
  await page.click('#paste-here');
  await page.press('Control+V');
  assert.equal(await page.evaluate(`() => find({ css: '#paste-here' })[0].value`), orderNumber);
  await page.evaluate(`() => find({ css: '#paste-here' })[0].remove()`);

  await page.click('a[data-svc-order-link]');
  await page.waitForUrl(/order-status\.html\?order=/);
  await page.waitFor('svc-order-status >> svc-payment-instructions >> svg[part~=qr]');
  await page.waitFor({ css: 'svc-order-status >> [part~=status]', text: 'Menunggu pembayaran' });
  await check('order page with the QR code');
  await screenshot(page, 'order-page-qris');

  // the Purchase reached the page's analytics routes, once per provider (sent without waiting: poll a little)
  let providers: string[] = [];
  for (let tries = 0; tries < 50 && providers.length < 3; tries++, await new Promise((r) => setTimeout(r, 100))) {
    const { events } = await (await fetch(`${demo.origin}/__reference/outbox`)).json() as { events: Array<{ provider: string; payload: { event_name: string; event_source_url: string } }> };
    providers = events.filter((e) => e.payload.event_name === 'Purchase').map((e) => e.provider).sort();
  }
  assert.deepEqual(providers, ['meta', 'snackvideo', 'tiktok']);
}));

journey('the pasted-snippet page: the built elements from the service, a cart across origins, an order', () => withPage({ viewport: DESKTOP, expectedProblems: [SHIPPING_PROBE] }, async (page) => {
  await page.goto(`${demo.snippetOrigin}/`);
  assert.deepEqual(await page.evaluate('() => [...document.scripts].map((s) => s.src)'), [`${demo.origin}/dist/svc-elements.iife.js`]);
  await page.waitFor({ css: 'svc-catalog >> [part~=card]', nth: 7 });
  await page.waitFor({ css: 'svc-catalog >> [part~=count]', text: /31 produk/ });
  const fromService = await page.evaluate<string[]>(`(origin) => performance.getEntriesByType('resource')
    .filter((e) => e.name.startsWith(origin)).map((e) => new URL(e.name).pathname)`, demo.origin);
  assert.ok(fromService.includes('/dist/svc-elements.js'), 'the loader imported the ES build beside it');
  assert.ok(fromService.some((path) => path.startsWith('/v3/stores/demo-store/public/items')));
  // the entry's static chunks are preloaded beside it, and the import uses the preloads: none is fetched twice
  const preloaded = await page.evaluate<string[]>('() => [...document.querySelectorAll("link[rel=modulepreload]")].map((l) => new URL(l.href).pathname)');
  assert.ok(preloaded.length > 0 && preloaded.every((path) => path.startsWith('/dist/') && path !== '/dist/svc-elements.js'), preloaded.join());
  for (const path of preloaded) assert.ok(fromService.filter((p) => p === path).length <= 1, `${path} fetched once`);

  // add to cart from the product element once a size is chosen (none is chosen for the buyer): a cross-origin POST
  // with the store key; the guest token comes back
  // (below the fold, the product's code loads when the shopper scrolls to it: docs/decisions.md #27)
  await page.evaluate('() => document.querySelector("svc-product").scrollIntoView({ block: "center" })');
  await page.click({ css: 'svc-product >> [part~=option-value]', text: /^\s*M\s*$/ });
  await page.click('svc-product >> svc-add-to-cart >> [part~=button]');
  await page.waitFor({ css: 'svc-cart-button >> [part~=badge]', text: /^1$/ });
  assert.ok(await page.evaluate('() => Object.keys(localStorage).some((key) => key.startsWith("svc:demo-store:"))'), 'the guest token is kept on the merchant\'s origin');
  await page.goto(`${demo.snippetOrigin}/`);
  await page.waitFor({ css: 'svc-cart-button >> [part~=badge]', text: /^1$/ });

  // and the order, still across origins (Idempotency-Key and the guest token are custom headers: preflighted); the
  // checkout at the foot of the page loads once scrolled to
  await page.evaluate('() => document.querySelector("svc-checkout").scrollIntoView()');
  await page.waitFor('svc-checkout >> [part~=line]');
  await fillCheckout(page, 'svc-checkout');
  await placeOrder(page, 'svc-checkout', 'Virtual Account', 'BNI');
  assert.match((await page.text('svc-checkout >> svc-payment-instructions >> [part~=account-number]'))!, /^\d{16}$/);
}));

layoutShiftJourneys(journey, () => ({ demo, browser }));
