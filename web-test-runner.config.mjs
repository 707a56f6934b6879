// Browser tests: real Chromium (Debian's) against the real reference server, mounted in the test server.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { tsImport } from 'tsx/esm/api';

const PORT = Number(process.env.WTR_PORT ?? 8790);
const ORIGINS = [`http://localhost:${PORT}`, `http://127.0.0.1:${PORT}`];
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic'];

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

function json(ctx, body) {
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

/** Test-only inspection routes: request counts and order counts, straight from the servers. */
function testRoutes(ctx) {
  if (ctx.path === '/__test/requests') return json(ctx, Object.fromEntries(seen));
  if (ctx.path === '/__test/requests/reset') return (seen.clear(), json(ctx, { ok: true }));
  if (ctx.path === '/__test/orders') {
    const server = ctx.query.server === 'short' ? shortTokens : main;
    return json(ctx, { count: server.db.prepare('SELECT COUNT(*) AS n FROM orders').get().n });
  }
  ctx.status = 404;
}

export default {
  files: 'test/browser/**/*.test.ts',
  nodeResolve: true,
  port: PORT,
  hostname: 'localhost',
  concurrency: 1,
  testFramework: { config: { timeout: 20_000 } },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })],
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
      if (short) ctx.req.url = ctx.req.url.slice(SHORT.length);
      ctx.respond = false; // hand the raw request and response to the reference server
      await (short ? shortTokens : main).listener(ctx.req, ctx.res);
    },
  ],
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS } })],
  // nanostores reads process.env.NODE_ENV; browsers have no `process`
  testRunnerHtml: (framework) => `<!doctype html><html><body>
    <script>window.process = { env: { NODE_ENV: 'development' } };</script>
    <script type="module" src="${framework}"></script></body></html>`,
};
