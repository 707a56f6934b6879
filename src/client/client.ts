import type { JsonSchema } from '../contract/json-schemas/index.ts';
import { TokenResponse } from '../contract/json-schemas/token-response.ts'; // not the index: see routes/catalog.ts
import { ClientAuth } from './client-auth.ts';
import type { ApiError } from './errors.ts';
import { DEFAULT_RETRY, type RetryPolicy } from './retry.ts';
import { resolveTokenStorage, storageKeys, type TokenStorage, type TokenStorageOption } from './storage.ts';
import { createTransport, type CallOptions, type RequestSpec, type ResponseOf } from './transport.ts';

export type ClientOptions = {
  /** Origin (and optional prefix) of the service; paths start with `/v3/`. `''` means the page's own origin. */
  baseUrl: string;
  /** Public store id (`unique_id`) or numeric id, as used in `/v3/stores/{store_id}`. Optional for a page-only client. */
  storeId?: string;
  /** Publishable storefront key, sent only to `/public/*`. */
  storeKey?: string;
  /** HTML Mode page id, for `/v3/pages/{page_unique_id}/*`. */
  pageId?: string;
  /** Page key, sent only to `/pages/*`. */
  pageKey?: string;
  /** Where the guest token and refresh token persist: `local` (default), `session`, `memory` or your own. */
  tokenStorage?: TokenStorageOption;
  /** How long catalog reads are reused, in ms (default 15 000; 0 disables). */
  catalogCacheMs?: number;
  /** Retry policy for 429/503 of GETs and idempotent POSTs. */
  retry?: Partial<RetryPolicy>;
  /** Refresh the access token shortly before it expires (default true). */
  proactiveRefresh?: boolean;
  /** Longest wait for the cross-tab refresh lock, in ms (default 10 000). */
  refreshLockTimeoutMs?: number;
  /** A fetch implementation (defaults to the global one, looked up on each call). */
  fetch?: typeof fetch;
};

/**
 * One storefront's connection to the service: credentials, guest token, customer tokens, retries, request sharing.
 * Pass it to the route functions (`listItems(client, …)`, `addCartItem(client, …)`), which are tree-shakeable.
 */
export type Client = {
  readonly options: Readonly<ClientOptions>;
  /** Low-level call: credentials are chosen from the path, the answer is validated against `spec.schema`. */
  request<S extends JsonSchema | undefined>(spec: RequestSpec<S>, options?: CallOptions): Promise<ResponseOf<S>>;
  /** `/v3/stores/{store_id}` + suffix, the id encoded. */
  storePath(suffix: string): string;
  /** `/v3/pages/{page_unique_id}` + suffix; throws when the client has no page id. */
  pagePath(suffix: string): string;
  /** The customer token pair and its refresh machinery (loaded when there is a customer). */
  readonly auth: ClientAuth;
  guestToken(): string | null;
  /** Called whenever the server issues a different guest token (first cart call, expired cart). */
  onGuestToken(listener: (token: string | null) => void): () => void;
  /** Forgets the guest cart token (a new cart starts with the next cart call). */
  clearGuestToken(): void;
  /** Forget cached catalog reads. */
  clearCache(): void;
  /** Stops timers and cross-tab listeners. */
  destroy(): void;
};

const STORE_NOT_FOUND_HELP = (storeId: string, origin: string) => `[svc] "Store not found" for store "${storeId}". The service answers the same way in each of these cases:
  • the storefront API key (storeKey) is wrong or belongs to another store;
  • the store id is wrong (use the store's public unique_id or its numeric id);
  • the business plan has no storefront runtime (only active Basic, Pro and Ultimate plans have one);
  • this page's origin (${origin}) is not an allowed origin of the store.`;

/** Creates the client for one storefront. Create one per storefront and share it. */
export function createClient(options: ClientOptions): Client {
  const storage: TokenStorage = resolveTokenStorage(options.tokenStorage);
  const scope = options.storeId ?? `page-${options.pageId ?? 'none'}`;
  const keys = storageKeys(scope);
  const storeBase = `/v3/stores/${encodeURIComponent(options.storeId ?? '')}`;
  const reported = new Set<string>();
  const guestListeners = new Set<(token: string | null) => void>();
  const setGuestToken = (token: string | null) => {
    if (token === null) storage.remove(keys.guestToken);
    else storage.set(keys.guestToken, token);
    guestListeners.forEach((listener) => listener(token));
  };

  const onApiError = (error: ApiError) => {
    if (error.status !== 404 || (error.code !== 'store_not_found' && error.code !== 'page_not_found') || reported.has(error.code)) return;
    reported.add(error.code);
    const origin = typeof location !== 'undefined' ? location.origin : 'unknown';
    console.error(error.code === 'store_not_found'
      ? STORE_NOT_FOUND_HELP(scope, origin)
      : `[svc] "Page not found" for page "${options.pageId}": check the page id, the page key (pageKey) and that ${origin} is one of the page's domains.`);
  };

  const transport = createTransport({
    baseUrl: options.baseUrl,
    storeKey: options.storeKey,
    pageKey: options.pageKey,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    cacheMs: options.catalogCacheMs ?? 15_000,
    fetch: options.fetch,
    guestToken: { get: () => storage.get(keys.guestToken), set: setGuestToken },
    bearer: { accessToken: () => auth.accessToken(), unauthorized: (token) => auth.unauthorized(token) },
    onApiError,
  });

  const kind = typeof options.tokenStorage === 'object' ? 'custom' : options.tokenStorage ?? 'local';
  const auth = new ClientAuth({
    storage,
    storageKey: keys.refresh,
    lockName: `svc:${scope}:refresh`,
    crossTab: kind !== 'memory',
    sharedStorage: kind === 'local' || kind === 'custom',
    lockTimeoutMs: options.refreshLockTimeoutMs ?? 10_000,
    proactive: options.proactiveRefresh ?? true,
    // never retried automatically: a replayed refresh would spend the token twice
    requestRefresh: (refresh, signal) =>
      transport.request({ method: 'POST', path: `${storeBase}/public/auth/jwt/refresh`, body: { refresh }, schema: TokenResponse }, { signal }),
    requestBlacklist: (tokens) =>
      transport.request({ method: 'POST', path: `${storeBase}/public/auth/jwt/blacklist`, body: { tokens }, schema: undefined }),
  });

  return {
    options,
    request: transport.request,
    storePath(suffix) {
      if (!options.storeId) throw new Error('This client has no storeId');
      return storeBase + suffix;
    },
    pagePath(suffix) {
      if (!options.pageId) throw new Error('This client has no pageId');
      return `/v3/pages/${encodeURIComponent(options.pageId)}${suffix}`;
    },
    auth,
    guestToken: () => storage.get(keys.guestToken),
    onGuestToken: (listener) => (guestListeners.add(listener), () => void guestListeners.delete(listener)),
    clearGuestToken: () => setGuestToken(null),
    clearCache: transport.clearCache,
    destroy: () => auth.destroy(),
  };
}
