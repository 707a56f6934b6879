/**
 * The demo's static files: an allow-list (demo/; dist/ is the reference server's, with its CORS), never the project
 * root, which holds the database, .git, package.json and the sources. Also the strict-CSP page (a fresh nonce per
 * response), gzipped as a CDN serves them.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeFor, readForClient, resolveInside } from '../src/server/http/static-files.ts';

export { encodeFor, resolveInside };

export const PROJECT = fileURLToPath(new URL('..', import.meta.url));
export const DEMO_DIR = join(PROJECT, 'demo');
export const DIST_DIR = join(PROJECT, 'dist');

/** GET/HEAD of a file of `root` (see resolveInside), 404 for anything else. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, encodedPath: string) {
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
  const file = req.method === 'GET' || req.method === 'HEAD' ? await resolveInside(root, encodedPath) : undefined;
  if (!file) return void res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  const { type, body } = await readForClient(file, req.headers['accept-encoding'], headers);
  res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * What our elements need under a strict policy: scripts only by nonce (`'strict-dynamic'` lets the nonced loader
 * import the ES build and its lazy chunks), Trusted Types enforced, styles from the page's own origin (Lit adopts
 * constructable stylesheets, which `style-src` does not govern), API calls to this origin.
 */
export const strictCsp = (nonce: string) => [
  "default-src 'none'",
  `script-src 'nonce-${nonce}' 'strict-dynamic'`,
  `style-src 'self' 'nonce-${nonce}'`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
].join('; ');

/** Pages served under `strictCsp`: the elements (`csp.html`) and the templates shop (`templates.html`). */
const STRICT_PAGES = new Set(['/demo/csp.html', '/demo/templates.html']);

/** `demo/<page>` with a new nonce in place of every `{{nonce}}`, under `strictCsp`. */
export async function serveCspPage(res: ServerResponse, page = 'csp.html') {
  const nonce = randomBytes(16).toString('base64');
  const html = (await readFile(join(DEMO_DIR, page), 'utf8')).replaceAll('{{nonce}}', nonce);
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': strictCsp(nonce), 'Cache-Control': 'no-store' }).end(html);
}

/** The friendly paths of the demo (links the server builds point at these), as paths inside demo/. */
export const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/order-status.html': 'order-status.html',
  '/reset-password': 'reset-password.html',
};

/**
 * Everything `npm start` serves besides the API and the browser folder (the reference server's /dist/), from the raw
 * request path (not a resolved URL, so `..` in any spelling reaches resolveInside and is refused there); undefined
 * for a path outside the allow-list.
 */
export function serveDemoFiles(req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
  const path = (req.url ?? '/').split('?')[0]!;
  if (STRICT_PAGES.has(path)) return serveCspPage(res, path.slice('/demo/'.length));
  const page = PAGES[path];
  if (page) return serveStatic(req, res, DEMO_DIR, page);
  if (path.startsWith('/demo/')) return serveStatic(req, res, DEMO_DIR, path.slice('/demo/'.length));
  return undefined;
}

/** The answer to every path outside the allow-list. */
export const notFound = (res: ServerResponse) => void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
