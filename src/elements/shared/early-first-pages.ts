/**
 * The module tag's data before the elements' code runs: `src/index.ts` imports this module first, so each catalog's
 * first page is asked for once the client's code is evaluated, before the element classes, their styles and their
 * first render (the request used to wait for all of it). The catalog's own `listItems` then joins this request or
 * finds its answer in the client's cache (same URL: reads are shared in flight and cached).
 *
 * Behind the classic loader, which asked while the page was parsed, nothing is asked here, and the storefront (the
 * client, the stored tokens, the cross-tab channel) is set up in a task of its own before the first element's turn
 * (`define-queue.ts`): on a phone's CPU it was a third of the entry's evaluation, one long task (docs/decisions.md #27).
 */
import { earlyRequestsStarted } from '../../client/early-requests.ts';
import { listItems } from '../../client/routes/catalog.ts';
import { yieldToMain } from './schedule.ts';
import { defaultStorefront } from './storefront.ts';

if (earlyRequestsStarted()) void yieldToMain().then(defaultStorefront);
else askFirstPagesNow();

function askFirstPagesNow() {
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
}
