/**
 * Requests started before the client exists: the classic loader asks for each catalog's first page while the page is
 * still being parsed, and the client adopts the answer in flight instead of asking again. The registry lives on
 * `globalThis` (the loader and the ES build are separate bundles), keyed by absolute URL; an entry is taken once.
 */
const KEY = '__svcEarlyRequests';
/** An answer nobody adopted within this time is dropped (the element asks again itself). */
const UNCLAIMED_MS = 15_000;

type Registry = Map<string, Promise<Response>>;
const registry = (): Registry => ((globalThis as { [KEY]?: Registry })[KEY] ??= new Map<string, Promise<Response>>());
const absolute = (url: string) => new URL(url, location.href).href;

/** Whether a request was started or settled before the client (by the classic loader, or a server-rendered page). */
export const earlyRequestsStarted = (): boolean => KEY in globalThis;

/** Starts a GET now (same URL and headers the client will send) for the client to adopt; `arrived` sees its body. */
export function startEarlyRequest(url: string, headers: Record<string, string>, arrived: (text: string) => void): void {
  const key = absolute(url);
  if (registry().has(key)) return;
  // read whole before it counts as arrived: the client's `text()` then resolves at once, where reading the body then
  // waits for a task of its own (often after a frame, which painted the catalog's placeholders before its cards)
  const answer = fetch(key, { headers, credentials: 'omit' }).then(async (res) => {
    const text = await res.text();
    // the same as `() => Promise.resolve(text)`, 9 B gzip shorter in the classic loader (its budget is 2 kB)
    // eslint-disable-next-line @typescript-eslint/require-await
    res.text = async () => text;
    arrived(text);
    return res;
  });
  answer.catch(() => {}); // the client sends its own request when this one failed
  registry().set(key, answer);
  setTimeout(() => registry().get(key) === answer && registry().delete(key), UNCLAIMED_MS);
}

/**
 * An answer already at hand for the client to adopt as if it were early: a server-rendered page's data
 * (`svc-hydrate.js`), so that the element's first request is answered within microtasks, without the network.
 */
export function settleEarlyRequest(url: string, body: string): void {
  const key = absolute(url);
  const answer = Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json' } }));
  registry().set(key, answer);
  setTimeout(() => registry().get(key) === answer && registry().delete(key), UNCLAIMED_MS);
}

/** The early answer to a GET of `url`, once; `undefined` when none was started. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  if (typeof location === 'undefined') return undefined;
  const key = absolute(url);
  const answer = registry().get(key);
  registry().delete(key);
  return answer;
}
