/**
 * `npm start`: the reference server and the demo pages on one origin (http://localhost:8787, PORT overrides).
 * API paths go to the reference server; everything else to Vite, which serves demo/ and compiles src/ on the fly.
 * The built bundles (`/dist/*`, built here when stale) and the strict-CSP page are served directly. A second
 * origin, PORT+1, serves the pasted-snippet page of a merchant's site (demo/snippet-server.ts).
 */
import { createServer } from 'node:http';
import { createServer as createVite } from 'vite';
import { createReferenceServer } from '../src/server/index.ts';
import { ensureBrowserBuild } from './browser-build.ts';
import { startSnippetServer } from './snippet-server.ts';
import { serveCspPage, serveDist } from './static-routes.ts';

const port = Number(process.env.PORT ?? 8787);
const snippetPort = port + 1;
const origins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
const snippetOrigins = [`http://localhost:${snippetPort}`, `http://127.0.0.1:${snippetPort}`];

ensureBrowserBuild();

// Whatever PORT is: the demo's own origin may call the demo store, its landing pages and the one-time-code store;
// the snippet origin, as a merchant's site, the demo store.
const reference = createReferenceServer({
  db: process.env.DEMO_DB ?? '.data/reference.sqlite',
  allowOrigins: [
    ...[...origins, ...snippetOrigins].map((o) => `demo-store=${o}`),
    ...origins.map((o) => `otp-store=${o}`),
  ],
});
const api = reference.listener;

/** Friendly paths of the demo: `/` is the storefront; links the server builds point at these. */
const PAGES: Record<string, string> = {
  '/': '/demo/index.html',
  '/order-status.html': '/demo/order-status.html',
  '/reset-password': '/demo/reset-password.html',
};

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/v3/') || url.pathname.startsWith('/__reference/')) return void api(req, res);
  if (url.pathname.startsWith('/dist/')) return void serveDist(req, res, url.pathname, snippetOrigins);
  if (url.pathname === '/demo/csp.html') return void serveCspPage(res);
  const page = PAGES[url.pathname];
  if (page) req.url = page + url.search;
  vite.middlewares(req, res);
});
const vite = await createVite({
  configFile: false,
  root: process.cwd(),
  appType: 'mpa',
  logLevel: 'warn',
  // No live reload; Vite's client socket shares this server's port (two demos never fight over Vite's default one).
  server: { middlewareMode: true, hmr: false, ws: { server } },
  define: { 'process.env.NODE_ENV': JSON.stringify('development') },
});

const snippet = startSnippetServer(snippetPort, origins[0]!);

server.listen(port, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${port}`);
  console.log(`Demo storefront: http://localhost:${port}/  (store demo-store, key sfk_demo)`);
  console.log(`Pasted-snippet page (a merchant's site on another origin): http://localhost:${snippetPort}/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    snippet.close();
    void vite.close();
    reference.close();
    process.exit(0);
  });
}
