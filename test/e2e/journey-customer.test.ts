// A customer's journey against `npm start` (fresh in-memory data): on otp-store, which asks for one-time codes, a
// guest fills a cart, signs in with password + the code from the reference mailbox, and the guest cart becomes the
// customer's (seen again from another browser); on demo-store, the account pages: profile (edited), orders with
// their detail, subscriptions, courses, and sign-out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright';
import { demoAndChromium, mailboxCode, STATE_WAIT_MS, watchProblems } from './support/demo.ts';

const env = demoAndChromium();

const CUSTOMER = { email: 'buyer@example.com', password: 'correct horse battery' };

/** A fresh browser profile (no tokens) on `path`. */
async function freshPage(path: string): Promise<{ page: Page; problems: string[] }> {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(STATE_WAIT_MS);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${env.demo.origin}${path}`);
  return { page, problems };
}

/** Signs in through the `<svc-sign-in>` that `<svc-account>` shows while signed out; `otp` when the store asks. */
async function signIn(page: Page, { otp = false } = {}) {
  const form = page.locator('svc-account svc-sign-in');
  await form.locator('#email').fill(CUSTOMER.email);
  await form.locator('#password').fill(CUSTOMER.password);
  await form.locator('[part~=submit]').click();
  if (otp) {
    await form.locator('#otp').waitFor(); // the code is in the mailbox once the form asks for it
    await form.locator('#otp').fill(await mailboxCode(env.demo.origin, CUSTOMER.email));
    await form.locator('[part~=submit]').click();
  }
  await page.locator('svc-account [part~=tabs]').waitFor();
}

const badge = (page: Page) => page.locator('svc-cart-button [part~=badge]');

test('one-time code sign-in merges the guest cart into the customer\'s cart', { timeout: 60_000 }, async () => {
  const { page, problems } = await freshPage('/demo/otp-store.html');
  await page.locator('svc-add-to-cart[variant-id="2101"]').click();
  await badge(page).filter({ hasText: '1' }).waitFor();

  await signIn(page, { otp: true });
  assert.match(await page.locator('svc-account [part~=panel]').innerText(), /buyer@example\.com/);
  await page.locator('svc-cart-button [part~=button]').click();
  await page.locator('svc-cart-button svc-cart [part~=line]', { hasText: 'Kaos Polos' }).waitFor();
  assert.deepEqual(problems, []);

  // another browser, another sign-in: the merged cart lives with the customer, not with the first browser
  const other = await freshPage('/demo/otp-store.html');
  await signIn(other.page, { otp: true });
  await badge(other.page).filter({ hasText: '1' }).waitFor();
  await other.page.locator('svc-cart-button [part~=button]').click();
  await other.page.locator('svc-cart-button svc-cart [part~=line]', { hasText: 'Kaos Polos' }).waitFor();
  assert.deepEqual(other.problems, []);
  await Promise.all([page.context().close(), other.page.context().close()]);
});

test('account pages: profile edit, orders with detail, subscriptions, courses, sign-out', { timeout: 60_000 }, async () => {
  const { page, problems } = await freshPage('/demo/account.html');
  await signIn(page);
  const account = page.locator('svc-account');
  const panel = account.locator('[part~=panel]');

  await account.getByRole('button', { name: 'Ubah profil' }).click();
  await account.locator('#name').fill('Budi Santoso Jr.');
  await account.getByRole('button', { name: 'Simpan' }).click();
  await panel.locator('strong', { hasText: 'Budi Santoso Jr.' }).waitFor();

  await account.getByRole('tab', { name: 'Pesanan' }).click();
  const orders = account.locator('[part~=order]');
  await orders.first().waitFor();
  assert.match(await panel.innerText(), /#1001/);
  await orders.first().locator('summary').click();
  await orders.first().locator('[part~=line]').first().waitFor();
  assert.match(await orders.first().locator('[part~=total]').innerText(), /Rp/);

  await account.getByRole('tab', { name: 'Langganan' }).click();
  await account.locator('[part~=subscription]').first().waitFor();
  assert.equal(await account.locator('[part~=subscription]').count(), 2);

  await account.getByRole('tab', { name: 'Kursus' }).click();
  await account.locator('[part~=course-card]').first().waitFor();
  assert.equal(await account.locator('[part~=course-card]').count(), 2);

  await account.getByRole('tab', { name: 'Profil' }).click();
  await account.locator('[part~=sign-out]').click();
  await account.locator('svc-sign-in #email').waitFor();
  assert.deepEqual(problems, []);
  await page.context().close();
});
