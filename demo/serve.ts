/**
 * `npm start`: the reference server and the demo pages on one origin (http://localhost:8787, PORT overrides), the
 * pages loading the built bundles merchants ship (dist/, built here when stale). Only an allow-list is served: the
 * API and dist/ (the reference server's, with CORS for every allowed origin), the demo pages (demo/); every other
 * path is a 404 (demo/static-routes.ts). A second origin,
 * PORT+1, serves the pasted-snippet page of a merchant's site (demo/snippet-server.ts). `npm run dev` (demo/dev.ts)
 * serves the same pages from the sources instead.
 */
import { createServer } from 'node:http';
import { ensureBrowserBuild } from './browser-build.ts';
import { demoPort, demoReferenceServer, listenDemo, onStop, stop, stopOnSignals } from './demo-support.ts';
import { notFound, serveDemoFiles } from './static-routes.ts';
import { ssrRoutes } from './ssr-routes.ts';

const port = demoPort();
stopOnSignals();

const building = new AbortController();
onStop(() => building.abort()); // SIGTERM during the build stops the build too
if (!(await ensureBrowserBuild(building.signal))) {
  console.error('The browser build failed: `npm start` serves the built bundles; see `npm run build`.');
  stop(1);
}

const { reference, origins } = demoReferenceServer(port);
// server-rendered pages (/ssr/), read from this server over HTTP
const ssr = ssrRoutes({ store: { storeId: 'demo-store', storeKey: 'sfk_demo', baseUrl: `http://127.0.0.1:${port}` }, publicOrigin: origins[0]! });

const server = createServer((req, res) => {
  const path = req.url ?? '/';
  if (path.startsWith('/v3/') || path.startsWith('/__reference/') || path.startsWith('/dist/')) return void reference.listener(req, res);
  if (path === '/ssr' || path.startsWith('/ssr/')) return ssr(req, res, (error) => (error ? (console.error(error), void res.writeHead(502).end()) : notFound(res)));
  const served = serveDemoFiles(req, res);
  if (!served) return notFound(res);
  served.catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
listenDemo(server, port, origins[0]!, {
  command: 'npm start',
  storefront: 'Demo storefront',
  snippet: "Pasted-snippet page (a merchant's site on another origin)",
});
