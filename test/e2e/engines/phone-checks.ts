// What the purchase path promises a shopper on a phone, checked the same way in every engine on the driver layer:
// the catalog's quick view as a bottom sheet that asks for the size, the checkout's pay bar at hand from the first
// screen to the form's own button, a total that always says something, the virtual account's number on one line
// and its steps per bank, the landing page's sticky bar out of the way. Screenshots for a person to look at.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { toTarget, type EnginePage, type Target } from './driver.ts';
import { HITS_ITSELF } from './page-scripts.ts';

/**
 * With E2E_SCREENSHOTS=<directory>, saves the page as it stands there as `<engine>-<width>-<name>.png` (WebKit's is
 * the window, the page's frame at its top left).
 */
export async function screenshot(page: EnginePage, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}/${page.engine}-${page.viewport.width}-${name}.png`, await page.screenshot());
}

/** Whether the page's primary pointer is a finger (WebKitGTK's driver cannot emulate one: driver.ts). */
export const coarsePointer = (page: EnginePage) => page.evaluate<boolean>('() => matchMedia("(pointer: coarse)").matches');

/** Scrolls the window to `y` and waits two frames (what depends on the scroll position is observed by then). */
export async function scrollTo(page: EnginePage, y: number): Promise<void> {
  await page.evaluate('(y) => new Promise((resolve) => { scrollTo(0, y); requestAnimationFrame(() => requestAnimationFrame(resolve)); })', y);
}

/** The element's box relative to the viewport, with the viewport's size (without a classic scrollbar). */
const boxOf = (page: EnginePage, target: Target) => page.evaluate<{ top: number; bottom: number; left: number; right: number; vw: number; vh: number } | null>(
  `(target) => { const el = find(target)[0]; if (!el) return null; const b = el.getBoundingClientRect();
    return { top: b.top, bottom: b.bottom, left: b.left, right: b.right, vw: document.documentElement.clientWidth, vh: innerHeight }; }`,
  toTarget(target));

/**
 * Waits until neither the element nor anything around it (through shadow hosts) is animated, and its box is the same
 * in two looks 100 ms or more apart: a sheet or drawer sliding in has stopped. (WebKitGTK here draws a frame or two a
 * second: an animation may hold its first frame for most of a second, and a finished one applies until the next.)
 */
async function atRest(page: EnginePage, target: Target) {
  const still = `(target) => { const el = find(target)[0]; if (!el) return null;
    for (let n = el; n; n = n.parentElement ?? n.parentNode?.host) if (n.getAnimations().length) return null;
    const b = el.getBoundingClientRect(); return [b.x, b.y, b.width, b.height].join(); }`;
  let last = '';
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const box = await page.evaluate<string | null>(still, toTarget(target));
    if (box && box === last) return;
    last = box ?? '';
  }
  throw new Error(`${page.engine}: ${JSON.stringify(target)} still moving after 15 s`);
}

/** Asserts that the element lies wholly on screen once at rest (nothing to scroll to reach it). */
export async function assertInSight(page: EnginePage, target: Target, what: string): Promise<void> {
  await atRest(page, target);
  const box = await boxOf(page, target);
  assert.ok(box && box.top >= -0.5 && box.left >= -0.5 && box.bottom <= box.vh + 0.5 && box.right <= box.vw + 0.5,
    `${page.engine}: ${what} in sight without scrolling (${JSON.stringify(box)})`);
}

/** Whether a tap at the middle of the (on-screen) element would land on it rather than on something over it. */
export const uncovered = (page: EnginePage, css: string) => page.evaluate<boolean>(`(css) => (${HITS_ITSELF})(find({ css })[0])`, css);

/**
 * The catalog's quick view on a phone: a sheet from the bottom edge, the screen's width; no size chosen for the
 * shopper, the button says "Pilih ukuran" (in sight) and asks for it when pressed; once a size is chosen it reads
 * "Tambah ke keranjang" (in sight) and adds. Leaves the cart drawer opening.
 */
export async function quickViewAdds(page: EnginePage, check: (state: string) => Promise<void>, { product = 'Kaos Polos', size = 'M' } = {}): Promise<void> {
  const view = 'svc-catalog >> svc-product';
  await page.click({ css: 'svc-catalog >> [part~=card]', text: product });
  await page.waitFor(`${view} >> [part~=name]`);
  await atRest(page, 'svc-catalog >> dialog[part~=dialog]');
  const sheet = (await boxOf(page, 'svc-catalog >> dialog[part~=dialog]'))!;
  assert.ok(Math.abs(sheet.left) < 1 && Math.abs(sheet.right - sheet.vw) < 1 && Math.abs(sheet.bottom - sheet.vh) < 1,
    `${page.engine}: the quick view is a sheet from the bottom edge, the screen's width (${JSON.stringify(sheet)})`);
  assert.equal(await page.count(`${view} >> input[name=Ukuran]:checked`), 0, 'no size chosen for the shopper');
  const choose = { css: `${view} >> button[part~=add-to-cart]`, text: /^\s*Pilih ukuran\s*$/ };
  await page.waitFor(choose);
  await assertInSight(page, choose, '"Pilih ukuran"');
  await check('quick view');
  await page.click(choose);
  await page.waitFor({ css: `${view} >> [part~=option-error]`, text: 'Pilih ukuran untuk menambahkan ke keranjang.' });

  await page.choose({ css: `${view} >> [part~=option-value]`, text: new RegExp(`^\\s*${size}\\s*$`) });
  const add = { css: `${view} >> svc-add-to-cart >> [part~=button]`, text: 'Tambah ke keranjang' };
  await page.waitFor(add);
  assert.equal(await page.count({ css: `${view} >> [part~=option-error]` }), 0, 'the prompt gone once the size is chosen');
  await assertInSight(page, add, '"Tambah ke keranjang"');
  await check('quick view, size chosen');
  await screenshot(page, 'quick-view');
  await page.click(add);
}

/**
 * Starts noting, every 50 ms, what the checkout's totals say (the summary's total, the pay bar's, the summary bar's),
 * each change once; `totalsSaid` returns them. Started once its lines are there: from then on something can be said.
 */
export async function watchTotals(page: EnginePage, checkout: string): Promise<void> {
  await page.evaluate(`(checkout) => {
    const root = find({ css: checkout })[0].shadowRoot;
    const seen = window.__totalsSaid = [];
    const last = {};
    window.__totalsWatch = setInterval(() => {
      for (const css of ['[part~=total] dd', '[part~=pay-bar-total] strong', '[part~=summary-toggle] .amount']) {
        const el = root.querySelector(css);
        const text = el && el.textContent.replace(/\\s+/g, ' ').trim();
        if (el && text !== last[css]) seen.push(css + ': ' + (last[css] = text));
      }
    }, 50);
  }`, checkout);
}

/** What the totals said since `watchTotals` (and stops watching). */
export const totalsSaid = (page: EnginePage) => page.evaluate<string[]>('() => (clearInterval(window.__totalsWatch), window.__totalsSaid)');

/** The pay bar as it stands: null when there is none, else its box, its total and whether its button is on screen. */
const PAY_BAR = `(checkout) => {
  const bar = find({ css: checkout + ' >> [part~=pay-bar]' })[0];
  if (!bar) return null;
  const b = bar.getBoundingClientRect();
  const button = find({ css: checkout + ' >> [part~=pay-bar-submit]' })[0].getBoundingClientRect();
  return { top: b.top, bottom: b.bottom, screen: innerHeight, total: find({ css: checkout + ' >> [part~=pay-bar-total] strong' })[0].textContent.replace(/\\s+/g, ' ').trim(),
    buttonOnScreen: button.top >= 0 && button.bottom <= innerHeight && button.height >= 44 };
}`;

type PayBar = { top: number; bottom: number; screen: number; total: string; buttonOnScreen: boolean };

/** Waits for the pay bar to be on screen, slid in to the bottom of the screen, its button on screen; returns it. */
export async function payBarShown(page: EnginePage, checkout: string): Promise<PayBar> {
  return page.waitUntil<PayBar>(`(checkout) => { const bar = (${PAY_BAR})(checkout); return bar && Math.abs(bar.bottom - bar.screen) < 2 && bar.buttonOnScreen && bar; }`,
    [checkout], { what: 'the pay bar at the bottom of the screen, its button on screen' });
}

export async function payBarGone(page: EnginePage, checkout: string, why: string): Promise<void> {
  await page.waitUntil(`(checkout) => (${PAY_BAR})(checkout) === null`, [checkout], { what: `no pay bar: ${why}` });
}

/**
 * Scrolls the page from where the checkout fills the lower half of the screen (the top of the page, for one near it)
 * to its own place-order button, most of a screen at a time: at every stop that button is on screen or the pay bar is
 * (with a total in rupiah). Screenshots at the start, the middle and the end.
 */
export async function payBarThroughout(page: EnginePage, checkout: string): Promise<void> {
  const submit = `${checkout} >> [part~=submit]`;
  const [start, end] = await page.evaluate<[number, number]>(`(checkout, submit) => {
    const top = find({ css: checkout })[0].getBoundingClientRect().top + scrollY;
    const bottom = find({ css: submit })[0].getBoundingClientRect().bottom + scrollY;
    return [Math.max(0, Math.round(top - innerHeight / 2)), Math.round(bottom - innerHeight + 16)];
  }`, checkout, submit);
  const step = Math.round(page.viewport.height * 0.7);
  const stops = Array.from({ length: Math.ceil((end - start) / step) }, (_, i) => start + i * step).concat(end);
  for (const [i, y] of stops.entries()) {
    await scrollTo(page, y);
    const box = (await boxOf(page, submit))!;
    if (box.bottom > 0 && box.top < box.vh) await payBarGone(page, checkout, `its own button is on screen at y = ${y}`);
    else assert.match((await payBarShown(page, checkout)).total, /^Rp\s?[\d.]+( \+ ongkir)?$/, `${page.engine}: the pay bar's total at y = ${y}`);
    if (i === 0) await screenshot(page, 'checkout-top');
    if (i === Math.floor(stops.length / 2)) await screenshot(page, 'checkout-middle');
  }
  await screenshot(page, 'checkout-bottom');
}

/**
 * A virtual account's payment instructions: the number on one line in four blocks of four, inside its box; the
 * steps of the bank (m-banking first, open; internet banking; ATM, which opens on a tap) naming the number.
 */
export async function assertVirtualAccount(page: EnginePage, instructions: string, bank: { app: string; web: string; atm: string }): Promise<string> {
  const m = await page.evaluate<{ text: string; tops: number[]; height: number; lineHeight: number; overflows: boolean }>(`(css) => {
    const el = find({ css })[0];
    const host = el.getRootNode().host.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return { text: el.textContent, tops: [...el.children].map((block) => Math.round(block.getBoundingClientRect().top)), height: box.height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight), overflows: el.scrollWidth > el.clientWidth || box.right > host.right + 0.5 || box.left < host.left - 0.5 };
  }`, `${instructions} >> [part~=account-number]`);
  const where = `${page.engine} at ${page.viewport.width} px`;
  assert.match(m.text, /^\d{16}$/, where);
  assert.equal(m.tops.length, 4, `${where}: four blocks`);
  assert.equal(new Set(m.tops).size, 1, `${where}: the number on one line (its blocks' tops: ${m.tops.join(', ')})`);
  assert.ok(Math.abs(m.height - m.lineHeight) < 1, `${where}: the number ${m.height} px high, one line is ${m.lineHeight} px`);
  assert.equal(m.overflows, false, `${where}: the number overflows`);

  const groups = `${instructions} >> [part~=steps-group]`;
  const titles = await page.evaluate<string[]>('(css) => find({ css }).map((d) => d.querySelector("summary").textContent.trim())', groups);
  assert.deepEqual(titles, [`m-banking · ${bank.app}`, `Internet banking · ${bank.web}`, bank.atm]);
  const open = () => page.evaluate<boolean[]>('(css) => find({ css }).map((d) => d.open)', groups);
  assert.deepEqual(await open(), [true, false, false]);
  // each title shows that it opens (a chevron: the open group's differs from a closed one's)
  const chevrons = await page.evaluate<Array<{ width: number; transform: string }>>(`(css) => find({ css }).map((d) => {
    const after = getComputedStyle(d.querySelector('summary'), '::after'); return { width: parseFloat(after.width) || 0, transform: after.transform }; })`, groups);
  assert.ok(chevrons.every((c) => c.width > 0) && chevrons[0].transform !== chevrons[1].transform, `${where}: a marker on each title (${JSON.stringify(chevrons)})`);
  const blocks = m.text.replace(/(.{4})(?=.)/g, '$1 ');
  assert.ok((await page.text({ css: groups, nth: 0 }))!.includes(`Masukkan nomor virtual account ${blocks}.`), `${where}: the steps name the number`);
  await page.click({ css: `${groups} summary`, text: bank.atm });
  await page.waitUntil('(css) => { const ol = find({ css })[2].querySelector("ol"); return ol.getBoundingClientRect().height > 0; }', [groups], { what: 'the ATM steps shown' });
  assert.deepEqual(await open(), [true, false, true]);
  return m.text;
}
