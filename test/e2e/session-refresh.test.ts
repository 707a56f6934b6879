// Two pages of one browser profile share the refresh token (localStorage). Refresh tokens are single-use and a
// reused one revokes the family, so both pages must come through expiry with exactly one refresh between them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright';
import { call, launchChromium, openHarness, startSessionServer, waitForState } from './session-support.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('two pages, one customer session', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser.close());

  it('expired access token, 10 parallel bearer calls in each page: one refresh, both stay signed in', async () => {
    const server = await startSessionServer({ accessTokenSeconds: 2 });
    const context = await browser.newContext();
    try {
      const [a, b] = [await context.newPage(), await context.newPage()];
      await openHarness(a, `${server.origin}/?proactive=0`);
      await openHarness(b, `${server.origin}/?proactive=0`);
      assert.equal((await call(a, (h) => h.signIn())).status, 'signed-in');
      await waitForState(b, (s) => s.session === 'authenticated');
      assert.equal(server.refreshes.length, 0);

      await sleep(2300); // both pages now hold an expired access token
      const [fromA, fromB] = await Promise.all([call(a, (h) => h.tenBearerCalls()), call(b, (h) => h.tenBearerCalls())]);
      assert.deepEqual(fromA, Array(10).fill('ok'));
      assert.deepEqual(fromB, Array(10).fill('ok'));
      assert.equal(server.refreshes.length, 1, `refreshes seen: ${JSON.stringify(server.refreshes.map((r) => r.status))}`);
      assert.equal(server.refreshes[0]!.status, 200);

      // still signed in on both, and the family is intact: another round after the next expiry works too
      for (const page of [a, b]) assert.equal((await call(page, (h) => h.state())).session, 'authenticated');
      await sleep(2300);
      const again = await Promise.all([call(a, (h) => h.tenBearerCalls()), call(b, (h) => h.tenBearerCalls())]);
      assert.deepEqual(again.flat(), Array(20).fill('ok'));
      assert.equal(server.refreshes.length, 2);
      assertNoSpentTokenSent(server.refreshes);
    } finally {
      await context.close();
      await server.close();
    }
  });

  it('four reloaded pages (no access token in memory), 10 parallel calls each: one refresh between them', async () => {
    const server = await startSessionServer();
    const context = await browser.newContext();
    try {
      const first = await context.newPage();
      await openHarness(first, server.origin);
      await call(first, (h) => h.signIn());
      await first.close();
      const pages = await Promise.all([1, 2, 3, 4].map(() => context.newPage()));
      await Promise.all(pages.map((page) => openHarness(page, server.origin)));
      const results = await Promise.all(pages.map((page) => call(page, (h) => h.tenBearerCalls())));
      assert.deepEqual(results.flat(), Array(40).fill('ok'));
      assertNoSpentTokenSent(server.refreshes);
      // the session stores load the profile on start as well: still one refresh in all
      assert.equal(server.refreshes.length, 1);
    } finally {
      await context.close();
      await server.close();
    }
  });

  it('proactive refresh in two idle pages never sends a spent token', async () => {
    const server = await startSessionServer({ accessTokenSeconds: 2 });
    const context = await browser.newContext();
    try {
      const [a, b] = [await context.newPage(), await context.newPage()];
      await openHarness(a, server.origin);
      await openHarness(b, server.origin);
      await call(a, (h) => h.signIn());
      await waitForState(b, (s) => s.session === 'authenticated');
      await sleep(5000); // about three access lifetimes, both pages with their own timers
      assert.ok(server.refreshes.length >= 2, `expected refreshes, saw ${server.refreshes.length}`);
      assert.ok(server.refreshes.length <= 5, `one refresh per lifetime, saw ${server.refreshes.length}`);
      assertNoSpentTokenSent(server.refreshes);
      const results = await Promise.all([call(a, (h) => h.tenBearerCalls()), call(b, (h) => h.tenBearerCalls())]);
      assert.deepEqual(results.flat(), Array(20).fill('ok'));
    } finally {
      await context.close();
      await server.close();
    }
  });
});

/** Every refresh carried the newest token: never one already spent, each one the successor of the last. */
function assertNoSpentTokenSent(refreshes: { token: string; status: number; issued: string | null }[]): void {
  const sent = refreshes.map((r) => r.token);
  assert.equal(new Set(sent).size, sent.length, 'a refresh token was sent twice');
  for (const [i, r] of refreshes.entries()) {
    assert.equal(r.status, 200, `refresh #${i + 1} was refused`);
    if (i > 0) assert.equal(r.token, refreshes[i - 1]!.issued, `refresh #${i + 1} did not use the newest token`);
  }
}
