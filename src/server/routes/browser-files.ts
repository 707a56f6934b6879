import type { Context } from 'hono';
import type { RouteGroup } from '../app-env.ts';
import { isMerchantOrigin } from '../domain/merchant-origins.ts';
import { readForClient, resolveInside } from '../http/static-files.ts';

/**
 * Static files for a merchant's site under development (docs/reference-server.md): the browser folder of
 * svc-storefront (`config.browserFiles`) at /dist/, as a CDN serves it (gzipped text), and the demo catalog's product images
 * (`config.demoImages`) at /demo/img/. A module script is fetched in CORS mode, so /dist/ answers an Origin that a
 * store allows or a landing page lists (exact, never `*`: docs/security.md), read at each request: an origin added
 * with `store add-origin` loads the scripts without a restart. Images need no CORS.
 */
export const mountBrowserFiles: RouteGroup = (app, { db, config }) => {
  const folders = [
    { prefix: '/dist/', root: config.browserFiles, cors: true },
    { prefix: '/demo/img/', root: config.demoImages, cors: false },
  ];
  for (const { prefix, root, cors } of folders) {
    if (!root) continue;
    app.on(['GET', 'HEAD'], `${prefix}*`, async (c) => {
      const headers: Record<string, string> = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
      if (cors) Object.assign(headers, corsFor(c, (origin) => isMerchantOrigin(db, origin)));
      // the path as sent (still percent-encoded; dot segments are resolved by the URL parser, then refused per segment)
      const file = await resolveInside(root, new URL(c.req.url).pathname.slice(prefix.length));
      if (!file) return c.text('Not found', 404, headers);
      const { type, body } = await readForClient(file, c.req.header('accept-encoding'), headers);
      Object.assign(headers, { 'Content-Type': type, 'Content-Length': String(body.length) });
      return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>, 200, headers);
    });
  }
};

function corsFor(c: Context, allowed: (origin: string) => boolean): Record<string, string> {
  const origin = c.req.header('origin');
  return { Vary: 'Origin', ...(origin && origin !== 'null' && allowed(origin) && { 'Access-Control-Allow-Origin': origin }) };
}
