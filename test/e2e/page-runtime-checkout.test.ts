// page-runtime.js on a real landing page (demo/landing.html under a strict CSP, another origin than the service):
// a full order through the declarative form, each conversion event exactly once in the server outbox with the same
// ids as the pixels, also when the page leaves for payment_url right after the Purchase.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright';
import { launchChromium, outbox, startLandingServer, startReference, startSlowEventsProxy, waitUntil, type OutboxRow } from './page-runtime-support.ts';

const PROVIDERS = ['meta', 'snackvideo', 'tiktok'];
const FUNNEL = ['PageView', 'ViewContent', 'AddToCart', 'InitiateCheckout', 'AddPaymentInfo', 'Purchase'];

describe('page-runtime.js on an HTML Mode landing page', () => {
  let browser: Browser;
  let reference: Awaited<ReturnType<typeof startReference>>;
  let landing: Awaited<ReturnType<typeof startLandingServer>>;
  let slow: Awaited<ReturnType<typeof startSlowEventsProxy>>;
  before(async () => {
    browser = await launchChromium();
    reference = await startReference();
    slow = await startSlowEventsProxy(reference.origin, 600);
    landing = await startLandingServer(reference.origin);
    reference.addPageDomain(landing.origin);
  });
  after(async () => {
    await browser?.close();
    await landing?.close();
    await slow?.close();
    await reference?.close();
  });

  /** A fresh profile with the recording binding; returns what the pixels and the CSP reporter saw. */
  let run = 0;
  async function openLanding(api = reference.origin): Promise<{ context: BrowserContext; page: Page; seen: Array<[string, unknown[]]>; problems: string[] }> {
    const context = await browser.newContext();
    const seen: Array<[string, unknown[]]> = [];
    const problems: string[] = [];
    await context.exposeBinding('__record', (_source, json: string) => void seen.push(JSON.parse(json)));
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|svc-page/.test(message.text())) problems.push(message.text());
    });
    await page.goto(`${landing.origin}/landing.html?fbclid=E2EFB&ttclid=E2ETT&click_id=E2EKW&run=${++run}&api=${encodeURIComponent(api)}`);
    return { context, page, seen, problems };
  }

  async function fillForm(page: Page, payment: string, sub?: string) {
    await page.selectOption('select[data-svc-item]', 'variant:102');
    await page.fill('[data-svc-quantity]', '2');
    await page.fill('[data-svc-field="customer.name"]', 'Rina Kartika');
    await page.fill('[data-svc-field="customer.phone"]', '0813-2222-3333');
    await page.fill('[data-svc-field="customer.email"]', 'rina@example.com');
    await page.selectOption('[data-svc-field="destination.province_id"]', '32');
    await page.selectOption('[data-svc-field="destination.city_id"]', '3273');
    await page.selectOption('[data-svc-field="destination.location_id"]', '327302');
    const postal = page.locator('[data-svc-field="destination.postal_code"]');
    await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('[data-svc-field="destination.postal_code"]')!.options.length > 1);
    if (!(await postal.inputValue())) await postal.selectOption({ index: 1 });
    await page.fill('[data-svc-field="destination.address"]', 'Jl. Dipatiukur No. 35');
    await page.locator('[data-svc-shipping-option]').nth(1).click(); // SiCepat instead of the preselected cheapest
    await page.check(`[data-svc-field="payment_method"][value="${payment}"]`);
    if (sub) await page.selectOption(`[data-svc-if-payment="${payment}"] select`, sub);
    await page.fill('[data-svc-field="discount_code"]', 'HEMAT10');
    await page.click('[data-svc-apply-discount]');
    await page.waitForSelector('[data-svc-discount-message][data-state="valid"]');
    await page.waitForFunction(() => !document.querySelector('.discount')!.hasAttribute('hidden'));
  }

  /** Events of this page view: rows whose event_source_url is the landing page, by event name. */
  async function funnelRows(pageUrl: string, expected: number): Promise<OutboxRow[]> {
    return waitUntil(async () => (await outbox(reference.origin)).filter((r) => r.payload.event_source_url === pageUrl),
      (rows) => rows.length >= expected, 30_000, `${expected} outbox rows`).catch(async (error) => {
      const rows = (await outbox(reference.origin)).filter((r) => r.payload.event_source_url === pageUrl);
      throw new Error(`${error.message.slice(0, 60)}; got ${rows.map((r) => `${r.provider}:${r.payload.event_name}`).sort().join(', ')}`);
    });
  }

  /** Every funnel event once per provider, and each pixel saw the same event id as the server. */
  function assertOncePerProviderWithPixelIds(rows: OutboxRow[], seen: Array<[string, unknown[]]>) {
    for (const name of FUNNEL) {
      const forName = rows.filter((r) => r.payload.event_name === name);
      assert.deepEqual(forName.map((r) => r.provider).sort(), PROVIDERS, `${name}: one row per provider`);
      const ids = new Set(forName.map((r) => r.event_id));
      assert.equal(ids.size, 1, `${name}: one event id shared by the providers`);
      const [id] = ids;
      const fb = seen.filter(([kind, args]) => kind === 'fbq' && args[1] === name);
      assert.deepEqual(fb.map(([, args]) => (args[3] as { eventID: string }).eventID), [id], `${name}: fbq eventID`);
      if (name === 'PageView') continue; // TikTok and Kwai snippets send their own page views
      const tt = seen.filter(([kind, args]) => kind === 'ttq' && (args[2] as { event_id: string }).event_id === id);
      assert.equal(tt.length, 1, `${name}: ttq event_id`);
      const kw = seen.filter(([kind, args]) => kind === 'kwaiq' && (args[2] as { event_id: string }).event_id === id);
      assert.equal(kw.length, 1, `${name}: kwaiq event_id`);
      assert.equal(kw[0]![1][0], 'kwai-e2e');
    }
  }

  it('places one order through the declarative form and shows it; every conversion once, ids shared with the pixels', async () => {
    const { context, page, seen, problems } = await openLanding();
    try {
      await fillForm(page, 'bank_transfer');
      const total = await page.locator('[data-svc-summary="gross_revenue"]').textContent();
      await page.click('button[type=submit]');
      await page.click('button[type=submit]', { force: true, timeout: 1000 }).catch(() => {}); // a second click: ignored
      await page.waitForSelector('[data-svc-order]:not([hidden])');
      assert.equal(await page.locator('[data-svc-order-field="gross_revenue"]').textContent(), total);
      assert.equal(await page.locator('form[data-svc-checkout]').isHidden(), true);
      assert.ok((await page.locator('[data-svc-order-accounts] li').count()) > 0);

      const slug = new URL(await page.locator('a[data-svc-order-link]').getAttribute('href') ?? '', reference.origin).searchParams.get('order');
      const order = await (await fetch(`${reference.origin}/v3/stores/demo-store/public/orders/${slug}`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } })).json();
      assert.deepEqual([order.items[0].variant_id, order.items[0].quantity, order.discount_code, order.payment_method, order.shipping.courier], [102, 2, 'HEMAT10', 'bank_transfer', 'sicepat']);

      const rows = await funnelRows(page.url(), FUNNEL.length * 3);
      await page.waitForTimeout(500); // time for a duplicate to show up, if there were one
      assertOncePerProviderWithPixelIds(await funnelRows(page.url(), FUNNEL.length * 3), seen);
      assert.equal(rows.length, FUNNEL.length * 3);
      const purchase = rows.find((r) => r.payload.event_name === 'Purchase' && r.provider === 'meta')!;
      assert.match(purchase.event_id, /^purchase_[0-9a-f]{32}$/);
      assert.equal(JSON.stringify(purchase).includes(slug!), false, 'the secret order slug never reaches an ad platform');
      assert.deepEqual(problems, []);
      assert.deepEqual(seen.filter(([kind]) => kind === 'csp'), [], 'no CSP violation');
    } finally {
      await context.close();
    }
  });

  it('navigates to payment_url right after the Purchase, and the events still arrive exactly once', async () => {
    // the service is reached through a slow link: the Purchase is still on its way when the page leaves
    const { context, page, seen, problems } = await openLanding(slow.origin);
    try {
      // Page orders come with their payment instructions: an e-wallet order carries its payment_url.
      await fillForm(page, 'ewallet', 'dana');
      const landingUrl = page.url();
      await Promise.all([page.waitForURL('**/__reference/pay/**'), page.click('button[type=submit]')]);

      const rows = await funnelRows(landingUrl, FUNNEL.length * 3);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assertOncePerProviderWithPixelIds(await funnelRows(landingUrl, FUNNEL.length * 3), seen);
      assert.equal(rows.filter((r) => r.payload.event_name === 'Purchase').length, 3);
      assert.deepEqual(problems, []);
      assert.deepEqual(seen.filter(([kind]) => kind === 'csp'), [], 'no CSP violation');
    } finally {
      await context.close();
    }
  });
});
