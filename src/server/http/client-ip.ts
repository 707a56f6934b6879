import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The address of the browser client, for rate limiting. `X-Forwarded-For` is honoured only when the server is told
 * it sits behind a proxy (`trustProxy`), otherwise any client could pick its own bucket.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (app.request) have no socket
  }
}
