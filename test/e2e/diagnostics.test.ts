// The diagnostics panel from the built files, as a merchant opens it: the pasted-snippet page (the classic tag, the
// service on another origin) loads it as the elements' lazy chunk on `?svc-debug`, the HTML Mode landing page as
// `dist/svc-debug.js` beside page-runtime.js; without the flag neither page fetches it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright';
import { demoAndChromium, STATE_WAIT_MS, watchProblems } from './support/demo.ts';

const env = demoAndChromium();

async function open(url: string) {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(STATE_WAIT_MS);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.goto(url);
  return { page, problems, scripts, close: () => context.close() };
}

const panelText = (page: Page) => page.locator('svc-debug-panel aside').textContent();

test('the snippet page loads nothing of the panel without the flag, and the panel on ?svc-debug', { timeout: 60_000 }, async () => {
  const plain = await open(`${env.demo.snippetOrigin}/`);
  await plain.page.locator('svc-catalog [part~=card]').first().waitFor();
  assert.equal(await plain.page.locator('svc-debug-panel').count(), 0);
  assert.ok(!plain.scripts.some((path) => path.includes('svc-debug')), plain.scripts.join());
  await plain.close();

  const debug = await open(`${env.demo.snippetOrigin}/?svc-debug`);
  await debug.page.locator('svc-debug-panel aside').waitFor();
  assert.ok(debug.scripts.includes('/dist/svc-debug.js'), debug.scripts.join());
  // the panel asks the store of the tag itself, across origins, and finds it set up
  await debug.page.waitForFunction(() => document.querySelector('svc-debug-panel')?.shadowRoot?.textContent?.includes('/public/categories'));
  const text = (await panelText(debug.page))!;
  assert.match(text, /No set-up problem found so far\./);
  assert.ok(!text.includes('sfk_demo'), 'the key is masked');
  assert.deepEqual(debug.problems, []);
  await debug.close();
});

test('the landing page\'s runtime loads svc-debug.js beside itself and names the missing pixels', { timeout: 60_000 }, async () => {
  const debug = await open(`${env.demo.origin}/demo/landing.html?svc-debug`);
  await debug.page.locator('svc-debug-panel aside').waitFor();
  assert.ok(debug.scripts.includes('/dist/svc-debug.js'), debug.scripts.join());
  await debug.page.waitForFunction(() => document.querySelector('svc-debug-panel')?.shadowRoot?.textContent?.includes('Meta pixel missing'));
  // the panel lists requests from its own load on (docs/page-runtime.md, "Diagnostics"): the provinces may come before it, so the
  // runtime's request to check is one made after it opened, the cities of a chosen province
  await debug.page.locator('[data-svc-field="destination.province_id"] option[value="32"]').waitFor({ state: 'attached' });
  await debug.page.selectOption('[data-svc-field="destination.province_id"]', '32');
  await debug.page.waitForFunction(() => document.querySelector('svc-debug-panel')?.shadowRoot?.textContent?.includes('/locations/cities'));
  const text = (await panelText(debug.page))!;
  assert.match(text, /GET \/v3\/pages\/demo-page\/locations\/cities/);
  assert.doesNotMatch(text, /Error:/); // the page itself is set up; only warnings
  assert.deepEqual(debug.problems, []);
  await debug.close();
});

test('under the strict CSP page (nonce + strict-dynamic + Trusted Types) the panel opens without a violation', { timeout: 60_000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 320, height: 640 } });
  context.setDefaultTimeout(STATE_WAIT_MS);
  const violations: string[] = [];
  await context.exposeBinding('__violation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) =>
    (window as unknown as { __violation(text: string): void }).__violation(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`)));
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${env.demo.origin}/demo/csp.html?svc-debug`);
  await page.waitForFunction(() => document.querySelector('svc-debug-panel')?.shadowRoot?.textContent?.includes('/public/categories'));
  // its adopted sheet applies (a blocked <style> would leave it unpositioned) and it fits the phone
  const box = await page.locator('svc-debug-panel').evaluate((el) => {
    const { left, right } = el.getBoundingClientRect();
    return { position: getComputedStyle(el).position, left, right };
  });
  assert.deepEqual({ position: box.position, fits: box.left >= 0 && box.right <= 320 }, { position: 'fixed', fits: true });
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  await context.close();
});
