/**
 * The bindings of one element of a template (vocabulary.ts): its attributes (`data-svc-attr-*`, `data-svc-class-*`,
 * `{{ }}` in values, media), its text (`data-svc-text`, `-money`, `-amount`, the sanitised description, the error),
 * and its controls (quantities, options). Each becomes an update that compares before it writes.
 */
import { safeUrl } from '../shared/safe-url.ts';
import { sanitize, innerHtml } from '../shared/sanitize.ts';
import type { Host, Update, Walk } from './instance.ts';
import { compileInterpolation, hasMustache, parsePath, resolve, text, truthy, type Path, type Scope } from './path.ts';
import { attributeValue, BIND, boundText, EAGER_IMAGES, htmlAllowed, refusal, safeAttribute, textAllowed } from './vocabulary.ts';

export function setAttribute(element: Element, name: string, value: string | null) {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

const QUANTITY = parsePath('quantity')!;
const MAX_QUANTITY = parsePath('max_quantity')!;
const INDEX = parsePath('index')!;
const ERROR = parsePath('error')!;
const OPTIONS = parsePath('product.options')!;

export function path(host: Host, value: string, where: string): Path | undefined {
  const parsed = parsePath(value);
  if (!parsed) host.warn(`${where}="${value}" is not a path (names with dots, [index], ! to negate)`);
  return parsed;
}

/** Binds the attributes of `target` (the copy of `source`); true when a binding owns its text. */
export function bindElement(source: Element, target: Element, walk: Walk): boolean {
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
    if (!quantity || document.activeElement === control) return;
    setAttribute(control, 'value', quantity); // as the server writes it
    if (control.value !== quantity) control.value = quantity;
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
