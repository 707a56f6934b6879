/** The facts of this page the diagnostics panel reads: the markup, the pixels and whether a failed URL's service answers. */
import type { Facts } from './diagnose.ts';

/** Elements that need a store (or, for checkout and the location picker, an HTML Mode page). */
const STORE_ELEMENTS = ['svc-catalog', 'svc-product', 'svc-add-to-cart', 'svc-cart', 'svc-cart-button', 'svc-checkout',
  'svc-location-picker', 'svc-order-status', 'svc-sign-in', 'svc-account'];
const PAGE_ELEMENTS = new Set(['svc-checkout', 'svc-location-picker']);

/** The nearest `<svc-store>` across shadow roots (an element rendered inside another one inherits its store). */
function inStore(el: Element): boolean {
  for (let node: Node | null = el; node; node = (node as Element).parentElement ?? (node.getRootNode() as ShadowRoot).host ?? null) {
    if ((node as Element).localName === 'svc-store') return true;
    if (node === document.documentElement) return false;
  }
  return false;
}

const startTag = (el: Element) => el.outerHTML.slice(0, el.outerHTML.indexOf('>') + 1);

/** Storefront elements with no store: no `<svc-store>` around, no `data-store-id`+`data-store-key` on a script tag. */
export function unscopedElements(root: ParentNode = document): string[] {
  if (document.querySelector('script[data-store-id][data-store-key]')) return [];
  const pageScript = !!document.querySelector('script[data-page-id][data-page-key]');
  const found: string[] = [];
  for (const el of root.querySelectorAll(STORE_ELEMENTS.join(','))) {
    if (inStore(el)) continue;
    if (PAGE_ELEMENTS.has(el.localName) && ((el.hasAttribute('page-id') && el.hasAttribute('page-key')) || pageScript)) continue;
    found.push(startTag(el));
  }
  return found;
}

/** The global each provider's pixel snippet defines (synchronously, before its library arrives). */
type PixelGlobals = { fbq?: unknown; ttq?: unknown; kwaiq?: unknown; gtag?: unknown; dataLayer?: unknown };
const PIXELS: Record<string, { provider: string; pixel: string; present: (w: PixelGlobals) => boolean }> = {
  meta: { provider: 'Meta', pixel: 'the Meta pixel (fbq)', present: (w) => typeof w.fbq === 'function' },
  tiktok: { provider: 'TikTok', pixel: 'the TikTok pixel (ttq)', present: (w) => !!w.ttq },
  snackvideo: { provider: 'Kwai (SnackVideo)', pixel: 'the Kwai pixel (kwaiq)', present: (w) => !!w.kwaiq },
  ga4: { provider: 'Google Analytics 4', pixel: 'the Google tag (gtag) or a GTM dataLayer', present: (w) => typeof w.gtag === 'function' || Array.isArray(w.dataLayer) },
};
/** The words of the elements' `data-analytics` (analytics/forward.ts). */
const ELEMENT_WORDS: Record<string, string> = { ga4: 'ga4', gtag: 'ga4', meta: 'meta', facebook: 'meta', tiktok: 'tiktok', snackvideo: 'snackvideo', kwai: 'snackvideo' };

type RuntimeConfig = { analytics?: ReadonlyArray<{ provider: string; kind: string }> };

/**
 * Providers whose pixel is not on the page while `data-analytics` forwards to them: page-runtime.js's (its config)
 * and the elements' (their script tag and each `<svc-store>`), each provider once per source.
 */
export function missingPixels(): Facts['missingPixels'] {
  const config = (window as { svcPage?: { config?: RuntimeConfig } }).svcPage?.config;
  const elements = new Map<string, string>();
  for (const tag of document.querySelectorAll<HTMLElement>('script[data-store-id][data-analytics],svc-store[data-analytics]')) {
    for (const word of (tag.dataset.analytics ?? '').toLowerCase().split(/[\s,]+/)) {
      const provider = ELEMENT_WORDS[word];
      if (provider && !elements.has(provider)) elements.set(provider, word);
    }
  }
  const missing = (provider: string) => PIXELS[provider] && !PIXELS[provider].present(window as PixelGlobals);
  const finding = (provider: string, word: string, source: 'page-runtime' | 'elements') => ({ provider: PIXELS[provider].provider, pixel: PIXELS[provider].pixel, word, source });
  return [
    ...(config?.analytics ?? []).filter(({ provider }) => missing(provider)).map(({ provider, kind }) => finding(provider, kind, 'page-runtime')),
    ...[...elements].filter(([provider]) => missing(provider)).map(([provider, word]) => finding(provider, word, 'elements')),
  ];
}

/**
 * Whether the service behind a URL answers at all: a no-cors GET gets an opaque answer from any server that is up,
 * whatever its CORS rules, and fails only when nothing answers. The key stays out of it (path only).
 */
export function probe(url: string): Promise<boolean> {
  const parsed = new URL(url, location.href);
  return fetch(parsed.origin + parsed.pathname, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' }).then(() => true, () => false);
}

export type Target = { kind: 'store' | 'page'; id: string; key: string; base: string };

/** `data-base-url`, else the origin the script came from, else this page (how the elements and the runtime pick it). */
const scriptBase = (script: HTMLScriptElement) => script.dataset.baseUrl ?? (script.src ? new URL(script.src, location.href).origin : '');

/** Every store and page this page is configured with: the script tags, each `<svc-store>`, `window.svcPage`. */
export function configuredTargets(): Target[] {
  const targets: Target[] = [];
  const storeScript = document.querySelector<HTMLScriptElement>('script[data-store-id][data-store-key]');
  const storeBase = storeScript ? scriptBase(storeScript) : '';
  if (storeScript) targets.push({ kind: 'store', id: storeScript.dataset.storeId!, key: storeScript.dataset.storeKey!, base: storeBase });
  for (const store of document.querySelectorAll('svc-store[store-id][store-key]')) {
    targets.push({ kind: 'store', id: store.getAttribute('store-id')!, key: store.getAttribute('store-key')!, base: store.getAttribute('base-url') ?? storeBase });
  }
  const page = (window as { svcPage?: { config?: { pageId: string; pageKey: string; baseUrl: string } } }).svcPage?.config;
  if (page) targets.push({ kind: 'page', id: page.pageId, key: page.pageKey, base: page.baseUrl });
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[data-page-id][data-page-key]')) {
    targets.push({ kind: 'page', id: script.dataset.pageId!, key: script.dataset.pageKey!, base: scriptBase(script) });
  }
  // elements given a page themselves (checkout, location picker, a page-mode <svc-store>)
  for (const el of document.querySelectorAll('[page-id][page-key]')) {
    targets.push({ kind: 'page', id: el.getAttribute('page-id')!, key: el.getAttribute('page-key')!, base: el.getAttribute('base-url') ?? '' });
  }
  const seen = new Set<string>();
  return targets.filter((t) => !seen.has(JSON.stringify(t)) && !!seen.add(JSON.stringify(t)));
}

/**
 * One cheap read with the target's key, as the elements and the runtime send it: its answer (or its CORS refusal)
 * is what the diagnosis needs even when the page's own first requests came before the panel.
 */
export function checkTarget({ kind, id, key, base }: Target): Promise<unknown> {
  const path = kind === 'store' ? `/v3/stores/${encodeURIComponent(id)}/public/categories` : `/v3/pages/${encodeURIComponent(id)}/locations/provinces`;
  const header = kind === 'store' ? 'X-Service-Storefront-Api-Key' : 'X-Service-Page-Api-Key';
  const init = { headers: { Accept: 'application/json', [header]: key }, credentials: 'omit', svcDebugCheck: true } as RequestInit;
  return fetch(new URL(base.replace(/\/+$/, '') + path, location.href).href, init).catch(() => undefined);
}
