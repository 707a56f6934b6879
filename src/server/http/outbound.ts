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
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): ::ffff:0:a.b.c.d, never a public host
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translates to whatever IPv4 the local network means
  ['2001::', 32], // Teredo: client and server IPv4 addresses hidden in the address
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) notPublic.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address in any spelling (`::`, a dotted IPv4 tail), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length) return undefined;
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const groups = tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** The IPv4 address embedded in an IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) IPv6 address. */
function embeddedIPv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  let high: number, low: number;
  if (zeros(0, 5) && g[5] === 0xffff) [high, low] = [g[6], g[7]];
  else if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) [high, low] = [g[6], g[7]];
  else if (g[0] === 0x2002) [high, low] = [g[1], g[2]];
  else return undefined;
  return [high >>> 8, high & 255, low >>> 8, low & 255].join('.');
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

/**
 * A URL as {@link checkOutboundUrl} checks it, and its host name resolved now: refused when any address it resolves
 * to is not allowed. A name that does not resolve (yet), or not within `timeoutMs`, passes: every request to it
 * is checked again after its own DNS answer.
 */
export async function checkOutboundHost(value: string, policy: OutboundPolicy, timeoutMs = 2000): Promise<URL> {
  const url = checkOutboundUrl(value, policy);
  if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) return url;
  let addresses: Resolved[];
  try {
    addresses = await Promise.race([lookup(url.hostname, { all: true, verbatim: true }), whenAborted(AbortSignal.timeout(timeoutMs))]);
  } catch {
    return url;
  }
  if (addresses.some((a) => !isAllowedAddress(a.address, policy))) throw new OutboundRefused('address', REFUSED_ADDRESS);
  return url;
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
