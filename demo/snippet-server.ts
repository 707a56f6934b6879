/**
 * The "pasted snippet" merchant site on a second origin (PORT+1): `demo/snippet/index.html` and nothing else, so
 * the page crosses origins exactly as a merchant's site does (module import of dist/ with CORS, API calls with
 * CORS, storage on the merchant's origin).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { DEMO_DIR } from './static-routes.ts';

/** The address written in the snippet file: the default `npm start` origin. */
const WRITTEN_ORIGIN = 'http://localhost:8787';

export function startSnippetServer(port: number, serviceOrigin: string): Server {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/' || path === '/index.html') {
      void readFile(join(DEMO_DIR, 'snippet/index.html'), 'utf8').then(
        (html) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html.replaceAll(WRITTEN_ORIGIN, serviceOrigin)),
        () => res.writeHead(500).end('demo/snippet/index.html is missing'),
      );
      return;
    }
    if (path === '/favicon.ico') return void res.writeHead(204).end(); // the browser asks; a merchant site has one
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  });
  // A busy PORT+1 costs the snippet page, not the rest of the demo.
  server.on('error', (error) => console.warn(`Pasted-snippet page not served on ${port}: ${error.message}`));
  return server.listen(port, '127.0.0.1');
}
