import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';

type Entry = { version: number; etag: string; body: string };
const MAX_ENTRIES = 1000;

/**
 * Serialised catalog answers, reused while the catalog version (bumped by triggers on every catalog write) is
 * unchanged, with an ETag so browsers revalidate with a 304 instead of downloading the page again.
 */
export function catalogCache(db: Db): MiddlewareHandler<AppEnv> {
  const entries = new Map<string, Entry>();
  const versionOf = () => sql(db, 'SELECT version FROM catalog_meta WHERE id = 1').pluck().get() as number;

  const answer = (c: Parameters<MiddlewareHandler<AppEnv>>[0], entry: Entry) => {
    c.header('ETag', entry.etag);
    c.header('Cache-Control', 'no-cache');
    if (c.req.header('if-none-match') === entry.etag) return c.body(null, 304);
    c.header('Content-Type', 'application/json');
    return c.body(entry.body, 200);
  };

  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = `${c.var.store.id} ${c.req.url.slice(c.req.url.indexOf('/v3/'))}`;
    const version = versionOf();
    const hit = entries.get(key);
    if (hit && hit.version === version) return answer(c, hit);

    await next();
    if (c.res.status !== 200) return;
    const body = await c.res.clone().text();
    const entry = { version, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, body };
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    c.res.headers.set('ETag', entry.etag);
    c.res.headers.set('Cache-Control', 'no-cache');
    if (c.req.header('if-none-match') === entry.etag) c.res = new Response(null, { status: 304, headers: c.res.headers });
  };
}
