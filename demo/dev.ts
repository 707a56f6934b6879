/**
 * `npm run dev`: the demo of `npm start` with the elements and page-runtime compiled from src/ on each request
 * (Vite, no HMR: reload the page), for working on them without a build.
 *
 * What it serves is `npm start`'s allow-list plus what Vite needs to compile the browser code:
 *   - the API (/v3, /__reference), the demo pages (their script tags swapped from /dist/ to /src/), demo/, dist/
 *     (the CSP and pasted-snippet pages still load the built bundles);
 *   - /src/** of the browser code only (not src/server, src/ssr, src/testing), as Vite compiles it;
 *   - Vite's own modules (/@vite/*, /@id/*, its client's files) and its pre-bundled dependencies
 *     (/node_modules/.vite/deps/*).
 * Everything else is a 404 before Vite sees it: .data, .git, package.json, node_modules, the project's files.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { createServer as createVite, type Plugin } from 'vite';
import { ensureBrowserBuild } from './browser-build.ts';
import { demoPort, demoReferenceServer, listenDemo, onStop, stopOnSignals } from './demo-support.ts';
import { DEMO_DIR, notFound, PAGES, PROJECT, resolveInside, serveDemoFiles } from './static-routes.ts';

const port = demoPort();
stopOnSignals();

const building = new AbortController();
onStop(() => building.abort());
if (!(await ensureBrowserBuild(building.signal))) console.warn('The browser build failed: the CSP and pasted-snippet pages need dist/.');

const { reference, origins } = demoReferenceServer(port);

/** The demo pages name the built bundles, as merchants do; here they get the sources instead. */
const pagesFromSources = (): Plugin => ({
  name: 'svc-demo-pages-from-sources',
  transformIndexHtml: (html) => html
    .replaceAll('<script type="module" src="/dist/svc-elements.js"', '<script type="module" src="/src/index.ts"')
    .replaceAll('<script src="/dist/page-runtime.js" defer', '<script type="module" src="/src/page-runtime/index.ts"'),
});

/** Browser code Vite may compile: no dot segments, nothing of the server's, no `?raw`/`?url` file reads. */
const BROWSER_SOURCE = /^\/src\/(?!server\/|ssr\/|testing\/)(?:[\w-]+\/)*[\w.-]+\.ts$/;
const VITE_OWN = /^\/(?:@vite\/(?:client|env)|@id\/[\w:./@+-]+|node_modules\/\.vite\/deps\/[\w.@-]+\.js|node_modules\/vite\/dist\/client\/[\w.-]+\.mjs)$/;

/** The files page-runtime.js loads from beside itself (dist/), here beside its source: their entry modules. */
const BESIDE_RUNTIME: Record<string, string> = {
  '/src/page-runtime/svc-order-extras.js': '/src/page-runtime/order-extras.ts',
  '/src/page-runtime/svc-debug.js': '/src/diagnostics/panel.ts',
};

/** The request as Vite should see it (a friendly path mapped to its page), or undefined when it is not Vite's. */
async function forVite(req: IncomingMessage): Promise<string | undefined> {
  const [path = '/', query = ''] = (req.url ?? '/').split('?');
  if (/(?:^|&)(?:raw|url|inline|worker|sharedworker)(?:=|&|$)/.test(query)) return undefined;
  if (BESIDE_RUNTIME[path]) return BESIDE_RUNTIME[path];
  const page = PAGES[path] ?? (path.startsWith('/demo/') && path.endsWith('.html') && path !== '/demo/csp.html' ? path.slice('/demo/'.length) : undefined);
  if (page) return (await resolveInside(DEMO_DIR, page)) ? `/demo/${page}${query ? `?${query}` : ''}` : undefined;
  if ((BROWSER_SOURCE.test(path) && !path.includes('..')) || VITE_OWN.test(path)) return req.url;
  return undefined;
}

const server = createServer((req, res) => {
  const path = req.url ?? '/';
  if (path.startsWith('/v3/') || path.startsWith('/__reference/') || path.startsWith('/dist/')) return void reference.listener(req, res);
  void forVite(req).then((url) => {
    if (url) {
      req.url = url;
      return vite.middlewares(req, res);
    }
    const served = path.startsWith('/demo/') ? serveDemoFiles(req, res) : undefined;
    return served ?? notFound(res);
  }).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
const vite = await createVite({
  configFile: false,
  root: PROJECT,
  appType: 'mpa',
  logLevel: 'warn',
  plugins: [pagesFromSources()],
  define: { 'process.env.NODE_ENV': JSON.stringify('development') },
  optimizeDeps: { entries: ['src/index.ts', 'src/page-runtime/index.ts', 'src/elements/**/*.ts'] },
  server: {
    middlewareMode: true,
    // no live reload; Vite's client socket shares this server's port (two demos never fight over Vite's default one)
    hmr: false,
    ws: { server },
    // a second line behind forVite: Vite itself reads nothing outside these folders, nor the secrets inside
    fs: { strict: true, allow: ['src', 'demo', 'node_modules'].map((dir) => join(PROJECT, dir)), deny: ['.env', '.env.*', '*.{crt,pem,sqlite,sqlite-wal,sqlite-shm}', '**/.data/**', '**/.git/**', 'src/server/**'] },
  },
});
onStop(() => void vite.close());

listenDemo(server, port, origins[0]!, {
  command: 'npm run dev',
  storefront: 'Demo storefront from the sources',
  snippet: "Pasted-snippet page (built bundles, another origin)",
});
