import { HEADERS, KEY_IN_QUERY_ROUTES, STORE_KEY_PARAM } from '../contract/constants.ts';
import type { JsonSchema, Schema } from '../contract/json-schemas/index.ts';
import { credentialsFor } from './credentials.ts';
import { takeEarlyResponse } from './early-requests.ts';
import { ApiError, codeForStatus, ContractError, NetworkError, type RequestTarget } from './errors.ts';
import { retryDelayMs, serverWaitMs, sleep, type RetryPolicy } from './retry.ts';
import { validate } from './validate.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** Options every client call accepts. */
export type CallOptions = {
  /** Aborts the call (and its retries). A shared GET is only cancelled when every caller has aborted. */
  signal?: AbortSignal;
  /** Makes a POST safe to retry automatically after 429/503; the server answers a replay with the first result. */
  idempotencyKey?: string;
  /** Bypass the short catalog cache for this read. */
  fresh?: boolean;
  /** Let the request outlive the page (conversion events sent while navigating away). */
  keepalive?: boolean;
};

export type RequestSpec<S extends JsonSchema | undefined> = {
  method: Method;
  /** Absolute path under the base URL, starting with `/v3/`, segments already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Generated JSON Schema of the 2xx body (src/contract/json-schemas/index.ts); `undefined` for empty answers (204). */
  schema: S;
  /** Catalog reads may be answered from the short cache. */
  cache?: boolean;
};
export type ResponseOf<S> = S extends Schema<infer T> ? T : void;

/** Supplies the customer access token of `/customers/me/*` and cart merge. */
export interface BearerSource {
  accessToken(signal?: AbortSignal): Promise<string | null>;
  /** After a 401 with `failedToken`: refreshes (or adopts another tab's refresh); true when one retry makes sense. */
  unauthorized(failedToken: string, signal?: AbortSignal): Promise<boolean>;
}

export type TransportConfig = {
  baseUrl: string;
  storeKey?: string;
  pageKey?: string;
  retry: RetryPolicy;
  cacheMs: number;
  fetch?: typeof fetch;
  guestToken: { get(): string | null; set(token: string): void };
  bearer: BearerSource;
  /** Every error answer passes here first (the client reports `Store not found` once). */
  onApiError(error: ApiError): void;
};

/** Plain functions (no `this`): the client hands them on as its own. */
export type Transport = {
  request: <S extends JsonSchema | undefined>(spec: RequestSpec<S>, options?: CallOptions) => Promise<ResponseOf<S>>;
  clearCache: () => void;
};

type Shared = { controller: AbortController; promise: Promise<unknown>; users: number };

export function createTransport(config: TransportConfig): Transport {
  const base = config.baseUrl.replace(/\/+$/, '');
  const inflight = new Map<string, Shared>();
  const cache = new Map<string, { expires: number; value: unknown }>();

  async function send(spec: RequestSpec<JsonSchema | undefined>, url: string, options: CallOptions, signal?: AbortSignal, keyQuery = false) {
    const target: RequestTarget = { method: spec.method, path: spec.path };
    const layers = credentialsFor(spec.path);
    const retryable = spec.method === 'GET' || spec.method === 'HEAD' || !!options.idempotencyKey;
    let retries = 0;
    let reauthorized = false;
    for (;;) {
      const headers = new Headers({ Accept: 'application/json' });
      if (spec.body !== undefined) headers.set('Content-Type', 'application/json');
      if (layers.storeKey && config.storeKey && !keyQuery) headers.set(HEADERS.storeKey, config.storeKey);
      if (layers.pageKey && config.pageKey) headers.set(HEADERS.pageKey, config.pageKey);
      const guest = layers.guestToken ? config.guestToken.get() : null;
      if (guest) headers.set(HEADERS.guestToken, guest);
      let bearer: string | null = null;
      if (layers.bearer) {
        bearer = await config.bearer.accessToken(signal);
        if (!bearer) throw new ApiError({ ...target, status: 401, code: 'not_signed_in', message: 'Sign in first' });
        headers.set('Authorization', `Bearer ${bearer}`);
      }
      if (options.idempotencyKey) headers.set(HEADERS.idempotencyKey, options.idempotencyKey);

      let res: Response;
      const call = () => (config.fetch ?? globalThis.fetch)(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal,
        credentials: 'omit',
        keepalive: options.keepalive,
      });
      // the classic loader may have asked for this page already (docs/benchmarks.md, "Data at t = 0")
      const early = spec.method === 'GET' && retries === 0 && !reauthorized && !bearer && !config.fetch ? takeEarlyResponse(url) : undefined;
      try {
        res = await (early ? early.catch(call) : call());
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new NetworkError(target, error);
      }
      const issued = layers.guestToken ? res.headers.get(HEADERS.guestToken) : null;
      if (issued && issued !== guest) config.guestToken.set(issued);

      if (res.ok) return parseSuccess(res, spec, target);
      const error = await toApiError(res, target);
      if (res.status === 401 && bearer && !reauthorized) {
        // the access token was refused (expired early, revoked): refresh once and replay the call once
        reauthorized = true;
        if (await config.bearer.unauthorized(bearer, signal)) continue;
      }
      if (!(keyQuery && isStoreNotFound(error))) config.onApiError(error); // a service without the extension: retried with the header
      const wait = (res.status === 429 || res.status === 503) && retryable
        ? retryDelayMs(config.retry, retries, error.retryAfterMs)
        : undefined;
      if (wait === undefined) throw error;
      retries += 1;
      await sleep(wait, signal);
    }
  }

  /**
   * Catalog GETs carry the store key as a query parameter (an extension, docs/contract-gaps.md): without the header
   * they are CORS-simple requests, with no preflight before a first visit's catalog.
   */
  let keyHeaderOnly = false; // set once the service refused the key as a parameter (it follows the contract alone)
  const keyInQuery = (spec: RequestSpec<JsonSchema | undefined>) =>
    !keyHeaderOnly && spec.method === 'GET' && !!config.storeKey && KEY_IN_QUERY_ROUTES.test(spec.path);

  function shared(key: string, start: (signal: AbortSignal) => Promise<unknown>, signal?: AbortSignal): Promise<unknown> {
    let entry = inflight.get(key);
    if (!entry) {
      const controller = new AbortController();
      const created: Shared = { controller, users: 0, promise: Promise.resolve() };
      created.promise = start(controller.signal).finally(() => {
        if (inflight.get(key) === created) inflight.delete(key);
      });
      created.promise.catch(() => {}); // a rejection nobody waits for any more is not "unhandled"
      inflight.set(key, created);
      entry = created;
    }
    const joined = entry;
    joined.users += 1;
    const leave = () => {
      joined.users -= 1;
      if (joined.users === 0) {
        if (inflight.get(key) === joined) inflight.delete(key);
        joined.controller.abort(signal?.reason);
      }
    };
    if (!signal) return joined.promise;
    if (signal.aborted) {
      leave();
      return Promise.reject(signal.reason);
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        leave();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      joined.promise.then(
        (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
        (error) => (signal.removeEventListener('abort', onAbort), reject(error)),
      );
    });
  }

  return {
    async request(spec, options = {}) {
      if (!keyInQuery(spec)) return read(spec, options, false);
      try {
        return await read(spec, options, true);
      } catch (error) {
        if (!isStoreNotFound(error)) throw error;
        keyHeaderOnly = true;
        return read(spec, options, false);
      }
    },
    clearCache: () => cache.clear(),
  };

  /** A read (or a write, which `send` never shares): shared while in flight, cached briefly when `spec.cache`. */
  async function read<S extends JsonSchema | undefined>(spec: RequestSpec<S>, options: CallOptions, keyQuery: boolean): Promise<ResponseOf<S>> {
    const url = base + spec.path + queryString(keyQuery ? { ...spec.query, [STORE_KEY_PARAM]: config.storeKey } : spec.query);
    if (spec.method !== 'GET' && spec.method !== 'HEAD') return send(spec, url, options, options.signal) as never;
    // identical concurrent reads share one request; the key includes the credentials that shape the answer
    const layers = credentialsFor(spec.path);
    const key = `${spec.method} ${url}\n${layers.guestToken ? config.guestToken.get() : ''}\n${layers.bearer ? 'customer' : ''}`;
    const cacheable = spec.cache && config.cacheMs > 0;
    if (cacheable && !options.fresh) {
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.value as never;
    }
    const value = await shared(key, (signal) => send(spec, url, options, signal, keyQuery), options.signal);
    if (cacheable) cache.set(key, { expires: Date.now() + config.cacheMs, value });
    return value as never;
  }
}

const isStoreNotFound = (error: unknown) => error instanceof ApiError && error.status === 404 && error.code === 'store_not_found';

function queryString(query: RequestSpec<undefined>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function parseSuccess(res: Response, spec: RequestSpec<JsonSchema | undefined>, target: RequestTarget) {
  const text = spec.method === 'HEAD' ? '' : await res.text();
  if (!spec.schema) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ContractError({ ...target, status: res.status }, [{ path: [], message: 'Response body is not JSON' }]);
  }
  const issue = validate(spec.schema, json);
  if (issue) throw new ContractError({ ...target, status: res.status }, [issue]);
  return json;
}

/** Any error answer becomes an ApiError; a plain-text or HTML body (429 from a proxy) never breaks this. */
async function toApiError(res: Response, target: RequestTarget): Promise<ApiError> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    /* a body cut off mid-way still yields an error with the status */
  }
  let body: { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  const error = body && typeof body === 'object' ? body.error : undefined;
  const fields = error && typeof error.fields === 'object' && error.fields ? (error.fields as Record<string, string>) : undefined;
  return new ApiError({
    ...target,
    status: res.status,
    code: typeof error?.code === 'string' ? error.code : codeForStatus(res.status),
    message: typeof error?.message === 'string' ? error.message : text.trim().slice(0, 200) || `HTTP ${res.status}`,
    fields,
    retryAfterMs: serverWaitMs(res.headers),
  });
}
