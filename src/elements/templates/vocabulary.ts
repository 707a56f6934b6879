/**
 * The `data-svc-*` words of templates, shared with page-runtime.js where they mean the same thing (`data-svc-error`,
 * `data-svc-quantity`, `data-svc-state`), and the rules that keep data inert: text and attribute values only, URLs
 * through the safe-URL check, and never an event handler, `style`, `srcdoc` or anything on an element that runs or
 * loads code. Shared by the browser (`render.ts`) and the server renderer (`src/ssr/templates.ts`), so that both
 * write the same DOM.
 */
import { money } from '../shared/format.ts';
import { safeUrl } from '../shared/safe-url.ts';
import { text } from './path.ts';

export const BIND = {
  text: 'data-svc-text',
  money: 'data-svc-money',
  amount: 'data-svc-amount',
  html: 'data-svc-html',
  media: 'data-svc-media',
  if: 'data-svc-if',
  each: 'data-svc-each',
  as: 'data-svc-as',
  attr: 'data-svc-attr-',
  class: 'data-svc-class-',
  action: 'data-svc-action',
  option: 'data-svc-option',
  quantity: 'data-svc-quantity',
  error: 'data-svc-error',
  placeholder: 'data-svc-placeholder',
} as const;

/** Comments that mark what the data put where, so that a browser can adopt the server's DOM node by node. */
export const MARK = { end: '/svc', each: '/svc-each', item: 'svc-item', hidden: 'svc-if' } as const;
export const itemMark = (key: string) => `${MARK.item} ${encodeURIComponent(key)}`;

/** Elements whose content or attributes a binding never touches: they run, load or style code. */
const SEALED = new Set(['script', 'style', 'iframe', 'frame', 'object', 'embed', 'base', 'link', 'meta', 'noscript']);
/** Tags whose children belong to another renderer: nested contexts render their own templates. */
export const OWN_TEMPLATE = new Set(['svc-context', 'svc-list']);

/** Why data may not go into attribute `name` of a `<tag>` (`undefined`: it may). */
export function refusal(tag: string, name: string): string | undefined {
  if (/^on/i.test(name)) return 'an event handler attribute';
  if (name === 'style') return 'the style attribute (use data-svc-class-NAME)';
  if (name === 'srcdoc' || name === 'is') return `the ${name} attribute`;
  if (SEALED.has(tag)) return `an attribute of <${tag}>`;
  return undefined;
}

/** Whether data may be written as the text of `<tag>` (never into a script, a style or a frame). */
export const textAllowed = (tag: string) => !SEALED.has(tag);

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'data', 'background', 'xlink:href', 'longdesc', 'manifest', 'codebase', 'ping']);
const CANDIDATE_LISTS = new Set(['srcset', 'imagesrcset']);

/** `value` as the value of attribute `name`, or `null` for no attribute: URLs through the safe-URL check. */
export function attributeValue(name: string, value: unknown): string | null {
  const aria = name.startsWith('aria-');
  if (typeof value === 'boolean') return aria ? String(value) : value ? '' : null;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  return safeAttribute(name, String(value));
}

/** A written value (after `{{ }}`) checked as the attribute `name` takes it: `null` when its URL is refused. */
export function safeAttribute(name: string, value: string): string | null {
  if (URL_ATTRIBUTES.has(name)) return name === 'ping' ? (value.split(/\s+/).every((url) => !url || safeUrl(url)) ? value : null) : safeUrl(value) ?? null;
  if (CANDIDATE_LISTS.has(name)) {
    const urls = value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
    return urls.every((url) => !url || safeUrl(url)) ? value : null;
  }
  return value;
}

/** Text of a `data-svc-money` (`Rp 150.000`) or `data-svc-amount` (`150.000`) binding; nothing for a non-number. */
export function moneyText(value: unknown, symbol: boolean): string {
  const amount = text(value);
  if (amount === '' || !Number.isFinite(Number(amount))) return '';
  const written = money(amount);
  return symbol ? written : written.replace('Rp\u00a0', '');
}

/** The text a text-like binding writes: `data-svc-text`, `data-svc-money`, `data-svc-amount`. */
export function boundText(kind: 'text' | 'money' | 'amount', value: unknown): string {
  return kind === 'text' ? text(value) : moneyText(value, kind === 'money');
}

/** Only the merchant's description may be HTML, and only through the sanitiser. */
export const htmlAllowed = (path: string) => /(^|\.)description_html$/.test(path.trim());

/** Images load lazily except the first row of a list (its largest paint) and a single context's own. */
export const EAGER_IMAGES = 4;

/** Each entry's name inside `data-svc-each` when `data-svc-as` gives none. */
export function defaultAlias(path: string): string {
  const last = path.trim().split(/[.[\]]/).filter(Boolean).pop() ?? '';
  const known: Record<string, string> = { items: 'line', images: 'image', options: 'option', values: 'value', variants: 'variant', components: 'component' };
  return known[last] ?? 'item';
}

/** A stable key per entry (a line's id, a card's type and id, an option's name), so that repeats keep their DOM. */
export function entryKey(entry: unknown, index: number): string {
  if (entry && typeof entry === 'object') {
    const record = entry as Record<string, unknown>;
    if (record.id !== undefined) return `${text(record.entity_type)}${text(record.id)}`;
    if (typeof record.name === 'string') return record.name;
  }
  return typeof entry === 'string' ? entry : String(index);
}
