import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

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
