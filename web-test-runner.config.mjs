// Browser tests: a real browser against the real reference server, mounted in the test server. One engine per run:
// WTR_ENGINE=chromium (default), firefox or webkit (scripts/browser-engines.mjs; scripts/run-browser-tests.mjs runs
// the three one after the other).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ENGINES, firefoxLaunchOptions, missingFor, startWebKitDriver, webkitCapabilities } from './scripts/browser-engines.mjs';
import { excludedFiles } from './test/driver-exclusions.mjs';

const PORT = Number(process.env.WTR_PORT ?? 8790);
const ORIGINS = [`http://localhost:${PORT}`, `http://127.0.0.1:${PORT}`];
const ENGINE = process.env.WTR_ENGINE ?? 'chromium';
if (!ENGINES.includes(ENGINE)) throw new Error(`WTR_ENGINE=${ENGINE}: one of ${ENGINES.join(', ')}`);
if (missingFor(ENGINE)) throw new Error(`${ENGINE}: ${missingFor(ENGINE)}`);

/** The launcher of the engine of this run (each launcher package is loaded only when its engine runs). */
async function launcher() {
  if (ENGINE === 'firefox') {
    const { puppeteerLauncher } = await import('@web/test-runner-puppeteer');
    return puppeteerLauncher({ launchOptions: firefoxLaunchOptions() });
  }
  if (ENGINE === 'webkit') {
    const { webdriverLauncher } = await import('@web/test-runner-webdriver');
    const driver = await startWebKitDriver(); // ended with this process
    return webdriverLauncher({ hostname: driver.hostname, port: driver.port, logLevel: 'error', capabilities: webkitCapabilities() });
  }
  const { playwrightLauncher } = await import('@web/test-runner-playwright');
  return playwrightLauncher({ product: 'chromium', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });
}

const { createReferenceServer } = await tsImport('./src/server/index.ts', import.meta.url);
const { addHostileStore } = await tsImport('./test/browser/support/hostile-store.ts', import.meta.url);
const { addWalledStore } = await tsImport('./test/browser/support/walled-store.ts', import.meta.url);
const { addSwatchStore } = await tsImport('./test/browser/support/swatch-store.ts', import.meta.url);

/** A fresh demo server that accepts the test page's origin (store origins, page domains, business domains). */
function referenceServer(config = {}) {
  const server = createReferenceServer({
    db: ':memory:',
    devRoutes: true, // the tests read the mailbox and outbox and mark orders paid (loopback only: the browser is local)
    // a whole run sends the demo page far more conversion events from one client than a shopper would
    config: { browserRateLimit: { limit: 100_000, windowSeconds: 60 }, analyticsRateLimit: { limit: 100_000, windowSeconds: 60 }, publicUrl: ORIGINS[0], ...config },
  });
  for (const origin of ORIGINS) {
    server.db.prepare('INSERT OR IGNORE INTO store_origins (store_id, origin) SELECT id, ? FROM stores').run(origin);
    for (const table of ['pages', 'businesses']) {
      try {
        server.db.prepare(`UPDATE ${table} SET domains = json_insert(domains, '$[#]', ?) WHERE domains <> '[]'`).run(origin);
      } catch { /* table not there yet */ }
    }
  }
  // Every file that places an order buys the demo's Kaos Polos Hitam / S (variant 101, the elements' placeOrder and
  // most session and client tests): the seed's 25 ran out part-way through a full run, so which test failed depended
  // on the files before it. The test server stocks that variant for any run; stock limits are tested on variants
  // no test orders (topi-terbatas, 3 left; produk-rahasia).
  server.db.prepare('UPDATE variants SET stock = 1000000 WHERE id = 101').run();
  return server;
}

// `/v3/*` and `/__reference/*`: the demo server. `/short-tokens/v3/*`: a second one whose access tokens live 3 s,
// for the tests of expiry (the client takes the prefix as part of its baseUrl).
const main = referenceServer();
addHostileStore(main.db, ORIGINS); // its own store: XSS payloads in every string (test/browser/hostile)
addWalledStore(main.db); // a store and a page that do not allow the test origin (test/browser/diagnostics)
addSwatchStore(main.db, ORIGINS); // colours with their own image, price and stock, pages of cards (test/browser/templates)
const shortTokens = referenceServer({ accessTokenSeconds: 3 });
const SHORT = '/short-tokens';

/** Requests the servers saw, by "METHOD /path" (tests read them to tell "one request" from "two"). */
const seen = new Map();
const count = (name, path, method) => seen.set(`${name} ${method} ${path}`, (seen.get(`${name} ${method} ${path}`) ?? 0) + 1);

/**
 * `press-chord` (test/browser/support/keys.ts): keys pressed together, e.g. ['Alt', 'ArrowUp'], in each launcher's
 * own way (send-keys takes "Alt+ArrowUp" in Playwright only, and has no down/up in WebDriver).
 */
const keyChordPlugin = {
  name: 'press-chord',
  async executeCommand({ command, payload: keys, session }) {
    if (command !== 'press-chord') return undefined;
    const { browser } = session;
    if (browser.type === 'playwright') await browser.getPage(session.id).keyboard.press(keys.join('+'));
    else if (browser.type === 'puppeteer') {
      const keyboard = browser.getPage(session.id).keyboard;
      for (const key of keys.slice(0, -1)) await keyboard.down(key);
      await keyboard.press(keys.at(-1));
      for (const key of keys.slice(0, -1).reverse()) await keyboard.up(key);
    } else await browser.sendKeys(session.id, keys); // webdriverio's keys(): every key down, then every key up
    return true;
  },
};

function json(ctx, body) {
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

/**
 * Faults answered by the test server itself, for requests a service worker (MSW) does not see: Firefox sends
 * keepalive fetches around it. "METHOD /path" → { status, times left, what each matching request carried }.
 */
const faults = new Map();
function answerFault(ctx, key) {
  const fault = faults.get(key);
  if (!fault) return false;
  const faulted = fault.times > 0;
  fault.requests.push({ faulted, idempotencyKey: ctx.get('Idempotency-Key') || null });
  if (!faulted) return false;
  fault.times--;
  ctx.status = fault.status;
  ctx.type = 'text/html';
  ctx.body = '<html><body>Service Unavailable</body></html>'; // as a gateway in front of the service answers
  return true;
}

/** Test-only inspection routes: request counts and order counts, straight from the servers; faults on demand. */
function testRoutes(ctx) {
  if (ctx.path === '/__test/requests') return json(ctx, Object.fromEntries(seen));
  // ?method=POST&path=/v3/…&status=503&times=3 arms a fault (and forgets earlier requests to that route)
  if (ctx.path === '/__test/fault') {
    const key = `${ctx.query.method} ${ctx.query.path}`;
    faults.set(key, { status: Number(ctx.query.status), times: Number(ctx.query.times), requests: [] });
    return json(ctx, { ok: true });
  }
  if (ctx.path === '/__test/fault/requests') return json(ctx, faults.get(`${ctx.query.method} ${ctx.query.path}`)?.requests ?? []);
  if (ctx.path === '/__test/requests/reset') return (seen.clear(), json(ctx, { ok: true }));
  if (ctx.path === '/__test/orders') {
    const server = ctx.query.server === 'short' ? shortTokens : main;
    return json(ctx, { count: server.db.prepare('SELECT COUNT(*) AS n FROM orders').get().n });
  }
  ctx.status = 404;
}

export default {
  // files the driver of this engine cannot run (test/driver-exclusions.mjs says why) are left out
  files: ['test/browser/**/*.test.ts', ...excludedFiles(ENGINE, 'wtr').map((file) => `!${file}`)],
  // Lit's production build, as the bundles merchants load use: the dev server would otherwise pick the packages'
  // "development" exports, and Lit's development build logs "Lit is in dev mode" once per test file
  nodeResolve: { exportConditions: ['production'] },
  port: PORT,
  hostname: 'localhost',
  concurrency: 1,
  // tests wait on states (test/browser/support/server.ts waitFor, 30 s at least): a busy machine slows them down
  // without failing them, so a test's limit is generous, and so is a file's (the default is 2 minutes)
  testFramework: { config: { timeout: 90_000 } },
  testsFinishTimeout: 15 * 60_000,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }), keyChordPlugin],
  middleware: [
    // MSW's worker must be served from the root to control the whole origin
    (ctx, next) => {
      if (ctx.path === '/mockServiceWorker.js') ctx.url = '/test/mockServiceWorker.js';
      return next();
    },
    async (ctx, next) => {
      if (ctx.path.startsWith('/__test/')) return testRoutes(ctx);
      const short = ctx.path.startsWith(`${SHORT}/v3/`);
      if (!short && !ctx.path.startsWith('/v3/') && !ctx.path.startsWith('/__reference/')) return next();
      const path = short ? ctx.path.slice(SHORT.length) : ctx.path;
      count(short ? 'short' : 'main', path, ctx.method);
      if (!short && answerFault(ctx, `${ctx.method} ${path}`)) return;
      if (short) ctx.req.url = ctx.req.url.slice(SHORT.length);
      ctx.respond = false; // hand the raw request and response to the reference server
      await (short ? shortTokens : main).listener(ctx.req, ctx.res);
    },
  ],
  browsers: [await launcher()],
  // Firefox starts in 10–30 s on a busy 2-core machine, and its first test files compile longer than Chromium's
  browserStartTimeout: 120_000,
  testsStartTimeout: 60_000,
  // nanostores reads process.env.NODE_ENV; browsers have no `process`
  testRunnerHtml: (framework) => `<!doctype html><html><body>
    <script>window.process = { env: { NODE_ENV: 'development' } };</script>
    <script type="module" src="${framework}"></script></body></html>`,
};
