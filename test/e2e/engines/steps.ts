// The steps every purchase repeats, on the driver layer (any engine): fill a checkout, pay, read the order.
import { AUDIT, SETTLE } from '../support/layout.ts';
import type { EnginePage } from './driver.ts';

export type Buyer = { name: string; phone: string; email: string };
export const BUYER: Buyer = { name: 'Siti Aminah', phone: '0812 3456 7890', email: 'siti@example.com' };

/** Contact details, and for physical items a Coblong (Bandung) address; waits for the shipping options. */
export async function fillCheckout(page: EnginePage, checkout: string, { buyer = BUYER, physical = true } = {}): Promise<void> {
  await page.fill(`${checkout} >> #name`, buyer.name);
  await page.fill(`${checkout} >> #phone`, buyer.phone);
  await page.fill(`${checkout} >> #email`, buyer.email);
  if (!physical) return;
  await page.fill(`${checkout} >> #search`, 'coblong');
  await page.click({ css: `${checkout} >> [role=option]`, nth: 0 });
  await page.fill(`${checkout} >> #address`, 'Jl. Dago No. 12, RT 01/RW 02');
  await page.blur(`${checkout} >> #address`);
  await page.waitFor(`${checkout} >> [part~=shipping-option]`);
}

/**
 * Picks a payment method (and channel), waits for the total priced with it, places the order and waits for the
 * payment instructions. Returns the total the buyer saw.
 */
export async function placeOrder(page: EnginePage, checkout: string, method: string, channel?: string): Promise<string> {
  // the total shows before a method is chosen (without its fee): wait for a summary asked after the choice
  const SUMMARIES = "() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/checkout/summary')).length";
  const before = await page.evaluate<number>(SUMMARIES);
  await page.choose({ css: `${checkout} >> [part~=payment-method]`, text: method });
  if (channel) await page.choose({ css: `${checkout} >> [part~=channel]`, text: channel });
  const total = await page.waitUntil<string>(`(checkout, before) => {
    const answered = (${SUMMARIES})() > before;
    const idle = find({ css: checkout + ' >> [part~=totals]' })[0]?.getAttribute('aria-busy') === 'false';
    const total = find({ css: checkout + ' >> [part~=total] dd' })[0]?.textContent.trim() ?? '';
    return answered && idle && /Rp/.test(total) && total;
  }`, [checkout, before], { what: `the total priced with ${method}` });
  await page.click(`${checkout} >> [part~=submit]`);
  await page.waitFor(`${checkout} >> [part~=confirmation] >> svc-payment-instructions >> [part~=base]`, { timeout: 30_000 });
  return total;
}

/** The order's `secret_slug`, from the confirmation's link to the order page. */
export async function orderSlug(page: EnginePage, checkout: string): Promise<string> {
  const href = await page.attribute(`${checkout} >> [part~=order-link]`, 'href');
  return new URL(href!).searchParams.get('order')!;
}

/**
 * What is wrong with the layout as the page stands (test/e2e/support/layout.ts: nothing wider than the viewport,
 * nothing of ours overflowing its host, 44 px targets, 16 px inputs), each line prefixed by the state.
 */
export async function layoutProblems(page: EnginePage, state: string): Promise<string[]> {
  await page.evaluate(SETTLE);
  const problems = await page.evaluate<string[]>(AUDIT, page.viewport.width);
  return problems.map((line) => `[${page.engine} ${page.viewport.width} px] ${state}: ${line}`);
}
