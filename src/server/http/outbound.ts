import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Requests the server makes on a caller's behalf (client metadata documents, JWKS, webhooks) go through here, and
 * only to public addresses: the host is resolved, every address it resolves to is checked, and the connection is
 * pinned to the checked address (a second DNS answer cannot swap in 127.0.0.1 between check and connect).
 * Redirects are followed by hand, each hop checked again; time and size are bounded.
 */
export type OutboundPolicy = {
  /** Development only: also allow loopback (127.0.0.0/8, ::1), e.g. metadata served by a local test server. Never private or link-local. */
  allowLoopback: boolean;
};

export class OutboundRefused extends Error {
  constructor(readonly reason: 'address' | 'url' | 'size' | 'redirect', message: string) {
    super(message);
  }
}

/** The message a delivery log records for a refused target: says why, never what the target answered. */
export const REFUSED_ADDRESS = 'refused: address not allowed';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const notPublic = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4], // multicast, reserved, broadcast
] as const) notPublic.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) notPublic.addSubnet(net, bits, 'ipv6');

/** The IPv4 address embedded in an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) IPv6 address. */
function embeddedIPv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower) ?? /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (!hex) return undefined;
  const n = (parseInt(hex[1], 16) << 16) | parseInt(hex[2], 16);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Whether the server may connect to this IP address (a literal, as DNS returns it). */
export function isAllowedAddress(address: string, policy: OutboundPolicy): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets, IPv6 zone
  const family = isIP(plain);
  if (family === 0) return false;
  const v4 = family === 6 ? embeddedIPv4(plain) : plain;
  const [ip, type] = v4 ? [v4, 'ipv4' as const] : [plain, 'ipv6' as const];
  if (policy.allowLoopback && loopback.check(ip, type)) return true;
  return !notPublic.check(ip, type);
}

/** A URL the server may be asked to call: http(s), no credentials, and (when the host is an IP literal) an allowed address. */
export function checkOutboundUrl(value: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OutboundRefused('url', 'not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('url', 'only http and https URLs');
  if (url.username || url.password) throw new OutboundRefused('url', 'URL with credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isAllowedAddress(host, policy)) throw new OutboundRefused('address', REFUSED_ADDRESS);
  return url;
}

type Resolved = { address: string; family: number };

/**
 * Rejects with the signal's reason (the DOMException it was aborted with) when `signal` aborts: a slow DNS answer
 * counts against the exchange's time too.
 */
function whenAborted(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  aborted.catch(() => undefined); // the timeout fires after most exchanges are over: that rejection is nobody's error
  return aborted;
}

/** Resolves the host: the addresses to connect to, every one of them allowed. */
async function resolveAllowed(url: URL, policy: OutboundPolicy, signal: AbortSignal): Promise<Resolved[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await Promise.race([lookup(host, { all: true, verbatim: true }), whenAborted(signal)]);
  if (!addresses.length || addresses.some((a) => !isAllowedAddress(a.address, policy))) throw new OutboundRefused('address', REFUSED_ADDRESS);
  return addresses;
}

export type OutboundRequest = {
  method?: 'GET' | 'POST';
  headers?: OutgoingHttpHeaders;
  body?: string;
  policy: OutboundPolicy;
  /** Aborts the whole exchange (all hops). */
  signal?: AbortSignal;
  /** Whole exchange, ms (default 5000). */
  timeoutMs?: number;
  /** Bytes of response body kept; more is an error (default 64 kB). 0: the body is not read. */
  maxBytes?: number;
  /** Redirects followed (each hop checked again); 0: a redirect is returned as the answer. */
  maxRedirects?: number;
};

export type OutboundResponse = { status: number; headers: IncomingMessage['headers']; body: Buffer; url: string };

/** One guarded HTTP exchange. Throws OutboundRefused for a refused address, URL, size or redirect; other errors as they come. */
export async function outboundFetch(target: string, o: OutboundRequest): Promise<OutboundResponse> {
  const signal = AbortSignal.any([AbortSignal.timeout(o.timeoutMs ?? 5000), ...(o.signal ? [o.signal] : [])]);
  let url = checkOutboundUrl(target, o.policy);
  for (let hop = 0; ; hop += 1) {
    const res = await exchange(url, o, signal);
    const location = res.headers.location;
    if (res.status < 300 || res.status > 399 || !location || !o.maxRedirects) return res;
    if (hop >= o.maxRedirects) throw new OutboundRefused('redirect', 'too many redirects');
    url = checkOutboundUrl(new URL(location, url).toString(), o.policy);
  }
}

async function exchange(url: URL, o: OutboundRequest, signal: AbortSignal): Promise<OutboundResponse> {
  signal.throwIfAborted();
  const pinned = await resolveAllowed(url, o.policy, signal);
  // The connection may only use the checked addresses (all of them for happy eyeballs), whatever DNS says now.
  const pin: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: Resolved[]) => void)(null, pinned);
    else callback(null, pinned[0].address, pinned[0].family);
  };
  const maxBytes = o.maxBytes ?? 64 * 1024;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: o.method ?? 'GET', headers: o.headers, lookup: pin, signal, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), url: url.toString() });
      if (maxBytes === 0 || (res.statusCode ?? 0) >= 300) {
        res.destroy(); // the status is all a caller uses; a redirect's or error's body is never read
        return done();
      }
      const declared = Number(res.headers['content-length']);
      if (declared > maxBytes) {
        res.destroy();
        return reject(new OutboundRefused('size', `answer larger than ${maxBytes} bytes`));
      }
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new OutboundRefused('size', `answer larger than ${maxBytes} bytes`));
        } else chunks.push(chunk);
      });
      res.on('end', done);
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}
