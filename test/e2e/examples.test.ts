// The framework recipes run (examples/, docs/ssr.md): each example app installs the packed svc-storefront (the tarball
// `npm pack` makes from a clean tree, test/server/packed.ts) with its own dependencies from the npm registry, is built
// as its README says, served from an origin of its own and loaded in Chromium against a reference server: the
// elements render, React's and Vue's typed event handlers run, the server-rendered pages of Astro and Eleventy carry
// their cards in the HTML and hydrate. Installs are kept in .scratch/examples/ between runs (npm's cache does the rest).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright';
import { allowOrigin } from '../../src/server/domain/merchant-origins.ts';
import { mimeOf, resolveInside } from '../../src/server/http/static-files.ts';
import { createReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { packedPackages, ROOT, type Packed } from '../server/packed.ts';
import { launchChromium, watchProblems } from './support/demo.ts';

type Example = {
  name: string;
  /** The build's output folder, served as the site. */
  output: string;
  /** The service's address as the example reads it at build time. */
  env: (serviceUrl: string) => Record<string, string>;
  /** The browser part: what this example must show once loaded. */
  check: (page: Page, siteOrigin: string) => Promise<void>;
};

const WORK = join(ROOT, '.scratch/examples');
/** What an example's own folder holds that is not its source: its install and its builds. */
const NOT_SOURCE = new Set(['node_modules', 'dist', '_site', '.astro', 'package-lock.json', '.source']);

let packed: Packed;
let reference: ReferenceServer;
let service: Server;
let serviceUrl: string;
let browser: Browser;

const listen = (server: Server) => new Promise<string>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

before(async () => {
  packed = packedPackages();
  // listening first: the demo catalog's images are addresses of the server (its public URL)
  service = createServer((req, res) => void reference.listener(req, res));
  serviceUrl = await listen(service);
  reference = createReferenceServer({ db: ':memory:', publicUrl: serviceUrl, config: { demoImages: join(ROOT, 'demo/img'), webhooks: { deliver: false } } });
  browser = await launchChromium();
}, { timeout: 15 * 60_000 });

after(async () => {
  await browser?.close();
  service?.close();
  reference?.close();
});

/** A command run to its end, asynchronously: the reference server answering the builds lives in this process. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, output }));
  });
}

/**
 * examples/<name> copied to .scratch/examples/<name> with svc-storefront taken from the tarball, and installed. The
 * committed lockfile pins every other version; the install is kept, so a later run fetches only what changed.
 */
async function install(name: string): Promise<string> {
  const source = join(ROOT, 'examples', name);
  const work = join(WORK, name);
  mkdirSync(work, { recursive: true });
  for (const entry of readdirSync(work)) if (!NOT_SOURCE.has(entry)) rmSync(join(work, entry), { recursive: true, force: true });
  for (const entry of readdirSync(source)) if (!NOT_SOURCE.has(entry)) cpSync(join(source, entry), join(work, entry), { recursive: true });
  const lock = readFileSync(join(source, 'package-lock.json'));
  const lockHash = createHash('sha256').update(lock).digest('hex');
  if (!existsSync(join(work, '.source')) || readFileSync(join(work, '.source'), 'utf8') !== lockHash) {
    writeFileSync(join(work, 'package-lock.json'), lock);
    writeFileSync(join(work, '.source'), lockHash);
  }
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies['svc-storefront'] = `file:${packed.storefront}`; // its folder is named by the tarball's content
  writeFileSync(join(work, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const { status, output } = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: work });
  if (status !== 0) {
    const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|ENETUNREACH|network/i.test(output);
    throw new Error(offline
      ? `examples/${name}: npm install could not reach the npm registry, from which the examples install their own dependencies:\n${output.trim().split('\n').slice(-6).join('\n')}`
      : `examples/${name}: npm install failed:\n${output.trim().split('\n').slice(-20).join('\n')}`);
  }
  assert.doesNotMatch(output, /EBADENGINE/, `examples/${name} installs a package that does not support this Node version:\n${output}`);
  return work;
}

/** `npm run build` of the example, with the service's address. */
async function build(work: string, example: Example): Promise<void> {
  const { status, output } = await run('npm', ['run', 'build'], { cwd: work, env: { ...process.env, ...example.env(serviceUrl) } });
  assert.equal(status, 0, `examples/${example.name}: npm run build failed:\n${output}`);
}

/** The built site on an origin of its own (`/x/` is `/x/index.html`), allowed to call the store. */
async function serve(root: string): Promise<{ origin: string; close(): void }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/$/, '/index.html').slice(1);
    void resolveInside(root, path).then((file) => {
      if (!file) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      res.writeHead(200, { 'Content-Type': mimeOf(file) }).end(readFileSync(file));
    });
  });
  const origin = (await listen(server)).replace('127.0.0.1', 'localhost');
  allowOrigin(reference.db, { origin, store: 'demo-store' });
  return { origin, close: () => server.close() };
}

/** A client-rendered app (React, Vue): the catalog renders, and choosing a card runs the app's typed event handler. */
const clientRendered = async (page: Page) => {
  const card = page.locator('svc-catalog [part~=card]', { hasText: 'Kaos Polos' }).first();
  await card.waitFor();
  assert.equal(await page.locator('svc-catalog [part~=card]').count(), 8, 'page-size={8} reached the element as a number');
  await card.click();
  await page.locator('.chosen', { hasText: 'Dilihat: Kaos Polos Premium' }).waitFor();
  await page.locator('svc-catalog svc-product [part~=option-value]', { hasText: /^\s*M\s*$/ }).click(); // a size first
  await page.locator('svc-catalog svc-product svc-add-to-cart [part~=button]').click();
  await page.locator('svc-cart-button [part~=badge]', { hasText: /^1$/ }).waitFor();
};

/** A server-rendered site (Astro, Eleventy): cards in the HTML itself, hydrated; a product page sells. */
const serverRendered = async (page: Page, siteOrigin: string) => {
  const html = await (await fetch(`${siteOrigin}/`)).text();
  assert.match(html, /^<!doctype html>/i);
  assert.match(html, /<meta charset="utf-8">/i);
  assert.match(html, /<svc-catalog[^>]*>\s*<template [^>]*shadowrootmode="open"/, 'the catalog is in the HTML, in a declarative shadow root');
  assert.match(html, /Kaos Polos Premium/);
  assert.match(html, /<script type="module" src="\/svc\/svc-hydrate\.js" fetchpriority="low"><\/script>/);
  await page.waitForFunction(() => !!customElements.get('svc-catalog') && !!customElements.get('svc-cart-button'));
  const link = page.locator('svc-catalog a[part~=card]', { hasText: 'Kaos Polos' }).first();
  assert.equal(await link.getAttribute('href'), '/products/kaos-polos/');
  await link.click();
  await page.waitForURL(`${siteOrigin}/products/kaos-polos/`);
  await page.locator('svc-product [part~=name]', { hasText: 'Kaos Polos Premium' }).waitFor();
  await page.waitForFunction(() => !!customElements.get('svc-product'));
  await page.locator('svc-product [part~=option-value]', { hasText: /^\s*M\s*$/ }).click(); // a size first
  await page.locator('svc-product svc-add-to-cart [part~=button]').click();
  await page.locator('svc-cart-button [part~=badge]', { hasText: /^1$/ }).waitFor();
};

const EXAMPLES: Example[] = [
  { name: 'react', output: 'dist', env: (url) => ({ VITE_SVC_BASE_URL: url }), check: clientRendered },
  { name: 'vue', output: 'dist', env: (url) => ({ VITE_SVC_BASE_URL: url }), check: clientRendered },
  { name: 'astro', output: 'dist', env: (url) => ({ SVC_BASE_URL: url }), check: serverRendered },
  { name: 'eleventy', output: '_site', env: (url) => ({ SVC_BASE_URL: url }), check: serverRendered },
];

describe('the example apps, on the packed package', () => {
  for (const example of EXAMPLES) {
    test(`examples/${example.name}: installs, builds and sells in Chromium`, { timeout: 10 * 60_000 }, async () => {
      const work = await install(example.name);
      await build(work, example);
      const site = await serve(join(work, example.output));
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(30_000);
      try {
        const page = await context.newPage();
        const problems = watchProblems(page);
        await page.goto(`${site.origin}/`);
        await example.check(page, site.origin);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
        site.close();
      }
    });
  }
});

