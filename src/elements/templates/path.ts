/**
 * Paths of the template bindings (`product.name`, `!variant.available`, `product.images[1]`,
 * `variant.options["Ukuran Sepatu"]`): parsed by this small grammar, never evaluated as code, so templates work
 * under a CSP without `unsafe-eval` and a path from the merchant's markup can only read data. Shared by the browser
 * and the server renderer (`src/ssr/templates.ts`).
 */

export type Path = { negate: boolean; segments: readonly string[]; source: string };

const NAME = /^[A-Za-z_$][\w$-]*/;
const INDEX = /^\[\s*(?:(\d+)|"([^"]*)"|'([^']*)')\s*\]/;

/** A parsed path, or `undefined` when `text` is not one (the binding is then ignored, with a warning). */
export function parsePath(text: string): Path | undefined {
  let rest = text.trim();
  const source = rest;
  const negate = rest.startsWith('!');
  if (negate) rest = rest.slice(1).trimStart();
  const segments: string[] = [];
  let first = true;
  while (rest) {
    const index = INDEX.exec(rest);
    if (index && !first) {
      segments.push(index[1] ?? index[2] ?? index[3] ?? '');
      rest = rest.slice(index[0].length);
      continue;
    }
    if (!first) {
      if (rest[0] !== '.') return undefined;
      rest = rest.slice(1);
    }
    const name = NAME.exec(rest) ?? /^\d+/.exec(rest);
    if (!name || (first && /^\d/.test(name[0]))) return undefined;
    segments.push(name[0]);
    rest = rest.slice(name[0].length);
    first = false;
  }
  return segments.length ? { negate, segments, source } : undefined;
}

/**
 * A scope of a template: its named values (`product`, `variant`, `item`, `line`, …) and the one its relative paths
 * read (`name` inside a list's item is `item.name`). Nested scopes (a list's item, a product's selected variant, a
 * cart's line) see their parents' names.
 */
export type Scope = { parent?: Scope; values: Record<string, unknown>; subject?: unknown };

const own = (value: unknown, key: string): unknown => {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value) && key === 'length') return value.length;
  // own properties only: `constructor`, `__proto__` and the prototype's methods are not data
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
};

/** The value at `path`: its first name from the nearest scope that has it, else relative to the nearest subject. */
export function resolve(path: Path, scope: Scope): unknown {
  const [head, ...tail] = path.segments;
  let value: unknown;
  let found = false;
  for (let at: Scope | undefined = scope; at; at = at.parent) {
    if (Object.prototype.hasOwnProperty.call(at.values, head)) {
      value = at.values[head];
      found = true;
      break;
    }
  }
  if (!found) {
    const subject = scopeSubject(scope);
    value = own(subject, head);
  }
  for (const key of tail) value = own(value, key);
  return path.negate ? !truthy(value) : value;
}

function scopeSubject(scope: Scope): unknown {
  for (let at: Scope | undefined = scope; at; at = at.parent) if (at.subject !== undefined) return at.subject;
  return undefined;
}

/** Conditions: empty text, 0 (also the money "0"), an empty list, null and false are false. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value !== '' && !/^\s*-?0+(?:\.0+)?\s*$/.test(value);
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  return !!value;
}

/** A value as text: strings and numbers as they are, anything else (null, objects, booleans) as nothing. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

const MUSTACHE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Whether `value` has `{{ path }}` interpolations. */
export const hasMustache = (value: string) => value.includes('{{') && /\{\{[^{}]*\}\}/.test(value);

/**
 * `value` compiled once: a function of the scope that writes each `{{ path }}` as the text at that path. `bad` hears
 * each `{{ … }}` that is not a path (it stays as written).
 */
export function compileInterpolation(value: string, bad?: (part: string) => void): (scope: Scope) => string {
  const parts: (string | Path)[] = [];
  let last = 0;
  for (const match of value.matchAll(MUSTACHE)) {
    const path = parsePath(match[1]);
    if (!path) bad?.(match[0]);
    parts.push(value.slice(last, match.index), path ?? match[0]);
    last = match.index + match[0].length;
  }
  parts.push(value.slice(last));
  return (scope) => parts.map((part) => (typeof part === 'string' ? part : text(resolve(part, scope)))).join('');
}
