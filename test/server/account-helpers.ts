import type { ServerConfigOverrides } from '../../src/server/config.ts';
import { DEMO, testServer } from './helpers.ts';

export const BUYER = { email: 'buyer@example.com', password: 'correct horse battery' } as const;
export const PAGE = { id: 'demo-page', key: 'pgk_demo', otherId: 'other-page', otherKey: 'pgk_other' } as const;
export { DEMO };

type Options = { body?: unknown; headers?: Record<string, string | null>; raw?: boolean };
export type Answer = { status: number; headers: Headers; text: string; json: any };

/** The demo server plus shortcuts for the account, page and business routes (all in-process). */
export function accountServer(config: ServerConfigOverrides = {}) {
  const server = testServer(config);

  async function request(method: string, path: string, options: Options = {}, defaults: Record<string, string> = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...defaults };
    if (options.body !== undefined && !options.raw) headers['Content-Type'] = 'application/json';
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
    const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const res = await server.app.request(path, { method, headers, body });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* plain text */
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  const auth = (suffix: string, body: unknown, options: Options & { store?: string; key?: string } = {}) =>
    request('POST', `/v3/stores/${options.store ?? DEMO.storeId}/public/auth/${suffix}`, { ...options, body },
      { 'X-Service-Storefront-Api-Key': options.key ?? DEMO.key });

  async function login(email: string = BUYER.email, password: string = BUYER.password) {
    const res = await auth('login', { email, password });
    if (res.status !== 200 || !res.json.access) throw new Error(`login failed: ${res.status} ${res.text}`);
    return res.json as { access: string; refresh: string; expires_in: number; refresh_expires_in: number };
  }

  /** /v3/stores/{store}/customers/me{path} with the bearer (`token: null` sends none). */
  const customer = (method: string, path: string, token: string | null, options: Options & { store?: string } = {}) =>
    request(method, `/v3/stores/${options.store ?? DEMO.storeId}/customers/me${path}`, options, token ? { Authorization: `Bearer ${token}` } : {});

  const page = (method: string, path: string, options: Options & { page?: string; key?: string } = {}) =>
    request(method, `/v3/pages/${options.page ?? PAGE.id}${path}`, options, { 'X-Service-Page-Api-Key': options.key ?? PAGE.key });

  const business = (method: string, path: string, key: string | null = 'bk_demo', options: Options = {}) =>
    request(method, path, options, key ? { 'X-Service-Api-Key': key } : {});

  async function mailbox(to: string) {
    const res = await request('GET', `/__reference/mailbox?to=${encodeURIComponent(to)}`);
    return res.json.messages as { kind: string; subject: string; text: string; data: Record<string, any> }[];
  }

  return { ...server, request, auth, login, customer, page, business, mailbox };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
