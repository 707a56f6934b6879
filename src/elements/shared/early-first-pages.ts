/**
 * The module tag's data before the elements' code runs: `src/index.ts` imports this module first, so each catalog's
 * first page is asked for once the client's code is evaluated, before the element classes, their styles and their
 * first render (the request used to wait for all of it). The catalog's own `listItems` then joins this request or
 * finds its answer in the client's cache (same URL: reads are shared in flight and cached). Behind the classic
 * loader, which asked while the page was parsed, this adopts the loader's answer.
 */
import { listItems } from '../../client/routes/catalog.ts';
import { defaultStorefront } from './storefront.ts';

// `<svc-list>` (the merchant's templates) reads the same feed, the same way
document.querySelectorAll('svc-catalog,svc-list').forEach((catalog) => {
  // a catalog inside <svc-store> uses that store's storefront, once it is defined; a server-rendered one
  // (declarative shadow DOM, svc-storefront/ssr) holds its first page already
  const client = catalog.shadowRoot || catalog.closest('svc-store') ? undefined : defaultStorefront()?.client;
  if (!client) return;
  const pageSize = catalog.getAttribute('page-size');
  // the query as the catalog sends it: its category (none when empty), its page size (12 unless set)
  listItems(client, { category: catalog.getAttribute('category') || undefined, page_size: pageSize === null ? 12 : Number(pageSize) })
    .catch(() => {}); // the catalog asks again and shows the error itself
});
