// A merchant's own site on an origin of its own (the README's quickstart): the page holds the README's one tag pointing
// at `npm run server`, and nothing copied from this repository. Before its origin is allowed, the elements' code
// cannot load (no CORS for it) and `?svc-debug` says so with the command to run; after `store add-origin` (the
// command line, on the running server's database: no restart), the same page shows the catalog, its images from the
// server, and sells.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright';
import { launchChromium, STATE_WAIT_MS, watchProblems } from './support/demo.ts';

let dir: string;
let service: ChildProcess;
let serviceOrigin: string;
let site: Server;
let siteOrigin: string;
let browser: Browser;

/** `npm run server -- ARGS` on this test's database, as a merchant types it. */
const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'demo/server-cli.ts', ...args, '--db', join(dir, 'reference.sqlite')], { encoding: 'utf8' });

/** The merchant's page: the README's tag with the service's address, and the elements. */
const page = () => `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Toko Kopi</title>
<script src="${serviceOrigin}/dist/svc-elements.iife.js" data-store-id="demo-store" data-store-key="sfk_demo"
        data-base-url="${serviceOrigin}"></script>
</head><body>
<svc-cart-button checkout-url="/checkout"></svc-cart-button>
<svc-catalog page-size="4"></svc-catalog>
</body></html>`;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-merchant-origin-'));
  // `npm run server` builds dist/ first when it is stale: a generous wait for its first line
  service = spawn(process.execPath, ['--import', 'tsx', 'demo/server-cli.ts', '--port', '0', '--db', join(dir, 'reference.sqlite')], { stdio: ['ignore', 'pipe', 'inherit'] });
  serviceOrigin = await new Promise<string>((resolve, reject) => {
    let out = '';
    service.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve(`http://localhost:${match[1]}`);
    });
    service.once('exit', (code) => reject(new Error(`npm run server exited (${code}): ${out}`)));
  });
  site = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://site').pathname !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(page());
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, { timeout: 300_000 });

after(async () => {
  await browser?.close();
  site?.close();
  service?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('before its origin is allowed, ?svc-debug says why the elements did not load and what to run', { timeout: 60_000 }, async () => {
  const context = await browser.newContext();
  context.setDefaultTimeout(STATE_WAIT_MS);
  const tab = await context.newPage();
  await tab.goto(`${siteOrigin}/?svc-debug`);
  const report = tab.locator('svc-load-error [role=alert]');
  await report.waitFor();
  const text = (await report.textContent()) ?? '';
  assert.match(text, /did not load/);
  assert.match(text, new RegExp(`no CORS header for ${siteOrigin}`));
  assert.match(text, new RegExp(`store add-origin demo-store ${siteOrigin}`));
  assert.equal(await tab.locator('svc-catalog [part~=card]').count(), 0);
  await context.close();
});

test('after `store add-origin`, the same page shows the catalog with the server\'s images and adds to the cart', { timeout: 90_000 }, async () => {
  const added = cli('store', 'add-origin', 'demo-store', siteOrigin);
  assert.equal(added.status, 0, added.stderr);
  assert.match(added.stdout, new RegExp(`${siteOrigin} may now call demo-store`));

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(STATE_WAIT_MS);
  const tab = await context.newPage();
  const problems = watchProblems(tab);
  await tab.goto(`${siteOrigin}/`);
  const cards = tab.locator('svc-catalog [part~=card]');
  await cards.nth(3).waitFor();
  // the demo catalog's images are the server's addresses, and load on the merchant's origin
  const image = cards.first().locator('[part~=card-image]');
  assert.match((await image.getAttribute('src')) ?? '', /^http:\/\/127\.0\.0\.1:\d+\/demo\/img\/.+\.webp$/);
  await tab.waitForFunction(() => {
    const img = document.querySelector('svc-catalog')?.shadowRoot?.querySelector<HTMLImageElement>('[part~=card-image]');
    return !!img && img.complete && img.naturalWidth > 0;
  });

  await cards.filter({ hasText: 'Kaos Polos' }).first().click();
  await tab.locator('svc-catalog svc-product [part~=name]').waitFor();
  await tab.locator('svc-catalog svc-product [part~=option-value]', { hasText: /^\s*M\s*$/ }).click(); // a size first
  await tab.locator('svc-catalog svc-product svc-add-to-cart [part~=button]').click();
  await tab.locator('svc-cart-button [part~=badge]', { hasText: /^1$/ }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});
