/**
 * `npm start`: the reference server and the demo pages on one origin (http://localhost:8787, PORT overrides).
 * API paths go to the reference server; everything else to Vite, which serves demo/ and compiles src/ on the fly.
 */
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { createServer as createVite } from 'vite';
import { createReferenceServer } from '../src/server/index.ts';

const port = Number(process.env.PORT ?? 8787);
const origins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];

// The demo's own origin may call the demo store and its landing pages, whatever PORT is.
const reference = createReferenceServer({ db: process.env.DEMO_DB ?? '.data/reference.sqlite', allowOrigins: origins.map((o) => `demo-store=${o}`) });
const api = getRequestListener(reference.app.fetch);

const vite = await createVite({
  configFile: false,
  root: process.cwd(),
  appType: 'mpa',
  logLevel: 'warn',
  server: { middlewareMode: true, hmr: false },
  define: { 'process.env.NODE_ENV': JSON.stringify('development') },
});

/** Friendly paths of the demo: `/` is the storefront; links the server builds point at these. */
const PAGES: Record<string, string> = {
  '/': '/demo/index.html',
  '/order-status.html': '/demo/order-status.html',
  '/reset-password': '/demo/reset-password.html',
};

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/v3/') || url.pathname.startsWith('/__reference/')) return void api(req, res);
  const page = PAGES[url.pathname];
  if (page) req.url = page + url.search;
  vite.middlewares(req, res);
});

server.listen(port, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${port}`);
  console.log(`Demo storefront: http://localhost:${port}/  (store demo-store, key sfk_demo)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    void vite.close();
    reference.close();
    process.exit(0);
  });
}
