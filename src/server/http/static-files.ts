import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { extname, join, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The types we serve, exactly; any other extension is a 404. */
export const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** The Content-Type of a file `resolveInside` returned. */
export const mimeOf = (file: string): string => MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * The file `encodedPath` (a URL path relative to `root`, still percent-encoded) names inside `root`, or undefined.
 * Each segment is decoded on its own and refused when it is empty, starts with a dot (`.`, `..`, dotfiles, also
 * spelled `%2e%2e`) or hides a separator or NUL (`..%2f`); a symlink must not lead out of `root`.
 */
export async function resolveInside(root: string, encodedPath: string): Promise<string | undefined> {
  let segments: string[];
  try {
    segments = encodedPath.split('/').map(decodeURIComponent);
  } catch {
    return undefined; // malformed escapes
  }
  if (segments.some((s) => s === '' || s.startsWith('.') || /[/\\\0]/.test(s))) return undefined;
  if (!MIME[extname(segments.at(-1)!).toLowerCase()]) return undefined;
  try {
    const [file, realRoot] = await Promise.all([realpath(join(root, ...segments)), realpath(root)]);
    if (!file.startsWith(realRoot + sep) || !(await stat(file)).isFile()) return undefined;
    return file;
  } catch {
    return undefined; // missing
  }
}

/** Text a browser takes gzipped, as any CDN serves it (the phone bench measures transfer over a simulated 4G). */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;
const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

/** Marks `headers` for an answer of `type`; true when it goes gzipped (text, to a client that takes gzip). */
function gzipWanted(acceptEncoding: string | undefined, type: string, headers: Record<string, string>): boolean {
  if (!COMPRESSIBLE.test(type)) return false;
  headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding';
  if (!/\bgzip\b/.test(acceptEncoding ?? '')) return false;
  headers['Content-Encoding'] = 'gzip';
  return true;
}

/** A page made for this request, gzipped when the client takes it, with the headers that say so. */
export function encodeFor<B extends Buffer | string>(req: Pick<IncomingMessage, 'headers'>, type: string, body: B, headers: Record<string, string>): B | Buffer {
  return gzipWanted(String(req.headers?.['accept-encoding'] ?? ''), type, headers) ? gzipSync(body) : body;
}

/**
 * A file's type and bytes, gzipped when the client takes it, with the headers that say so. The gzipped bytes are
 * remembered per file until it changes: a file asked again is read only when it is sent plain.
 */
export async function readForClient(file: string, acceptEncoding: string | undefined, headers: Record<string, string>): Promise<{ type: string; body: Buffer }> {
  const type = mimeOf(file);
  if (!gzipWanted(acceptEncoding, type, headers)) return { type, body: await readFile(file) };
  const { mtimeMs } = await stat(file);
  const known = gzipped.get(file);
  if (known?.mtimeMs === mtimeMs) return { type, body: known.body };
  const body = gzipSync(await readFile(file));
  gzipped.set(file, { mtimeMs, body });
  return { type, body };
}
