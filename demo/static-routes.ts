/**
 * The demo's static files: an allow-list of folders (demo/ and dist/), never the project root, which holds the
 * database, .git, package.json and the sources. Also the strict-CSP pages (a fresh nonce per response).
 */
import { randomBytes } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const PROJECT = fileURLToPath(new URL('..', import.meta.url));
export const DEMO_DIR = join(PROJECT, 'demo');
export const DIST_DIR = join(PROJECT, 'dist');

/** The types we serve, exactly; any other extension is a 404. */
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/**
 * The file `encodedPath` (a URL path relative to `root`, still percent-encoded) names inside `root`, or undefined.
 * Each segment is decoded on its own and refused when it is empty, starts with a dot (`.`, `..`, dotfiles, also
 * spelled `%2e%2e`) or hides a separator or NUL (`..%2f`); a symlink must not lead out of `root`.
 */
export async function resolveInside(root: string, encodedPath: string): Promise<string | undefined> {
  let segments: string[];
  try {
    segments = encodedPath.split('/').map(decodeURIComponent);
  } catch {
    return undefined; // malformed escapes
  }
  if (segments.some((s) => s === '' || s.startsWith('.') || /[/\\\0]/.test(s))) return undefined;
  if (!MIME[extname(segments.at(-1)!).toLowerCase()]) return undefined;
  try {
    const [file, realRoot] = await Promise.all([realpath(join(root, ...segments)), realpath(root)]);
    if (!file.startsWith(realRoot + sep) || !(await stat(file)).isFile()) return undefined;
    return file;
  } catch {
    return undefined; // missing
  }
}

/** Text a browser takes gzipped, as any CDN serves it (the phone bench measures transfer over a simulated 4G). */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;
const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

/** `body` gzipped when the client takes it (remembered per file until it changes), with the headers that say so. */
export function encodeFor<B extends Buffer | string>(req: IncomingMessage, type: string, body: B, headers: Record<string, string>, file?: string, mtimeMs = 0): B | Buffer {
  if (!COMPRESSIBLE.test(type)) return body;
  headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding';
  if (!/\bgzip\b/.test(String(req.headers?.['accept-encoding'] ?? ''))) return body;
  headers['Content-Encoding'] = 'gzip';
  const known = file ? gzipped.get(file) : undefined;
  if (known && known.mtimeMs === mtimeMs) return known.body;
  const zipped = gzipSync(body);
  if (file) gzipped.set(file, { mtimeMs, body: zipped });
  return zipped;
}

/**
 * GET/HEAD of a file of `root` (see resolveInside), 404 for anything else. Module scripts are fetched in CORS mode,
 * so an origin of `corsOrigins` gets its exact origin back (never `*`: the demo shows what a merchant's CDN sends).
 */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, encodedPath: string, corsOrigins: readonly string[] = []) {
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
  if (corsOrigins.length) headers.Vary = 'Origin';
  const origin = req.headers.origin;
  if (origin && corsOrigins.includes(origin)) headers['Access-Control-Allow-Origin'] = origin;
  const file = req.method === 'GET' || req.method === 'HEAD' ? await resolveInside(root, encodedPath) : undefined;
  if (!file) return void res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  const type = MIME[extname(file).toLowerCase()]!;
  const body = encodeFor(req, type, await readFile(file), headers, file, (await stat(file)).mtimeMs);
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
 * Everything `npm start` serves besides the API, from the raw request path (not a resolved URL, so `..` in any
 * spelling reaches resolveInside and is refused there); undefined for a path outside the allow-list.
 */
export function serveDemoFiles(req: IncomingMessage, res: ServerResponse, snippetOrigins: readonly string[]): Promise<void> | undefined {
  const path = (req.url ?? '/').split('?')[0]!;
  if (STRICT_PAGES.has(path)) return serveCspPage(res, path.slice('/demo/'.length));
  const page = PAGES[path];
  if (page) return serveStatic(req, res, DEMO_DIR, page);
  if (path.startsWith('/dist/')) return serveStatic(req, res, DIST_DIR, path.slice('/dist/'.length), snippetOrigins);
  if (path.startsWith('/demo/')) return serveStatic(req, res, DEMO_DIR, path.slice('/demo/'.length));
  return undefined;
}

/** The answer to every path outside the allow-list. */
export const notFound = (res: ServerResponse) => void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
