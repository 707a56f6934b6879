/**
 * The browser side of templates: a `<template>`'s content rendered into light DOM with its bindings, or, on a
 * server-rendered page, the server's DOM adopted node by node (the same walk, taking the existing node where it
 * would create one). Every binding is an update function run with the scope each time the data changes; each
 * compares before it writes, so an update that changes nothing touches nothing. Data only ever becomes text and
 * attribute values (vocabulary.ts); the description alone becomes HTML, through the sanitiser.
 */
import { safeUrl } from '../shared/safe-url.ts';
import { sanitize, innerHtml } from '../shared/sanitize.ts';
import { compileInterpolation, hasMustache, parsePath, resolve, text, truthy, type Path, type Scope } from './path.ts';
import {
  attributeValue, BIND, boundText, defaultAlias, EAGER_IMAGES, entryKey, htmlAllowed, itemMark, MARK, OWN_TEMPLATE, refusal,
  safeAttribute, textAllowed,
} from './vocabulary.ts';

export type Update = (scope: Scope) => void;

/** State an action leaves on its scope: `busy` while it runs, `error` the buyer-facing message of its failure. */
export type ActionState = { busy: boolean; error: string };

/** One rendered copy of a template's content (a context's, or a repeated entry's), bound to its scope. */
export class Instance {
  readonly updates: Update[] = [];
  readonly state: ActionState = { busy: false, error: '' };
  /** Actions of this scope under way. */
  running = 0;
  scope?: Scope;

  update(scope: Scope) {
    scope.values.busy = this.state.busy;
    scope.values.error = this.state.error;
    this.scope = scope;
    for (const update of this.updates) update(scope);
  }
}

/** What the element that renders a template gives its bindings. */
export type Host = {
  /** One console warning per problem of the merchant's markup (a refused binding, a path that does not parse). */
  warn(message: string): void;
  /** A control (an action, an option, a quantity) and the instance whose scope it acts in. */
  control(element: Element, instance: Instance): void;
};

/** The server's DOM is not what this template renders: the element renders afresh. */
export class Mismatch extends Error {}

type Cursor = { parent: Node; next: Node | null; end: Node | null; hydrate: boolean };
type Walk = { owner: Instance; updates: Update[]; host: Host };

const TEXT = 3;
const COMMENT = 8;

/** The next existing node to adopt (hydration), or null: none left, or rendering. */
function take(at: Cursor): Node | null {
  const node = at.next;
  if (!at.hydrate || !node || node === at.end) return null;
  at.next = node.nextSibling;
  return node;
}
const put = (at: Cursor, node: Node) => at.parent.insertBefore(node, at.hydrate ? at.next : at.end);
const untake = (at: Cursor, node: Node) => void (at.next = node);

function setAttribute(element: Element, name: string, value: string | null) {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

const QUANTITY = parsePath('quantity')!;
const MAX_QUANTITY = parsePath('max_quantity')!;
const INDEX = parsePath('index')!;
const ERROR = parsePath('error')!;
const OPTIONS = parsePath('product.options')!;

function path(host: Host, value: string, where: string): Path | undefined {
  const parsed = parsePath(value);
  if (!parsed) host.warn(`${where}="${value}" is not a path (names with dots, [index], ! to negate)`);
  return parsed;
}

/** Places `source` (a node of the template's content) at the cursor: adopted or created, and bound. */
function place(source: Node, at: Cursor, walk: Walk): void {
  if (source.nodeType === TEXT) return placeText(source as Text, at, walk);
  if (source.nodeType === COMMENT) {
    const node = take(at);
    if (node && node.nodeType !== COMMENT) untake(at, node);
    if (!node || node.nodeType !== COMMENT) put(at, document.importNode(source, false));
    return;
  }
  if (!(source instanceof Element)) return;
  if (source.localName === 'template' && source.hasAttribute(BIND.each)) return placeRepeat(source as HTMLTemplateElement, at, walk);
  const condition = source.getAttribute(BIND.if);
  if (condition !== null) return placeConditional(source, condition, at, walk);
  placeElement(source, at, walk);
}

function placeText(source: Text, at: Cursor, walk: Walk) {
  let node = take(at);
  if (node && node.nodeType !== TEXT) {
    untake(at, node); // an empty text the server's HTML could not carry
    node = null;
  }
  const bound = hasMustache(source.data);
  if (!node) put(at, (node = document.createTextNode(bound ? '' : source.data)));
  if (!bound) return;
  const written = compileInterpolation(source.data, (part) => walk.host.warn(`${part} is not a path`));
  const textNode = node as Text;
  walk.updates.push((scope) => {
    const value = written(scope);
    if (textNode.data !== value) textNode.data = value;
  });
}

/** An element with `data-svc-if`: itself while the condition holds, else a comment in its place. */
function placeConditional(source: Element, condition: string, at: Cursor, walk: Walk) {
  const when = path(walk.host, condition, BIND.if);
  let anchor: Comment | undefined;
  let shown: Element | undefined;
  let inner: Update[] | undefined;
  const existing = take(at);
  if (existing?.nodeType === COMMENT && (existing as Comment).data === MARK.hidden) anchor = existing as Comment;
  else {
    if (existing) untake(at, existing);
    inner = [];
    shown = placeElement(source, at, { ...walk, updates: inner });
  }
  walk.updates.push((scope) => {
    if (when && truthy(resolve(when, scope))) {
      if (!shown) {
        inner = [];
        shown = placeElement(source, { parent: anchor!.parentNode!, next: anchor!, end: anchor!, hydrate: false }, { ...walk, updates: inner });
        anchor!.remove();
      }
      for (const update of inner!) update(scope);
      if (anchor?.parentNode) anchor.replaceWith(shown);
    } else if (shown?.parentNode) {
      anchor ??= document.createComment(MARK.hidden);
      shown.replaceWith(anchor);
    }
  });
}

/** Elements whose children the template does not walk: nested contexts, inert templates, scripts and frames. */
const opaque = (tag: string) => OWN_TEMPLATE.has(tag) || tag === 'template' || tag === 'svc-variant-selector' || !textAllowed(tag);

function placeElement(source: Element, at: Cursor, walk: Walk): Element {
  const tag = source.localName;
  let target = take(at) as Element | null;
  if (at.hydrate && (!(target instanceof Element) || target.localName !== tag)) throw new Mismatch(`<${tag}> expected`);
  if (!target) put(at, (target = document.importNode(source, opaque(tag))));
  if (bindElement(source, target, walk) || opaque(tag)) return target;
  const inner: Cursor = { parent: target, next: at.hydrate ? target.firstChild : null, end: null, hydrate: at.hydrate };
  for (const child of source.childNodes) place(child, inner, walk);
  for (let rest = inner.next; at.hydrate && rest; rest = rest.nextSibling) {
    if (rest.nodeType !== COMMENT && !(rest.nodeType === TEXT && !(rest as Text).data.trim())) throw new Mismatch(`<${tag}> has more content`);
  }
  return target;
}

/** Binds the attributes of `target` (the copy of `source`); true when a binding owns its text. */
function bindElement(source: Element, target: Element, walk: Walk): boolean {
  const { host, updates } = walk;
  const tag = source.localName;
  const image = tag === 'img' && !source.hasAttribute('loading')
    && (source.hasAttribute(BIND.media) || source.hasAttribute(`${BIND.attr}src`) || hasMustache(source.getAttribute('src') ?? ''));
  // before its src: a lazy image must know it before it starts loading
  if (image) updates.push((scope) => {
    const index = resolve(INDEX, scope);
    setAttribute(target, 'loading', typeof index === 'number' && index >= EAGER_IMAGES ? 'lazy' : 'eager');
  });
  for (const { name, value } of [...source.attributes]) {
    if (name.startsWith(BIND.attr) || name.startsWith(BIND.class)) {
      const isClass = name.startsWith(BIND.class);
      const attribute = name.slice((isClass ? BIND.class : BIND.attr).length);
      const why = isClass ? undefined : refusal(tag, attribute);
      const from = path(host, value, name);
      if (why) host.warn(`${name}: data cannot be bound to ${why}; ignored`);
      if (why || !from) continue;
      updates.push(isClass
        ? (scope) => void target.classList.toggle(attribute, truthy(resolve(from, scope)))
        : (scope) => setAttribute(target, attribute, attributeValue(attribute, resolve(from, scope))));
    } else if (!name.startsWith('data-svc-') && hasMustache(value)) {
      const why = refusal(tag, name);
      if (why) {
        host.warn(`${name}="${value}": data cannot be written into ${why}; left as written`);
        continue;
      }
      const written = compileInterpolation(value, (part) => host.warn(`${part} in ${name} is not a path`));
      updates.push((scope) => setAttribute(target, name, safeAttribute(name, written(scope))));
    }
  }
  if (source.hasAttribute(BIND.media)) {
    const from = path(host, source.getAttribute(BIND.media)!, BIND.media);
    if (from) updates.push((scope) => setAttribute(target, 'src', safeUrl(text(resolve(from, scope))) ?? null));
  }
  if (source.hasAttribute(BIND.action) || source.hasAttribute(BIND.option) || source.hasAttribute(BIND.quantity)) host.control(target, walk.owner);
  if (source.hasAttribute(BIND.quantity)) bindQuantity(target as HTMLInputElement, updates);
  if (source.hasAttribute(BIND.option)) bindOption(target as HTMLInputElement | HTMLSelectElement, updates);
  if (tag === 'svc-variant-selector') {
    updates.push((scope) => {
      (target as Element & { options?: unknown }).options = resolve(OPTIONS, scope);
      target.removeAttribute('defer-hydration'); // a server-rendered selector hydrates once it has its options
    });
  }
  return bindText(source, target, walk);
}

function bindText(source: Element, target: Element, { host, updates }: Walk): boolean {
  const tag = source.localName;
  const kind = source.hasAttribute(BIND.text) ? 'text' : source.hasAttribute(BIND.money) ? 'money' : source.hasAttribute(BIND.amount) ? 'amount' : undefined;
  const html = source.getAttribute(BIND.html);
  if ((kind || html !== null || source.hasAttribute(BIND.error)) && !textAllowed(tag)) {
    host.warn(`<${tag}>: data cannot be written into it; ignored`);
    return false;
  }
  if (kind) {
    const from = path(host, source.getAttribute(BIND[kind])!, BIND[kind]);
    if (from) updates.push((scope) => {
      const value = boundText(kind, resolve(from, scope));
      if (target.textContent !== value) target.textContent = value;
    });
    return true;
  }
  if (html !== null) {
    if (!htmlAllowed(html)) {
      host.warn(`${BIND.html}="${html}": only a description (description_html) may be HTML; ignored`);
      return false;
    }
    const from = path(host, html, BIND.html);
    let current: string | undefined;
    if (from) updates.push((scope) => {
      const dirty = text(resolve(from, scope));
      if (dirty === current) return;
      current = dirty;
      if (!dirty) return target.replaceChildren();
      void sanitize(dirty).then((clean) => current === dirty && (target.innerHTML = innerHtml(clean)));
    });
    return true;
  }
  if (source.hasAttribute(BIND.error)) {
    updates.push((scope) => {
      const message = text(resolve(ERROR, scope));
      if (target.textContent !== message) target.textContent = message;
      setAttribute(target, 'hidden', message ? null : '');
    });
    return true;
  }
  return false;
}

/** `data-svc-quantity`: the number of its scope (the product's, a cart line's), as the buyer has not typed it. */
function bindQuantity(control: HTMLInputElement, updates: Update[]) {
  updates.push((scope) => {
    const quantity = text(resolve(QUANTITY, scope));
    const max = text(resolve(MAX_QUANTITY, scope));
    if (max && control.type === 'number') setAttribute(control, 'max', max);
    if (quantity && control.value !== quantity && document.activeElement !== control) control.value = quantity;
  });
}

/** A merchant's radio or `<select>` of an option (`data-svc-option="Warna"`): checked as the product's choice. */
function bindOption(control: HTMLInputElement | HTMLSelectElement, updates: Update[]) {
  updates.push((scope) => {
    const name = optionName(control, scope);
    const chosen = (resolve(OPTIONS, scope) as { name: string; selected: string }[] | undefined)?.find((o) => o.name === name)?.selected ?? '';
    if (control instanceof HTMLSelectElement) {
      if (control.value !== chosen) control.value = chosen;
    } else if (control.type === 'radio' || control.type === 'checkbox') control.checked = control.value === chosen;
  });
}

/** The option a control sets: its `data-svc-option`, else the option of the scope it is repeated in. */
export function optionName(control: Element, scope: Scope): string {
  return control.getAttribute(BIND.option) || text(resolve(parsePath('value.option')!, scope)) || text(resolve(parsePath('option.name')!, scope));
}

/** `<template data-svc-each="path">`: its content once per entry, after it, each entry behind a keyed marker. */
function placeRepeat(source: HTMLTemplateElement, at: Cursor, walk: Walk) {
  const from = path(walk.host, source.getAttribute(BIND.each)!, BIND.each);
  const alias = source.getAttribute(BIND.as) || defaultAlias(source.getAttribute(BIND.each)!);
  let anchor = take(at);
  if (at.hydrate && !(anchor instanceof HTMLTemplateElement)) throw new Mismatch('<template data-svc-each> expected');
  if (!anchor) put(at, (anchor = document.importNode(source, true)));
  const repeat = new Repeat(source.content, anchor, alias, walk.host, at.hydrate);
  if (at.hydrate) at.next = repeat.end.nextSibling;
  walk.updates.push((scope) => {
    const list = from ? resolve(from, scope) : undefined;
    repeat.update(scope, Array.isArray(list) ? list : []);
  });
}

type Entry = { marker: Comment; instance: Instance; nodes: Node[] };

/** The entries of a repeat (a `data-svc-each`, or `<svc-list>`'s items), keyed so that each keeps its DOM. */
export class Repeat {
  readonly end: Comment;
  private entries = new Map<string, Entry>();
  /** The server's entries not adopted yet: their marker and where their nodes end. */
  private pending = new Map<string, { marker: Comment; until: Node }>();

  constructor(private readonly content: DocumentFragment, private readonly anchor: Node, private readonly alias: string, private readonly host: Host, hydrate: boolean) {
    let end: Comment | undefined;
    let depth = 0;
    let open: Comment | undefined;
    for (let node = anchor.nextSibling; hydrate && node; node = node.nextSibling) {
      if (node instanceof HTMLTemplateElement && node.hasAttribute(BIND.each)) depth++;
      if (node.nodeType !== COMMENT) continue;
      const data = (node as Comment).data;
      if (data === MARK.each && depth-- === 0) {
        end = node as Comment;
        break;
      }
      if (depth === 0 && data.startsWith(`${MARK.item} `)) {
        if (open) this.pending.set(keyOf(open), { marker: open, until: node });
        open = node as Comment;
      }
    }
    if (hydrate && !end) throw new Mismatch('the end of a repeat is missing');
    if (open) this.pending.set(keyOf(open), { marker: open, until: end! });
    if (!end) anchor.parentNode!.insertBefore((end = document.createComment(MARK.each)), anchor.nextSibling);
    this.end = end;
  }

  update(scope: Scope, list: readonly unknown[]) {
    const order: Entry[] = [];
    const seen = new Set<string>();
    list.forEach((value, index) => {
      let key = entryKey(value, index);
      while (seen.has(key)) key += '#';
      seen.add(key);
      const entryScope: Scope = { parent: scope, values: { [this.alias]: value, index, position: index + 1 }, subject: value };
      const entry = this.entries.get(key) ?? this.create(key);
      entry.instance.update(entryScope);
      order.push(entry);
    });
    for (const { marker, until } of this.pending.values()) removeRange(marker, until);
    this.pending.clear();
    // each entry's nodes as the DOM holds them now (conditionals and nested repeats change an entry's top level)
    const byMarker = new Map([...this.entries.values()].map((entry) => [entry.marker as Node, entry]));
    let current: Entry | undefined;
    for (let node = this.anchor.nextSibling; node && node !== this.end; node = node.nextSibling) {
      current = byMarker.get(node) ?? current;
      current?.nodes.push(node);
    }
    for (const [key, entry] of this.entries) {
      if (seen.has(key)) continue;
      entry.nodes.forEach((node) => (node as ChildNode).remove());
      this.entries.delete(key);
    }
    let cursor: Node = this.anchor;
    for (const entry of order) {
      if (cursor.nextSibling !== entry.marker) this.anchor.parentNode!.insertBefore(nodesOf(entry), cursor.nextSibling);
      cursor = entry.nodes[entry.nodes.length - 1] ?? entry.marker;
      entry.nodes = [];
    }
  }

  /** An entry: the server's, adopted, or rendered afresh (off the page until it is placed). */
  private create(key: string): Entry {
    const instance = new Instance();
    const walk: Walk = { owner: instance, updates: instance.updates, host: this.host };
    const server = this.pending.get(key);
    let entry: Entry;
    if (server) {
      this.pending.delete(key);
      const at: Cursor = { parent: server.marker.parentNode!, next: server.marker.nextSibling, end: server.until, hydrate: true };
      for (const child of this.content.childNodes) place(child, at, walk);
      for (let rest = at.next; rest && rest !== server.until; rest = rest.nextSibling) {
        if (rest.nodeType === TEXT && !(rest as Text).data.trim()) continue;
        throw new Mismatch('an entry has more content');
      }
      entry = { marker: server.marker, instance, nodes: [] };
    } else {
      const fragment = document.createDocumentFragment();
      const marker = document.createComment(itemMark(key));
      fragment.append(marker);
      const at: Cursor = { parent: fragment, next: null, end: null, hydrate: false };
      for (const child of this.content.childNodes) place(child, at, walk);
      entry = { marker, instance, nodes: [] };
      (entry as Entry & { fragment?: DocumentFragment }).fragment = fragment;
    }
    this.entries.set(key, entry);
    return entry;
  }
}

function nodesOf(entry: Entry & { fragment?: DocumentFragment }): Node {
  if (entry.fragment) {
    const fragment = entry.fragment;
    entry.nodes = [...fragment.childNodes];
    delete entry.fragment;
    return fragment;
  }
  const fragment = document.createDocumentFragment();
  fragment.append(...entry.nodes);
  return fragment;
}

const keyOf = (marker: Comment) => {
  try {
    return decodeURIComponent(marker.data.slice(MARK.item.length + 1));
  } catch {
    return marker.data;
  }
};

/** Removes `from` and its next siblings up to `until` (excluded). */
function removeRange(from: Node, until: Node) {
  for (let node: Node | null = from; node && node !== until;) {
    const next: Node | null = node.nextSibling;
    (node as ChildNode).remove();
    node = next;
  }
}

/** Removes `from` and its next siblings up to `last` (included). */
function removeThrough(from: Node, last: Node) {
  removeRange(from, last);
  last.parentNode?.removeChild(last);
}

/**
 * A context's content after its `<template>`, ended by a marker: adopted when the server rendered it (the marker
 * is there), else rendered and bound off the page, then put in place at once. A server's DOM that the template does
 * not render is replaced.
 */
export function renderContent(template: HTMLTemplateElement, host: Host, scope: Scope): Instance {
  const instance = new Instance();
  const server = endMarker(template, MARK.end);
  if (server) {
    try {
      const at: Cursor = { parent: template.parentNode!, next: template.nextSibling, end: server, hydrate: true };
      for (const child of template.content.childNodes) place(child, at, { owner: instance, updates: instance.updates, host });
      instance.update(scope);
      return instance;
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
      host.warn(`the server's HTML does not match the template (${error.message}); rendered again`);
      removeThrough(template.nextSibling!, server);
      instance.updates.length = 0;
    }
  }
  const fragment = document.createDocumentFragment();
  const at: Cursor = { parent: fragment, next: null, end: null, hydrate: false };
  for (const child of template.content.childNodes) place(child, at, { owner: instance, updates: instance.updates, host });
  instance.update(scope);
  fragment.append(document.createComment(MARK.end));
  template.after(fragment);
  return instance;
}

/** The comment `data` among the siblings after `from`, if the server rendered one. */
export function endMarker(from: Node, data: string): Comment | undefined {
  for (let node = from.nextSibling; node; node = node.nextSibling) if (node.nodeType === COMMENT && (node as Comment).data === data) return node as Comment;
  return undefined;
}

/** Removes what was rendered after `template`, its end marker included (a context whose data went away). */
export function clearContent(template: HTMLTemplateElement, data: string): void {
  const end = endMarker(template, data);
  if (end) removeThrough(template.nextSibling!, end);
}
