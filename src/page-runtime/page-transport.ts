import { ApiError, codeForStatus, ContractError, NetworkError } from '../client/errors.ts';

/**
 * The page runtime's request function: the client's error types (`ApiError`, `NetworkError`, `ContractError`), the
 * one credential page routes take, and a short 429/503 retry. Not the client's `createTransport`: with it, the
 * validator and the generated schemas of the page routes, the runtime is over its size budget (figures in
 * docs/benchmarks.md and docs/page-runtime.md, "Size").
 */
export type CallOptions = { signal?: AbortSignal; idempotencyKey?: string; keepalive?: boolean };
export type Spec<T> = {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Checks a 2xx answer (the fields the runtime reads); absent for 204. */
  check?: (value: unknown) => value is T;
};

// Header names of the contract (src/contract/constants.ts HEADERS), repeated so that the ES build keeps that module in
// the chunk the elements share with client.js rather than in one more chunk shared with the runtime.
const PAGE_KEY_HEADER = 'X-Service-Page-Api-Key';
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function createPageTransport(baseUrl: string, pageKey: string, onApiError: (error: ApiError) => void) {
  const base = baseUrl.replace(/\/+$/, '');
  const cache = new Map<string, Promise<unknown>>();

  async function send<T>(spec: Spec<T>, url: string, options: CallOptions): Promise<T> {
    const target = { method: spec.method, path: spec.path };
    const headers: Record<string, string> = { Accept: 'application/json', [PAGE_KEY_HEADER]: pageKey };
    if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
    for (let retries = 0; ; retries++) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: spec.method, headers, credentials: 'omit', signal: options.signal, keepalive: options.keepalive,
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        });
      } catch (error) {
        throw options.signal?.aborted ? options.signal.reason : new NetworkError(target, error);
      }
      const text = await res.text().catch(() => '');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined; // 204, or a plain-text 429 from a proxy
      }
      if (res.ok) {
        if (!spec.check || spec.check(json)) return json as T;
        throw new ContractError({ ...target, status: res.status }, [{ path: [], message: 'unexpected shape' }]);
      }
      const body = (json as { error?: { code?: unknown; message?: unknown; fields?: Record<string, string> } } | undefined)?.error;
      const error = new ApiError({
        ...target, status: res.status,
        code: typeof body?.code === 'string' ? body.code : codeForStatus(res.status),
        message: typeof body?.message === 'string' ? body.message : text.trim().slice(0, 200) || `HTTP ${res.status}`,
        fields: typeof body?.fields === 'object' ? body.fields : undefined,
        retryAfterMs: Number(res.headers.get('retry-after')) * 1000 || undefined,
      });
      onApiError(error);
      // only reads and idempotent POSTs may be repeated: twice, after the server's Retry-After if it is short
      const wait = error.retryAfterMs ?? 500 * 2 ** retries;
      const retry = (res.status === 429 || res.status === 503) && (spec.method === 'GET' || options.idempotencyKey) && retries < 2 && wait <= 10_000;
      if (!retry) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  return <T>(spec: Spec<T>, options: CallOptions = {}): Promise<T> => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(spec.query ?? {})) if (value !== undefined && value !== '') params.set(name, String(value));
    const url = `${base}${spec.path}${params.size ? `?${params}` : ''}`;
    if (spec.method !== 'GET') return send(spec, url, options);
    // area lists do not change while a buyer fills the form: one request per list and page view
    let hit = cache.get(url) as Promise<T> | undefined;
    if (!hit) {
      cache.set(url, (hit = send(spec, url, {})));
      hit.catch(() => cache.delete(url));
    }
    return hit; // shared, so a caller's signal does not cancel it
  };
}
export type PageTransport = ReturnType<typeof createPageTransport>;
