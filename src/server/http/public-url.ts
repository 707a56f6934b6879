import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { ServerConfig } from '../config.ts';

/**
 * The server's public address (`payment_url`, `public_order_url`, the OAuth issuer) comes from configuration, or else
 * from the address the connection arrived at — never from a request header: `Host: evil.example` must not put a
 * "Pay now" link to evil.example into an order, where the first payment call stores it for good.
 */

/** `publicUrl` as configured, checked: an http(s) URL without credentials, query or fragment; no trailing slash. */
export function normalizePublicUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    /* refused below */
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new Error(`publicUrl must be an absolute http(s) URL without credentials, query or fragment: ${value}`);
  }
  return url.toString().replace(/\/+$/, '');
}

/** The origin of the local address the request's connection came in on, e.g. `http://127.0.0.1:8787`. */
function listeningOrigin(c: Context): string | undefined {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  if (!socket?.localAddress || !socket.localPort) return undefined;
  const address = socket.localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `${'encrypted' in socket ? 'https' : 'http'}://${host}:${socket.localPort}`;
}

/**
 * Configured `publicUrl`, else the listening address; in process (`app.request()`, no socket) `http://localhost`.
 */
export function publicBaseUrl(config: Pick<ServerConfig, 'publicUrl'>, c: Context): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  return listeningOrigin(c) ?? 'http://localhost';
}
