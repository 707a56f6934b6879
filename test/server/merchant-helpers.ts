import { after } from 'node:test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppWithListener } from '../../src/server/app.ts';
import { sha256 } from '../../src/server/domain/passwords.ts';
import { ROUTE_GROUPS } from '../../src/server/index.ts';
import { demoDatabase } from './helpers.ts';

/** Business API keys by role: the seed's owner, staff and pending member of business 1, plus an admin and the free business's owner added here. */
export const KEYS = { owner: 'bk_demo', admin: 'bk_admin', staff: 'bk_staff', pending: 'bk_member', freeOwner: 'bk_free' } as const;

const servers: Server[] = [];
after(() => servers.forEach((s) => s.close()));

export type Answer = { status: number; headers: Headers; text: string; json: any };

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* plain text */
  }
  return { status: res.status, headers: res.headers, text, json };
}

/**
 * The demo reference server over real HTTP through its node listener (the catalog fast path included), with an admin
 * of the demo business and an owner of the free-plan business.
 */
export async function merchantServer() {
  const db = demoDatabase();
  const addUser = (id: number, email: string, businessId: number, role: string, key: string) => {
    db.prepare("INSERT INTO business_users (id, email, name, password_hash) VALUES (?, ?, 'Test User', '!')").run(id, email);
    db.prepare("INSERT INTO business_memberships (business_id, user_id, role, status, invited_at, verified_at) VALUES (?, ?, ?, 'verified', '2026-01-01', '2026-01-01')")
      .run(businessId, id, role);
    db.prepare("INSERT INTO business_api_keys (key_hash, user_id, business_id, created_at) VALUES (?, ?, ?, '2026-01-01')").run(sha256(key), id, businessId);
  };
  addUser(10, 'admin@example.com', 1, 'admin', KEYS.admin);
  addUser(11, 'free@example.com', 2, 'owner', KEYS.freeOwner);
  const { listener } = createAppWithListener({ db, routes: ROUTE_GROUPS, config: { publicUrl: 'http://localhost:8787', browserRateLimit: { limit: 100_000, windowSeconds: 60 } } });
  const server = createServer((req, res) => void listener(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A business API call; `body` is JSON unless a string. */
  const business = async (method: string, path: string, key: string | null = KEYS.owner, body?: unknown, headers: Record<string, string> = {}) =>
    answer(await fetch(`${base}${path}`, {
      method,
      headers: { ...(key ? { 'X-Service-Api-Key': key } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }));

  /** A storefront call as a browser on `origin` would make it (demo store and key unless told). */
  const storefront = async (method: string, path: string, o: { key?: string; store?: string; origin?: string; body?: unknown; etag?: string } = {}) =>
    answer(await fetch(`${base}/v3/stores/${o.store ?? 'demo-store'}/public${path}`, {
      method,
      headers: {
        'X-Service-Storefront-Api-Key': o.key ?? 'sfk_demo',
        ...(o.origin ? { Origin: o.origin } : {}),
        ...(o.etag ? { 'If-None-Match': o.etag } : {}),
        ...(o.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    }));

  return { db, base, business, storefront };
}
