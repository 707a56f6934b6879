import { createContext } from '@lit/context';
// not the session's index: that brings the checkout, order and course stores (session/storefront-parts.ts)
import { createStorefront as createSessionStorefront, type Storefront } from '../../session/storefront.ts';
import type { TokenStorageOption } from '../../client/storage.ts';

export type { Storefront };
export type StorefrontOptions = { storeId: string; storeKey: string; baseUrl?: string; tokenStorage?: TokenStorageOption };

/** String key (not a Symbol) so that two copies of the script on one page still find each other's stores. */
export const storefrontContext = createContext<Storefront | undefined>('svc-storefront');

/** A storefront (client + session stores and actions) for one store. */
export const createStorefront = (options: StorefrontOptions): Storefront =>
  createSessionStorefront({ ...options, baseUrl: options.baseUrl ?? scriptBaseUrl() });

// Read while this module is evaluated: `document.currentScript` is only set then (and never for modules).
const script =
  (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>('script[data-store-id]');

/**
 * `data-base-url`, else the origin the script came from (the service hosts it; `data-src` on a server-rendered page,
 * whose hydration script imports the elements later: ssr/render.ts), else the page's own origin.
 */
function scriptBaseUrl(): string {
  const data = script?.dataset.baseUrl;
  if (data !== undefined) return data;
  const src = script?.src || script?.dataset.src;
  return src ? new URL(src, location.href).origin : '';
}

let fallback: Storefront | undefined;

/** The storefront of elements outside any `<svc-store>`: `<script data-store-id data-store-key [data-base-url]>`. */
export function defaultStorefront(): Storefront | undefined {
  const data = script?.dataset;
  if (!fallback && data?.storeId && data.storeKey) fallback = createStorefront({ storeId: data.storeId, storeKey: data.storeKey });
  return fallback;
}

const started = new WeakSet<Storefront>();

/**
 * Loads the cart once per storefront, and only when there is one to load: without a guest token and a customer the
 * cart is empty, and asking would make the server issue a token for nothing (one request less on every page view).
 */
export function ensureCart(storefront: Storefront) {
  if (started.has(storefront)) return;
  started.add(storefront);
  const { client } = storefront;
  if (client.guestToken() || client.auth.signedIn) void storefront.cart.load().catch(() => {});
}
