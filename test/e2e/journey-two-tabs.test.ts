// Two tabs of one browser keep one cart and one session, with the real elements (`npm start`, fresh in-memory
// data, otp-store): what one tab adds shows in the other, signing in with a one-time code in one tab signs in the
// other (and both show the merged cart), signing out in the other signs out both.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright';
import { demoAndChromium, mailboxCode, STATE_WAIT_MS, watchProblems } from './support/demo.ts';

const env = demoAndChromium();

// waits on the state with the context's generous limit: another browser running beside this one slows the other
// tab's update down, and that must not fail the journey
const badge = (page: Page, count: string) => page.locator('svc-cart-button [part~=badge]', { hasText: new RegExp(`^${count}$`) }).waitFor();
const signedIn = (page: Page) => page.locator('svc-account [part~=tabs]').waitFor();
const signedOut = (page: Page) => page.locator('svc-account svc-sign-in #email').waitFor();

test('two tabs share the cart, the sign-in and the sign-out', { timeout: 180_000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(STATE_WAIT_MS);
  const [a, b] = [await context.newPage(), await context.newPage()];
  const problems = [...[a, b].map((page) => watchProblems(page))];
  for (const page of [a, b]) await page.goto(`${env.demo.origin}/demo/otp-store.html`);
  await Promise.all([signedOut(a), signedOut(b)]);

  await a.locator('svc-add-to-cart[variant-id="2101"]').click();
  await badge(b, '1');
  await b.locator('svc-add-to-cart[variant-id="2109"]').click();
  await badge(a, '2');

  const form = a.locator('svc-account svc-sign-in');
  await form.locator('#email').fill('buyer@example.com');
  await form.locator('#password').fill('correct horse battery');
  await form.locator('[part~=submit]').click();
  await form.locator('#otp').waitFor(); // the code is in the mailbox once the form asks for it
  await form.locator('#otp').fill(await mailboxCode(env.demo.origin, 'buyer@example.com'));
  await form.locator('[part~=submit]').click();
  await Promise.all([signedIn(a), signedIn(b)]); // b never reloaded
  await Promise.all([badge(a, '2'), badge(b, '2')]); // the merged customer cart, in both

  await b.locator('svc-account [part~=sign-out]').click();
  await Promise.all([signedOut(a), signedOut(b)]);
  await a.reload();
  await signedOut(a);
  assert.equal(await a.locator('svc-cart-button [part~=badge]').count(), 0); // signed out: an empty guest cart
  assert.deepEqual(problems.flat(), []);
  await context.close();
});
