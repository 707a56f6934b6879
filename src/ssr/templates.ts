/**
 * Server rendering of the merchant's templates (`<svc-context>`, `<svc-list>`: docs/templates.md): the page's HTML
 * goes in, and comes out with each template rendered after itself with its data (names, links, prices, images as
 * the browser would bind them), the data in a `<script type="application/json" data-svc-rendered>` child and
 * schema.org JSON-LD after the element. The browser adopts that DOM node by node (`elements/templates/render.ts`),
 * its first requests answered by `svc-hydrate.js` from the data child: nothing asked twice, nothing moves.
 * The walk here and the browser's write the same DOM from the same vocabulary (`elements/templates/vocabulary.ts`)
 * and views (`views.ts`); the cart is the shopper's own and is left to the browser.
 */
import './dom.ts';
import { parse, parseFragment, serializeOuter, type DefaultTreeAdapterMap } from 'parse5';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { getPublicOrder } from '../client/routes/orders.ts';
import { getBundlePriceOption, getProduct, getVariantAvailability, getVariantPricing } from '../client/routes/product.ts';
import type { ItemCard, ProductDetail } from '../contract/catalog.ts';
import { safeUrl } from '../elements/shared/safe-url.ts';
import { compileInterpolation, hasMustache, parsePath, resolve, text, truthy, type Scope } from '../elements/templates/path.ts';
import '../elements/variant-selector/variant-selector.ts';
import {
  attributeValue, BIND, boundText, defaultAlias, EAGER_IMAGES, entryKey, htmlAllowed, itemMark, MARK, OWN_TEMPLATE, refusal, safeAttribute,
  textAllowed,
} from '../elements/templates/vocabulary.ts';
import { bundleView, cardView, chosenVariant, firstChoice, productView } from '../elements/templates/views.ts';
import { fetchCatalogPage, storeClient, type StoreConfig } from './data.ts';
import { bundleJsonLd, itemListJsonLd, jsonLdScript, productJsonLd, scriptJson } from './structured-data.ts';

type Node = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];
type Template = DefaultTreeAdapterMap['template'];
type Parent = DefaultTreeAdapterMap['parentNode'];

export type TemplatesRenderOptions = {
  /** The store to read, and where the server reaches the service (an absolute URL). */
  store: StoreConfig;
  /** The page's absolute URL: the JSON-LD's links are resolved against it. */
  pageUrl?: string;
  /** The page's language (`id` unless `en`), for the few texts the variant selector writes itself. */
  lang?: 'id' | 'en';
};

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/\u00a0/g, '&nbsp;');
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name && !a.prefix)?.value;
const isElement = (node: Node | Parent): node is Element => 'tagName' in node;
const QUANTITY = parsePath('quantity')!;
const INDEX = parsePath('index')!;
const OPTIONS = parsePath('product.options')!;

/** One console warning per problem of the merchant's markup, as in the browser. */
const warned = new Set<string>();
function warn(message: string) {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`[svc] svc-storefront/ssr: ${message}`);
}

type Walk = { out: string[]; selects?: string; lang?: 'id' | 'en'; pending: Promise<void>[] };

function renderChildren(nodes: readonly Node[], scope: Scope, walk: Walk): void {
  for (const node of nodes) renderNode(node, scope, walk);
}

function renderNode(node: Node, scope: Scope, walk: Walk): void {
  if (node.nodeName === '#text') {
    const value = (node as DefaultTreeAdapterMap['textNode']).value;
    walk.out.push(escapeText(hasMustache(value) ? compileInterpolation(value, (part) => warn(`${part} is not a path`))(scope) : value));
    return;
  }
  if (node.nodeName === '#comment') return void walk.out.push(`<!--${(node as DefaultTreeAdapterMap['commentNode']).data}-->`);
  if (!isElement(node)) return;
  if (node.tagName === 'template' && attr(node, BIND.each) !== undefined) return renderRepeat(node as Template, scope, walk);
  const condition = attr(node, BIND.if);
  if (condition !== undefined) {
    const when = parsePath(condition);
    if (!when) warn(`${BIND.if}="${condition}" is not a path`);
    if (!when || !truthy(resolve(when, scope))) return void walk.out.push(`<!--${MARK.hidden}-->`);
  }
  renderElement(node, scope, walk);
}

function renderRepeat(template: Template, scope: Scope, walk: Walk) {
  const source = attr(template, BIND.each)!;
  const from = parsePath(source);
  if (!from) warn(`${BIND.each}="${source}" is not a path`);
  const alias = attr(template, BIND.as) || defaultAlias(source);
  walk.out.push(serializeOuter(template));
  const list = from ? resolve(from, scope) : undefined;
  renderEntries(template, Array.isArray(list) ? list : [], alias, scope, walk);
  walk.out.push(`<!--${MARK.each}-->`);
}

function renderEntries(template: Template, list: readonly unknown[], alias: string, scope: Scope, walk: Walk) {
  const seen = new Set<string>();
  list.forEach((value, index) => {
    let key = entryKey(value, index);
    while (seen.has(key)) key += '#';
    seen.add(key);
    walk.out.push(`<!--${itemMark(key)}-->`);
    const entry: Scope = { parent: scope, values: { [alias]: value, index, position: index + 1, busy: false, error: '' }, subject: value };
    renderChildren(template.content.childNodes, entry, walk);
  });
}

/** The element's attributes as the browser's bindings leave them. */
function boundAttributes(element: Element, scope: Scope): Map<string, string> {
  const tag = element.tagName;
  const out = new Map<string, string>();
  const classes = new Map<string, boolean>();
  for (const a of element.attrs) out.set(a.prefix ? `${a.prefix}:${a.name}` : a.name, a.value);
  const set = (name: string, value: string | null) => (value === null ? out.delete(name) : out.set(name, value));
  const bindsSrc = attr(element, BIND.media) !== undefined || attr(element, `${BIND.attr}src`) !== undefined || hasMustache(attr(element, 'src') ?? '');
  if (tag === 'img' && attr(element, 'loading') === undefined && bindsSrc) {
    const index = resolve(INDEX, scope);
    set('loading', typeof index === 'number' && index >= EAGER_IMAGES ? 'lazy' : 'eager');
  }
  for (const { name, value } of element.attrs) {
    if (name.startsWith(BIND.attr) || name.startsWith(BIND.class)) {
      const isClass = name.startsWith(BIND.class);
      const target = name.slice((isClass ? BIND.class : BIND.attr).length);
      const from = parsePath(value);
      const why = isClass ? undefined : refusal(tag, target);
      if (why) warn(`${name}: data cannot be bound to ${why}; ignored`);
      if (!from) warn(`${name}="${value}" is not a path`);
      if (why || !from) continue;
      if (isClass) classes.set(target, truthy(resolve(from, scope)));
      else set(target, attributeValue(target, resolve(from, scope)));
    } else if (!name.startsWith('data-svc-') && hasMustache(value)) {
      const why = refusal(tag, name);
      if (why) warn(`${name}="${value}": data cannot be written into ${why}; left as written`);
      else set(name, safeAttribute(name, compileInterpolation(value, (part) => warn(`${part} in ${name} is not a path`))(scope)));
    }
  }
  const media = attr(element, BIND.media);
  const mediaPath = media === undefined ? undefined : parsePath(media);
  if (mediaPath) set('src', safeUrl(text(resolve(mediaPath, scope))) ?? null);
  if (classes.size) {
    // as `classList.toggle` leaves it: no class attribute when there was none and none is added
    const list = new Set((out.get('class') ?? '').split(/\s+/).filter(Boolean));
    for (const [name, on] of classes) {
      if (on) list.add(name);
      else list.delete(name);
    }
    if (list.size || out.has('class')) set('class', [...list].join(' '));
  }
  return out;
}

function renderElement(element: Element, scope: Scope, walk: Walk): void {
  const tag = element.tagName;
  const attributes = boundAttributes(element, scope);
  const options = attr(element, BIND.option);
  if (attr(element, BIND.quantity) !== undefined && tag === 'input') {
    const quantity = text(resolve(QUANTITY, scope));
    if (quantity) attributes.set('value', quantity);
    const max = text(resolve(parsePath('max_quantity')!, scope));
    if (max && attr(element, 'type') === 'number') attributes.set('max', max);
  }
  const chosen = options === undefined ? undefined : chosenOption(options, element, scope, attributes);
  if (tag === 'option' && walk.selects !== undefined && (attr(element, 'value') ?? textOf(element)) === walk.selects) attributes.set('selected', '');
  if (tag === 'svc-variant-selector') return renderSelector(element, attributes, scope, walk);
  const kind = attr(element, BIND.text) !== undefined ? 'text' : attr(element, BIND.money) !== undefined ? 'money' : attr(element, BIND.amount) !== undefined ? 'amount' : undefined;
  const isError = attr(element, BIND.error) !== undefined && textAllowed(tag);
  if (isError) attributes.set('hidden', '');
  walk.out.push(`<${tag}${[...attributes].map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`)).join('')}>`);
  if (VOID.has(tag)) return;
  if (kind && textAllowed(tag)) {
    const from = parsePath(attr(element, BIND[kind])!);
    walk.out.push(escapeText(from ? boundText(kind, resolve(from, scope)) : ''));
  } else if (isError || (attr(element, BIND.html) !== undefined && textAllowed(tag) && htmlAllowed(attr(element, BIND.html)!))) {
    // the error is empty at first; the description is sanitised in the browser (DOMPurify needs a DOM)
  } else if (OWN_TEMPLATE.has(tag) || tag === 'template' || !textAllowed(tag)) {
    walk.out.push(innerHtml(element));
  } else {
    renderChildren(element.childNodes, scope, { ...walk, selects: tag === 'select' ? chosen : walk.selects });
  }
  walk.out.push(`</${tag}>`);
}

/** A merchant's option control: a radio checked as chosen; a select's chosen value (for its options). */
function chosenOption(name: string, element: Element, scope: Scope, attributes: Map<string, string>): string {
  const option = name || text(resolve(parsePath('value.option')!, scope)) || text(resolve(parsePath('option.name')!, scope));
  const chosen = (resolve(OPTIONS, scope) as { name: string; selected: string }[] | undefined)?.find((o) => o.name === option)?.selected ?? '';
  const type = attributes.get('type');
  if (element.tagName === 'input' && (type === 'radio' || type === 'checkbox')) {
    if (attributes.get('value') === chosen) attributes.set('checked', '');
    else attributes.delete('checked');
  }
  return chosen;
}

const textOf = (element: Element): string => element.childNodes.map((n) => (n.nodeName === '#text' ? (n as DefaultTreeAdapterMap['textNode']).value : isElement(n) ? textOf(n) : '')).join('');
const innerHtml = (element: Element) => element.childNodes.map((child) => serializeOuter(child)).join('');

/**
 * `<svc-variant-selector>` with its declarative shadow root, rendered by Lit from the product's options, and
 * `defer-hydration`: it hydrates once its product context has given it the same options in the browser.
 */
function renderSelector(element: Element, attributes: Map<string, string>, scope: Scope, walk: Walk) {
  const options = resolve(OPTIONS, scope);
  const at = walk.out.push('') - 1;
  walk.pending.push((async () => {
    const rendered = await collectResult(render(html`<svc-variant-selector type=${ifDefined(attributes.get('type'))} option=${ifDefined(attributes.get('option'))}
      swatches=${ifDefined(attributes.get('swatches'))} lang=${ifDefined(walk.lang)} .options=${options}></svc-variant-selector>`));
    const shadow = /<template shadowroot(?:mode)?="open"[^]*<\/template>/.exec(rendered)?.[0] ?? '';
    const fixed = shadow.replace(/ (checked|selected|disabled)="(true|false)"/g, (_, name: string, on: string) => (on === 'true' ? ` ${name}` : ''));
    // (rendered in the page's language; the browser's element reads it from the page, not from an attribute of its own)
    attributes.set('defer-hydration', '');
    walk.out[at] = `<svc-variant-selector${[...attributes].map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`)).join('')}>${fixed}${innerHtml(element)}</svc-variant-selector>`;
  })());
}

/** What a context or list renders with, fetched as the browser's element asks for it (its early answers). */
type Rendered = { scope: Scope; data: Record<string, unknown>; jsonLd?: Record<string, unknown>; cards?: ItemCard[] };

async function contextData(element: Element, options: TemplatesRenderOptions): Promise<Rendered | undefined> {
  const client = storeClient(options.store);
  const type = attr(element, 'type') ?? 'product';
  const slug = attr(element, 'slug');
  const hrefTemplate = attr(element, 'href-template') ?? null;
  const absolute = (href: string | null | undefined) => (href && options.pageUrl ? new URL(href, options.pageUrl).href : href ?? options.pageUrl);
  if (type === 'product' && slug) {
    const product = await getProduct(client, slug);
    const choice = firstChoice(product, Number(attr(element, 'variant-id')) || undefined);
    const chosen = chosenVariant(product, choice);
    const [pricing, availability] = await Promise.all([
      product.variants.length ? getVariantPricing(client, product.variants.map((v) => v.id)).catch(() => undefined) : undefined,
      chosen ? getVariantAvailability(client, chosen.id).catch(() => undefined) : undefined,
    ]);
    const live = new Map((pricing ?? []).map((p) => [p.variant_id, p]));
    const values = productView({ product, choice, pricing: live, availability, quantity: 1, hrefTemplate });
    const priced: ProductDetail = { ...product, variants: product.variants.map((v) => ({ ...v, price: live.get(v.id)?.price ?? v.price })) };
    return {
      scope: { values: { ...values, busy: false, error: '' }, subject: values.product },
      data: { product, pricing, availability },
      jsonLd: productJsonLd(priced, absolute(values.product.url)),
    };
  }
  if (type === 'bundle' && slug) {
    const bundle = await getBundlePriceOption(client, slug);
    const view = bundleView(bundle, 1, hrefTemplate);
    return { scope: { values: { bundle: view, busy: false, error: '' }, subject: view }, data: { bundle }, jsonLd: bundleJsonLd(bundle, absolute(view.url)) };
  }
  const secret = attr(element, 'secret');
  if (type === 'order' && secret) {
    const order = await getPublicOrder(client, secret);
    const view = { ...order, paid: order.payment_status === 'paid' };
    return { scope: { values: { order: view, busy: false, error: '' }, subject: view }, data: { order } };
  }
  return undefined; // the cart is the shopper's: rendered in the browser
}

async function listData(element: Element, options: TemplatesRenderOptions): Promise<Rendered> {
  const pageSize = attr(element, 'page-size') === undefined ? 12 : Number(attr(element, 'page-size'));
  const category = attr(element, 'category') || undefined;
  const page = await fetchCatalogPage({ store: options.store, category, pageSize });
  const hrefTemplate = attr(element, 'href-template') ?? null;
  const list = { has_next: page.next_cursor !== null, has_previous: false, page: 1, count: page.results.length, empty: !page.results.length };
  const href = (item: ItemCard) => {
    const url = cardView(item, hrefTemplate).url;
    return url && options.pageUrl ? new URL(url, options.pageUrl).href : url ?? undefined;
  };
  return {
    scope: { values: { list } },
    cards: page.results,
    data: { firstPage: { results: page.results, next_cursor: page.next_cursor } },
    jsonLd: itemListJsonLd(page.results, href, page.total),
  };
}

/** The element with its template rendered after it (placeholders left out), its data child, and its JSON-LD after it. */
async function renderTemplateElement(element: Element, options: TemplatesRenderOptions): Promise<string | undefined> {
  const template = element.childNodes.find((n): n is Template => isElement(n) && n.tagName === 'template');
  if (!template) return undefined;
  const isList = element.tagName === 'svc-list';
  const rendered = isList ? await listData(element, options) : await contextData(element, options);
  if (!rendered) return undefined;
  const walk: Walk = { out: [], lang: options.lang, pending: [] };
  if (isList) {
    const hrefTemplate = attr(element, 'href-template') ?? null;
    renderEntries(template, (rendered.cards ?? []).map((card) => cardView(card, hrefTemplate)), 'item', rendered.scope, walk);
    walk.out.push(`<!--${MARK.each}-->`);
  } else {
    renderChildren(template.content.childNodes, rendered.scope, walk);
    walk.out.push(`<!--${MARK.end}-->`);
  }
  await Promise.all(walk.pending);
  // the merchant's children as written, but for the placeholders: the data is there
  const kept = (children: Node[]) => children.filter((child) => !(isElement(child) && attr(child, BIND.placeholder) !== undefined))
    .map((child) => serializeOuter(child)).join('');
  const index = element.childNodes.indexOf(template);
  const before = kept(element.childNodes.slice(0, index + 1));
  const after = kept(element.childNodes.slice(index + 1));
  const attributes = element.attrs.filter((a) => a.name !== 'data-svc-state').map((a) => ` ${a.name}="${escapeAttribute(a.value)}"`).join('');
  const state = isList && (rendered.scope.values.list as { has_next: boolean }).has_next ? ' has-next' : '';
  const data = `<script type="application/json" data-svc-rendered>${scriptJson(rendered.data)}</script>`;
  return `<${element.tagName}${attributes} data-svc-state="ready"${state}>${before}${walk.out.join('')}${after}${data}</${element.tagName}>`
    + (rendered.jsonLd ? jsonLdScript(rendered.jsonLd) : '');
}

/** Every `<svc-context>` and `<svc-list>` of the page, outside templates (the nested ones render in the browser). */
function findTemplateElements(node: Parent, found: Element[] = []): Element[] {
  for (const child of node.childNodes) {
    if (!isElement(child)) continue;
    if (OWN_TEMPLATE.has(child.tagName)) found.push(child);
    else findTemplateElements(child, found);
  }
  return found;
}

/**
 * `html` (a whole page, or a fragment) with each `<svc-context>` and `<svc-list>` rendered with its data. Everything
 * else is left as written, byte for byte. A context whose data cannot be read (an unknown slug) rejects with the
 * client's `ApiError`, as `renderProduct` does: answer your own 404.
 */
export async function renderTemplates(htmlText: string, options: TemplatesRenderOptions): Promise<string> {
  const whole = /^\s*(<!doctype|<html)/i.test(htmlText);
  const tree = whole ? parse(htmlText, { sourceCodeLocationInfo: true }) : parseFragment(htmlText, { sourceCodeLocationInfo: true });
  const elements = findTemplateElements(tree);
  const replaced = await Promise.all(elements.map((element) => renderTemplateElement(element, options)));
  let out = htmlText;
  // from the end, so that earlier offsets stay right
  for (let i = elements.length - 1; i >= 0; i--) {
    const location = elements[i].sourceCodeLocation;
    if (replaced[i] === undefined || !location) continue;
    out = out.slice(0, location.startOffset) + replaced[i] + out.slice(location.endOffset);
  }
  return out;
}
