// Shared by the journeys: `demo/serve.ts` (what `npm start` runs) on free ports with a fresh in-memory database,
// Debian's Chromium, and the few steps every purchase repeats.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright';
import { after, before } from 'node:test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/browser-engines.mjs';

/**
 * How long a journey waits for a state (Playwright's waits, set per context): a machine busy with other browsers and
 * test runs slows a journey down without failing it; the test's own timeout is the limit.
 */
export const STATE_WAIT_MS = 30_000;

/**
 * A browser context `width` px wide: below 600 px a phone's (touch, twice the pixels, `height.phone` high), else a
 * desktop window; its waits last STATE_WAIT_MS.
 */
export async function contextAt(browser: Browser, width: number, height = { phone: 800, desktop: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext(width < 600
    ? { viewport: { width, height: height.phone }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
    : { viewport: { width, height: height.desktop } });
  context.setDefaultTimeout(STATE_WAIT_MS);
  return context;
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });

const listenable = (port: number) => new Promise<boolean>((resolve) => {
  const server = createServer().once('error', () => resolve(false)).listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
});

/** A free port P whose neighbour P+1 is free too: the demo serves the pasted-snippet page on PORT+1. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      }).on('error', reject);
    });
    if (port < 65535 && (await listenable(port + 1))) return port;
  }
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the demo exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true))).on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`demo did not listen on ${port} within ${timeoutMs} ms`);
}

export type Demo = { origin: string; snippetOrigin: string; close(): Promise<void> };

/**
 * Starts `demo/serve.ts` as `npm start` does (or `demo/dev.ts`, `npm run dev`). It may first build the browser
 * bundles (when src/ is newer than dist/), hence the generous timeout.
 */
export async function startDemo(script: 'demo/serve.ts' | 'demo/dev.ts' = 'demo/serve.ts'): Promise<Demo> {
  const port = await freePortPair();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: String(port), DEMO_DB: ':memory:' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForPort(port, child, 120_000);
    await waitForPort(port + 1, child, 120_000); // opened right after the first, unless the machine is busy
  } catch (error) {
    child.kill('SIGTERM'); // never leave a half-started demo behind
    throw error;
  }
  return {
    origin: `http://localhost:${port}`,
    snippetOrigin: `http://localhost:${port + 1}`,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

type DemoAndChromium = { readonly demo: Demo; readonly browser: Browser };

/**
 * Starts the demo and Chromium before a file's tests (then runs `setup`, if any) and closes both after them; read
 * them inside the tests.
 */
export function demoAndChromium(setup?: (env: DemoAndChromium) => Promise<void>): DemoAndChromium {
  const env = {} as { demo: Demo; browser: Browser };
  before(async () => {
    [env.demo, env.browser] = await Promise.all([startDemo(), launchChromium()]);
    await setup?.(env);
  });
  after(async () => {
    await env.browser?.close();
    await env.demo?.close();
  });
  return env;
}

/**
 * Collects what must never happen on a page: uncaught errors, console errors, failed requests. Pass patterns
 * (matched against the message, or "STATUS METHOD URL" of an answer) for what a test expects.
 */
export function watchProblems(page: Page, expected: RegExp[] = []): string[] {
  const problems: string[] = [];
  const note = (text: string) => expected.some((re) => re.test(text)) || problems.push(text);
  page.on('pageerror', (error) => note(`pageerror: ${error.message}`));
  // Chromium logs every 4xx/5xx answer as "Failed to load resource" without the address: judged by the response.
  page.on('console', (message) => message.type() === 'error' && !message.text().startsWith('Failed to load resource') && note(`console: ${message.text()}`));
  page.on('response', (response) => response.status() >= 400 && note(`${response.status()} ${response.request().method()} ${response.url()}`));
  // (aborted requests are the elements cancelling what a newer input made stale)
  page.on('requestfailed', (request) => request.failure()?.errorText !== 'net::ERR_ABORTED' && note(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`));
  return problems;
}

/** The newest one-time sign-in code the reference server "mailed" to `to`. */
export async function mailboxCode(origin: string, to: string): Promise<string> {
  const { messages } = await (await fetch(`${origin}/__reference/mailbox?to=${encodeURIComponent(to)}`)).json() as { messages: Array<{ data: { code?: string } }> };
  const code = messages.find((m) => m.data.code)?.data.code;
  if (!code) throw new Error(`no one-time code in the mailbox of ${to}: ${JSON.stringify(messages).slice(0, 300)}`);
  return code;
}

export type Buyer = { name: string; phone: string; email: string };
export const BUYER: Buyer = { name: 'Siti Aminah', phone: '0812 3456 7890', email: 'siti@example.com' };

/** Contact details, and for physical items a Coblong (Bandung) address: waits for the shipping options. */
export async function fillCheckout(checkout: Locator, { buyer = BUYER, physical = true } = {}) {
  await checkout.locator('#name').fill(buyer.name);
  await checkout.locator('#phone').fill(buyer.phone);
  await checkout.locator('#email').fill(buyer.email);
  if (!physical) return;
  await checkout.locator('#search').fill('coblong');
  await checkout.locator('[role=option]').first().click();
  await checkout.locator('#address').fill('Jl. Dago No. 12, RT 01/RW 02');
  await checkout.locator('#address').blur();
  await checkout.locator('[part~=shipping-option]').first().waitFor();
}

/**
 * Picks a payment method (and channel), waits for the priced total, places the order, waits for the instructions.
 * Returns the total the buyer saw.
 */
export async function placeOrder(checkout: Locator, method: string | RegExp, channel?: string): Promise<string> {
  // the total shows before a method is chosen (without its fee): wait for the summary priced with one
  const priced = checkout.page().waitForResponse((r) => r.url().includes('/checkout/summary')
    && (r.request().postDataJSON() as { payment_method?: string } | null)?.payment_method !== undefined);
  await checkout.locator('[part~=payment-method]', { hasText: method }).click();
  if (channel) await checkout.locator('[part~=channel]', { hasText: channel }).click();
  const total = checkout.locator('[part~=total] dd', { hasText: /Rp/ });
  await total.waitFor();
  await priced;
  await checkout.locator('[part~=totals][aria-busy=false]').waitFor(); // its answer is in the page
  const seen = (await total.textContent())!.trim();
  await checkout.locator('[part~=submit]').click();
  await checkout.locator('[part~=confirmation] svc-payment-instructions [part~=base]').waitFor({ timeout: STATE_WAIT_MS });
  return seen;
}

/** The order's `secret_slug`, from the confirmation's link to the order page. */
export async function orderSlug(checkout: Locator): Promise<string> {
  const href = await checkout.locator('[part~=order-link]').getAttribute('href');
  return new URL(href!).searchParams.get('order')!;
}
