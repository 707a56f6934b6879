/**
 * Routes of the demo server that must not go through Vite: the built bundles (a merchant's page on another origin
 * imports them as modules, so they need CORS and exact MIME types, and Vite would rewrite their imports) and the
 * strict-CSP page (a fresh nonce per response; Vite's HTML transform would add a script without one).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';

const ROOT = process.cwd();
const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8', // the .d.ts files
};

/**
 * `/dist/*` from disk. Module scripts are fetched in CORS mode, so an origin of `corsOrigins` gets its exact
 * origin back (never `*`: the demo shows what a merchant's CDN should send).
 */
export async function serveDist(req: IncomingMessage, res: ServerResponse, path: string, corsOrigins: readonly string[]) {
  const origin = req.headers.origin;
  const headers: Record<string, string> = { Vary: 'Origin', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
  if (origin && corsOrigins.includes(origin)) headers['Access-Control-Allow-Origin'] = origin;
  const file = normalize(join(ROOT, path));
  const type = MIME[extname(file)];
  if (!file.startsWith(join(ROOT, 'dist/')) || !type || req.method !== 'GET') return void res.writeHead(404, headers).end();
  try {
    const body = await readFile(file);
    res.writeHead(200, { ...headers, 'Content-Type': type }).end(body);
  } catch {
    res.writeHead(404, headers).end('Not built: run `npm run build`');
  }
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

/** `demo/csp.html` with a new nonce in place of every `{{nonce}}`, under `strictCsp`. */
export async function serveCspPage(res: ServerResponse) {
  const nonce = randomBytes(16).toString('base64');
  const html = (await readFile(join(ROOT, 'demo/csp.html'), 'utf8')).replaceAll('{{nonce}}', nonce);
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': strictCsp(nonce), 'Cache-Control': 'no-store' }).end(html);
}
