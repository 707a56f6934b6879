/**
 * The browser side of templates: a `<template>`'s content rendered into light DOM with its bindings (bindings.ts),
 * or, on a server-rendered page, the server's DOM adopted node by node (the same walk, taking the existing node
 * where it would create one). Every binding is an update function run with the scope each time the data changes;
 * each compares before it writes, so an update that changes nothing touches nothing. Data only ever becomes text
 * and attribute values (vocabulary.ts); the description alone becomes HTML, through the sanitiser.
 */
import { bindElement, path } from './bindings.ts';
import { Instance, Mismatch, type Host, type Update, type Walk } from './instance.ts';
import { compileInterpolation, hasMustache, resolve, truthy, type Scope } from './path.ts';
import { BIND, defaultAlias, entryKey, itemMark, MARK, OWN_TEMPLATE, textAllowed } from './vocabulary.ts';

export { Instance, Mismatch, type Host } from './instance.ts';
export { optionName } from './bindings.ts';

type Cursor = { parent: Node; next: Node | null; end: Node | null; hydrate: boolean };

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

