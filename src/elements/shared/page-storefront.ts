import { createPageStorefront } from '../../session/page-storefront.ts';
import type { Storefront } from './storefront.ts';

export type PageSettings = { id: string; key: string; baseUrl: string };

const pages = new Map<string, Storefront>();

/**
 * The storefront of an HTML Mode page for elements given `page-id` and `page-key` (checkout, location picker): one
 * per page settings, shared, so that a checkout and the picker inside it use one client. Loaded with those elements
 * only (never on a catalog page). Kept for the page's life: it holds no timers until a checkout starts.
 */
export function pageStorefront(page: PageSettings): Storefront {
  const key = JSON.stringify([page.id, page.key, page.baseUrl]);
  let storefront = pages.get(key);
  if (!storefront) {
    storefront = createPageStorefront({ pageId: page.id, pageKey: page.key, baseUrl: page.baseUrl });
    pages.set(key, storefront);
  }
  return storefront;
}
