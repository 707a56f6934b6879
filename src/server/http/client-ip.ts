import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The address of the browser client, for rate limiting. `X-Forwarded-For` is honoured only when the server is told
 * it sits behind a proxy (`trustProxy`), otherwise any client could pick its own bucket.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? 'unknown';
}

/** {@link clientAddress} of a Hono request. */
export function clientIp(c: Context, trustProxy: boolean): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // in-process requests (app.request) have no socket
  }
  return clientAddress(c.req.header('x-forwarded-for'), socketAddress, trustProxy);
}
