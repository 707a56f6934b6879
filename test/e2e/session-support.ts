// Two-page session tests: a Node server with the reference server and a page bundling the real client and stores.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright';
import { createReferenceServer } from '../../src/server/index.ts';
import type { ServerConfig } from '../../src/server/config.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic'];

/** One refresh request as the server saw it: the token it carried and the answer. */
export type RefreshSeen = { token: string; status: number; issued: string | null };

const PAGE_HTML = `<!doctype html><html><body>
<script>window.process = { env: { NODE_ENV: 'development' } };</script>
<script type="module" src="/harness.js"></script></body></html>`;

let bundle: Promise<string> | undefined;
function harnessBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [new URL('./session-harness.ts', import.meta.url).pathname],
    bundle: true, write: false, format: 'esm', target: 'es2022', platform: 'browser',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

/** Starts the reference server (fresh :memory: demo data) and the harness page on a free port of 127.0.0.1. */
export async function startSessionServer(config: Partial<ServerConfig> = {}) {
  const js = await harnessBundle();
  const reference = createReferenceServer({ db: ':memory:', devRoutes: true, config: { browserRateLimit: { limit: 100_000, windowSeconds: 60 }, ...config } });
  const refreshes: RefreshSeen[] = [];
  const api = getRequestListener(async (request, env) => {
    if (request.method !== 'POST' || !request.url.endsWith('/public/auth/jwt/refresh')) return reference.app.fetch(request, env);
    const { refresh } = await request.clone().json().catch(() => ({ refresh: '' }));
    const response = await reference.app.fetch(request, env);
    const issued = response.ok ? (await response.clone().json()).refresh : null;
    refreshes.push({ token: refresh, status: response.status, issued });
    return response;
  });
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/v3/') || req.url?.startsWith('/__reference/')) return void api(req, res);
    if (req.url === '/harness.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js);
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  reference.db.prepare('INSERT INTO store_origins (store_id, origin) VALUES (1, ?)').run(origin);
  return {
    origin,
    refreshes,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      reference.close();
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export type Harness = {
  signIn(): Promise<{ status: string }>;
  signOut(): Promise<boolean>;
  addToCart(variantId: number, quantity?: number): Promise<void>;
  loadCart(): Promise<void>;
  tenBearerCalls(): Promise<string[]>;
  state(): { session: string; customer: string | null; cartSource: string; cartCount: number | null; storedRefresh: boolean };
};

/** Runs `fn` with the page's harness and returns its (serialisable) result. */
export function call<T>(page: Page, fn: (harness: Harness) => T | Promise<T>): Promise<T> {
  return page.evaluate(`(${fn.toString()})(window.harness)`) as Promise<T>;
}

export async function openHarness(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => 'harness' in window);
}

/**
 * Polls the page state until `check` holds; fails after `timeoutMs`, generous so that a busy machine slows a test
 * down without failing it.
 */
export async function waitForState(page: Page, check: (state: ReturnType<Harness['state']>) => boolean, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const state = await call(page, (h) => h.state());
    if (check(state)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`state not reached within ${timeoutMs} ms: ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
