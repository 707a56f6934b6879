/**
 * The server-rendered storefront of `npm start` (docs/ssr.md): `/ssr/` a catalog page, `/ssr/product/{slug}` a
 * product page and `/ssr/bundle_price_option/{slug}` a bundle's (the catalog's `{type}`), and `/ssr/templates.html`
 * the templates shop (docs/templates.md), rendered by `svc-storefront/ssr` from the reference server over HTTP and
 * hydrated in the browser.
 * Written as Express-style middleware, `(req, res, next)`: the plain node:http server of demo/serve.ts calls it,
 * and `app.use(ssrRoutes(…))` mounts it in Express or Connect as is.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { isApiError } from '../src/client/errors.ts';
import { hydrationScripts, renderCartButton, renderCatalog, renderProduct, renderTemplates, type StoreConfig } from '../src/ssr/index.ts';
import { DEMO_DIR, encodeFor } from './static-routes.ts';

export type SsrRoutesOptions = {
  /** The store to render, and where the server reaches the service (an absolute URL). */
  store: StoreConfig;
  /** The public origin of the pages (for the JSON-LD's absolute URLs). */
  publicOrigin: string;
  /** Mount point of the pages (default `/ssr`). */
  prefix?: string;
};

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function page(title: string, body: string, store: StoreConfig, cartButton: string): Promise<string> {
  return `<!doctype html>
<html lang="id">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeText(title)}</title>
  <link rel="icon" href="/demo/img/logo.svg">
  <link rel="stylesheet" href="/demo/demo.css">
  <style>.ssr-bar { display: flex; align-items: center; justify-content: space-between; max-width: 72rem; margin: 0 auto; padding: 0.75rem 1rem;
      min-block-size: max(2.75em, 44px); } /* the cart button's height before it is parsed (docs/ssr.md) */
    main { max-width: 72rem; margin: 0 auto; padding: 0 1rem 2rem; }</style>
  ${hydrationScripts({ store: { storeId: store.storeId, storeKey: store.storeKey } })}
</head>
<body>
  <header class="ssr-bar"><a href="/ssr/">Toko Demo</a> ${cartButton}</header>
  <main>${body}</main>
</body>
</html>`;
}

/**
 * `demo/templates.html` rendered on the server: the product of the page's address (`?product=` or
 * `?bundle_price_option=`, the grid's links) in its product context, English with `?lang=en`, and the hydration
 * scripts in place of the classic tag (docs/ssr.md: a server-rendered page loads `svc-hydrate.js` first).
 */
async function templatesPage(url: URL, store: StoreConfig): Promise<string> {
  const bundle = url.searchParams.get('bundle_price_option');
  const slug = bundle ?? url.searchParams.get('product');
  const lang = url.searchParams.get('lang') === 'en' ? 'en' : 'id';
  let page = (await readFile(join(DEMO_DIR, 'templates.html'), 'utf8')).replaceAll(' nonce="{{nonce}}"', '').replace("window.litNonce = '{{nonce}}';", '')
    .replace(/<script src="\/dist\/svc-elements\.iife\.js"[^>]*><\/script>/, hydrationScripts({ store: { storeId: store.storeId, storeKey: store.storeKey } }))
    .replace('<html lang="id">', `<html lang="${lang}">`);
  if (slug) page = page.replace('<svc-context id="pdp" type="product" slug="kaos-polos"', `<svc-context id="pdp" type="${bundle ? 'bundle' : 'product'}" slug="${slug.replace(/[^\w-]/g, '')}"`);
  return renderTemplates(page, { store, pageUrl: url.href, lang });
}

/** `(req, res, next)`: answers GET and HEAD under the prefix, passes everything else on; failures go to `next(error)`. */
export function ssrRoutes(options: SsrRoutesOptions) {
  const prefix = options.prefix ?? '/ssr';
  const { store } = options;
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    const url = new URL(req.url ?? '/', options.publicOrigin);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !(url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) return next();
    const rest = url.pathname.slice(prefix.length);
    const send = (status: number, html: string) => {
      const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
      const body = encodeFor(req, headers['Content-Type']!, html, headers);
      res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
    };
    const product = /^\/(product|bundle_price_option)\/([^/]+)$/.exec(rest);
    const work = async () => {
      const cartButton = await renderCartButton({ checkoutUrl: '/checkout.html' });
      if (rest === '/templates.html') {
        try {
          return send(200, await templatesPage(url, store));
        } catch (error) {
          if (isApiError(error) && error.status === 404) return send(404, await page('Produk tidak ditemukan', '<p>Produk tidak ditemukan.</p>', store, cartButton));
          throw error;
        }
      }
      if (rest === '' || rest === '/') {
        const catalog = await renderCatalog({ store, pageSize: 24, hrefTemplate: `${prefix}/{type}/{slug}`, pageUrl: url.href });
        return send(200, await page('Toko Demo — katalog', catalog, store, cartButton));
      }
      if (!product) return next();
      let slug: string;
      try {
        slug = decodeURIComponent(product[2]!);
      } catch {
        return next(); // a malformed escape: no such page
      }
      try {
        const detail = await renderProduct({ store, ...(product[1] === 'product' ? { slug } : { bundleSlug: slug }), url: url.href });
        return send(200, await page('Toko Demo — produk', `<p><a href="${prefix}/">← Katalog</a></p>${detail}`, store, cartButton));
      } catch (error) {
        if (isApiError(error) && error.status === 404) return send(404, await page('Produk tidak ditemukan', '<p>Produk tidak ditemukan.</p>', store, cartButton));
        throw error;
      }
    };
    work().catch(next);
  };
}
