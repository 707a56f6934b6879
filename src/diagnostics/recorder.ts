/**
 * What the diagnostics panel lists: the storefront's requests and the analytics events, from the moment the panel is
 * loaded. Requests are recorded by wrapping `fetch` then (both the client and page-runtime.js call the global `fetch`
 * at each request), so nothing of this is in the initial load and a page without `?svc-debug` pays nothing: the
 * runtime has no byte to spare under its budget (docs/decisions.md). Earlier requests are not lost to the diagnosis:
 * the panel asks each configured store and page itself when it opens (page-facts.ts).
 */
export type DebugRequest = {
  at: number;
  method: string;
  url: string;
  /** Absent: no answer could be read (network failure, or the browser refused it: CORS). */
  status?: number;
  code?: string;
  message?: string;
  /** The storefront or page key the request carried (shown by its last 4 characters only). */
  key?: string;
  /** Idempotency-Key, when the request had one (an analytics event's is `event-<event id>`). */
  id?: string;
  /** Sent by the panel itself to check a store or page. */
  check?: boolean;
};
export type DebugEvent = { at: number; name: string; id?: string; source: 'elements' | 'page-runtime' };
export type DebugSink = { requests: DebugRequest[]; events: DebugEvent[]; changed?: () => void };

const LIMIT = 40;
const KEY_HEADERS = ['x-service-storefront-api-key', 'x-service-page-api-key'];
const KEY_PARAMS = ['store_key', 'page_key'];

function add<T>(sink: DebugSink, list: T[], item: T) {
  list.push(item);
  if (list.length > LIMIT) list.shift();
  sink.changed?.();
}

/** An event's name or id as text: an object shows as JSON, not as "[object Object]". */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The one sink of the page (the elements and page-runtime.js may both open the panel). */
export function debugSink(): DebugSink {
  const w = window as { __svcDebug?: DebugSink };
  if (w.__svcDebug) return w.__svcDebug;
  const sink: DebugSink = (w.__svcDebug = { requests: [], events: [] });
  recordRequests(sink);
  const listen = (type: string, source: DebugEvent['source']) => document.addEventListener(type, (event) => {
    const detail = ((event as CustomEvent).detail ?? {}) as Record<string, unknown>;
    const name = detail.event_name ?? detail.name ?? detail.event ?? type;
    const id = detail.event_id ?? detail.id;
    add(sink, sink.events, { at: Date.now(), source, name: asText(name), id: id === undefined ? undefined : asText(id) });
  });
  listen('svc-analytics', 'elements'); // the elements' funnel events (GA4 names)
  listen('svc-page-conversion', 'page-runtime');
  return sink;
}

/** Sent to the service (a `/v3/` path): the method, URL, key and answer; the body is read from a copy, errors only. */
function recordRequests(sink: DebugSink) {
  const original = globalThis.fetch;
  globalThis.fetch = async function recorded(input: RequestInfo | URL, init?: RequestInit) {
    const request = new Request(input, init); // only read: the original arguments are what is sent
    const url = request.url;
    // the panel's own no-cors probes (page-facts.ts) are not the page's requests
    if (!new URL(url).pathname.includes('/v3/') || request.mode === 'no-cors') return original(input, init);
    const query = new URL(url).searchParams;
    const record: DebugRequest = {
      at: Date.now(),
      method: request.method,
      url,
      key: KEY_HEADERS.map((name) => request.headers.get(name)).find(Boolean) ?? KEY_PARAMS.map((name) => query.get(name)).find(Boolean) ?? undefined,
      id: request.headers.get('idempotency-key') ?? undefined,
      check: (init as { svcDebugCheck?: boolean } | undefined)?.svcDebugCheck,
    };
    try {
      const res = await original(input, init);
      record.status = res.status;
      if (!res.ok) {
        const body = await res.clone().json().catch(() => undefined) as { error?: { code?: unknown; message?: unknown } } | undefined;
        record.code = typeof body?.error?.code === 'string' ? body.error.code : undefined;
        record.message = typeof body?.error?.message === 'string' ? body.error.message : undefined;
      }
      add(sink, sink.requests, record);
      return res;
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) add(sink, sink.requests, record);
      throw error;
    }
  };
}
