import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import { versionCounter } from '../db/version-counter.ts';

export type CachedAnswer = { version: number; etag: string; body: string; length: string };
const MAX_ENTRIES = 1000;

/**
 * Serialised catalog answers by store and URL, reused while the catalog version (bumped by triggers on every
 * catalog write) is unchanged, with an ETag so browsers revalidate with a 304 instead of downloading the page again.
 * The Hono routes fill it ({@link CatalogCache.middleware}); the node-level fast path only reads it.
 */
export class CatalogCache {
  readonly #entries = new Map<string, CachedAnswer>();
  readonly #version: () => number;

  constructor(db: Db) {
    this.#version = versionCounter(db, 'catalog_meta');
  }

  /** The answer for `pathAndQuery` (the request target, from `/v3/`) if the catalog has not changed since. */
  lookup(storeId: number, pathAndQuery: string): CachedAnswer | undefined {
    const hit = this.#entries.get(`${storeId} ${pathAndQuery}`);
    return hit && hit.version === this.#version() ? hit : undefined;
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      if (c.req.method !== 'GET') return next();
      const target = c.req.url.slice(c.req.url.indexOf('/v3/'));
      const version = this.#version(); // read before the route runs: a write meanwhile makes the entry stale, not wrong
      const hit = this.lookup(c.var.store.id, target);
      if (hit) {
        c.header('ETag', hit.etag);
        c.header('Cache-Control', 'no-cache');
        if (c.req.header('if-none-match') === hit.etag) return c.body(null, 304);
        c.header('Content-Type', 'application/json');
        return c.body(hit.body, 200);
      }

      await next();
      if (c.res.status !== 200) return;
      const body = await c.res.clone().text();
      const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
      const entry = { version, etag, body, length: String(Buffer.byteLength(body)) };
      const key = `${c.var.store.id} ${target}`;
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, entry);
      c.res.headers.set('ETag', entry.etag);
      c.res.headers.set('Cache-Control', 'no-cache');
      if (c.req.header('if-none-match') === entry.etag) {
        const headers = new Headers(c.res.headers);
        headers.delete('Content-Type'); // as the other 304s: no body, nothing to type
        c.res = new Response(null, { status: 304, headers });
      }
    };
  }
}
