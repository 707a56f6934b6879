// A change in one page (cart, sign-in, sign-out) reaches another page of the same profile, which neither reloads
// nor polls: the other page refetches from the server. (How fast, on an idle machine, is no matter for a test.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright';
import { call, launchChromium, openHarness, startSessionServer, waitForState } from './session-support.ts';

describe('cross-tab session sync', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser.close());

  it('carries cart changes, sign-in and sign-out to the other page', async () => {
    const server = await startSessionServer();
    const context = await browser.newContext();
    try {
      const [a, b] = [await context.newPage(), await context.newPage()];
      await openHarness(a, server.origin);
      await openHarness(b, server.origin);
      await Promise.all([call(a, (h) => h.loadCart()), call(b, (h) => h.loadCart())]);

      await call(a, (h) => h.addToCart(101, 2));
      await waitForState(b, (s) => s.cartCount === 2);

      await call(a, (h) => h.signIn());
      await waitForState(b, (s) => s.session === 'authenticated' && s.customer === 'buyer@example.com' && s.cartSource === 'customer');
      const merged = (await call(a, (h) => h.state())).cartCount;
      await waitForState(b, (s) => s.cartCount === merged);

      await call(b, (h) => h.addToCart(102, 1));
      await waitForState(a, (s) => s.cartCount === merged! + 1);

      assert.equal(await call(a, (h) => h.signOut()), true); // both tokens blacklisted
      await waitForState(b, (s) => s.session === 'anonymous' && s.customer === null && !s.storedRefresh && s.cartSource === 'guest');
    } finally {
      await context.close();
      await server.close();
    }
  });
});
