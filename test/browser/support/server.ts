/** Helpers for browser tests that talk to the reference server mounted in the test server. */
import { createClient, type ClientOptions } from '../../../src/client/index.ts';

export const STORE = { id: 'demo-store', key: 'sfk_demo' } as const;
export const PAGE = { id: 'demo-page', key: 'pgk_demo' } as const;
export const BUYER = { email: 'buyer@example.com', password: 'correct horse battery' } as const;
/** The second reference server, whose access tokens live 3 seconds. */
export const SHORT_TOKENS_BASE = `${location.origin}/short-tokens`;

/** A client of the demo store on the main reference server; storage is cleared first unless told otherwise. */
export function demoClient(options: Partial<ClientOptions> = {}) {
  return createClient({ baseUrl: location.origin, storeId: STORE.id, storeKey: STORE.key, catalogCacheMs: 0, ...options });
}

/** Forgets every token and lock of earlier tests in this page. */
export function clearStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}

/** How many requests each server saw, keyed "main GET /v3/…". */
export async function serverRequests(): Promise<Record<string, number>> {
  return (await fetch('/__test/requests')).json();
}
export async function resetServerRequests(): Promise<void> {
  await fetch('/__test/requests/reset');
}
export async function requestCount(method: string, path: string, server: 'main' | 'short' = 'main'): Promise<number> {
  return (await serverRequests())[`${server} ${method} ${path}`] ?? 0;
}
export async function orderCount(server: 'main' | 'short' = 'main'): Promise<number> {
  return (await (await fetch(`/__test/orders?server=${server}`)).json()).count;
}

/**
 * Makes the test server answer the next `times` requests of `method path` (on the main server) with `status` and an
 * HTML body, as a gateway would; `faultRequests` then lists what each matching request carried. For requests MSW
 * does not see (keepalive fetches in Firefox).
 */
export async function serverFault(method: string, path: string, status: number, times: number): Promise<void> {
  await fetch(`/__test/fault?${new URLSearchParams({ method, path, status: String(status), times: String(times) })}`);
}
export async function faultRequests(method: string, path: string): Promise<Array<{ faulted: boolean; idempotencyKey: string | null }>> {
  return (await fetch(`/__test/fault/requests?${new URLSearchParams({ method, path })}`)).json();
}

/** The newest dev-mailbox message to `to` of `kind` (one-time codes and reset links land there). */
export async function latestMail(to: string, kind: 'otp' | 'password_reset', base = location.origin) {
  const { messages } = await (await fetch(`${base}/__reference/mailbox?to=${encodeURIComponent(to)}`)).json();
  const mail = messages.find((m: { kind: string }) => m.kind === kind);
  return mail && { ...mail, data: typeof mail.data === 'string' ? JSON.parse(mail.data) : mail.data };
}

/**
 * How long a wait for a state lasts at least: a machine busy with other browsers and test runs slows a test down
 * without failing it (a test's own limit is mocha's timeout, web-test-runner.config.mjs).
 */
export const STATE_WAIT_MS = 30_000;

/**
 * Polls `check` until it returns true. `timeoutMs` (what the state takes at most on an idle machine) only lengthens
 * the wait beyond STATE_WAIT_MS; past both, it fails naming `what`.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 2000, what = 'condition'): Promise<void> {
  const limitMs = Math.max(timeoutMs, STATE_WAIT_MS);
  const deadline = performance.now() + limitMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${limitMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A fetch that records the headers of each request the client sends, then sends it for real. */
export function recordingFetch() {
  const sent: Array<{ method: string; path: string; query: URLSearchParams; headers: Record<string, string>; body: unknown }> = [];
  const fetcher: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, headers, body });
    return fetch(input, init);
  };
  return { sent, fetch: fetcher };
}

/** A raw storefront POST, outside any client (what another tab or an attacker would send). */
export async function rawPost(path: string, body: unknown, base = location.origin) {
  const res = await fetch(`${base}/v3/stores/${STORE.id}/public${path}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Service-Storefront-Api-Key': STORE.key }, body: JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 204 ? null : await res.json() };
}
export async function rawProfile(access: string, base = location.origin): Promise<number> {
  return (await fetch(`${base}/v3/stores/${STORE.id}/customers/me/profile`, { headers: { Authorization: `Bearer ${access}` } })).status;
}
export const storedRefresh = (storage: Storage = localStorage): string | null =>
  JSON.parse(storage.getItem(`svc:${STORE.id}:refresh`) ?? 'null')?.refresh ?? null;

/** The engine running the test, for the few places where engines rightly differ (a test says which and how). */
export const ENGINE: 'chromium' | 'firefox' | 'webkit' = /Firefox\//.test(navigator.userAgent) ? 'firefox'
  : /Chrome\//.test(navigator.userAgent) ? 'chromium' : 'webkit';
