/**
 * What the diagnostics panel can truly tell from inside the page, as actionable findings. Pure: the panel gathers the
 * facts (page-facts.ts) and shows the findings. The limits are the browser's: a request refused by CORS is a bare
 * network error (no status, no body), so "this origin is not allowed" is inferred from a second, no-cors request to
 * the same URL that does get an (opaque) answer; and the service answers `Store not found` alike for an unknown store,
 * a wrong key and a plan below Basic, so the panel names the three and what to check for each.
 */
import type { DebugRequest } from './recorder.ts';

export type Finding = { level: 'error' | 'warning'; title: string; lines: string[] };

export type Facts = {
  /** This page's origin. */
  origin: string;
  requests: readonly DebugRequest[];
  /** Result of the no-cors probe of a failed request's URL: true answered, false unreachable, undefined pending. */
  reachable: (url: string) => boolean | undefined;
  /** Start tags of storefront elements that have no store (no `<svc-store>`, no `data-store-*` on the tag). */
  unscoped: readonly string[];
  /** Providers page-runtime.js or the elements forward to (`data-analytics`) whose browser pixel is not on the page. */
  missingPixels: ReadonlyArray<{ provider: string; word: string; pixel: string; source?: 'page-runtime' | 'elements' }>;
};

const CLI = 'svc-reference-server';

/** All but the last 4 characters hidden (all of a key of 4 characters or fewer). */
export const mask = (key: string | undefined): string =>
  !key ? '(none)' : key.length <= 4 ? '*'.repeat(key.length) : `${'*'.repeat(Math.min(key.length - 4, 8))}${key.slice(-4)}`;

/** Path segments that are an order's secret slug (it opens the order): `/public/orders/{slug}`, the dev pay routes. */
const SLUG_IN_PATH = /(\/public\/orders\/|\/__reference\/orders\/|\/__reference\/pay\/)([^/]+)/;

/**
 * The URL as shown: its query's keys masked (catalog reads carry the storefront key as `store_key`), and an order's
 * secret slug in the path masked like a key.
 */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url, location.href);
    for (const name of ['store_key', 'page_key']) {
      const value = parsed.searchParams.get(name);
      if (value !== null) parsed.searchParams.set(name, mask(value));
    }
    parsed.pathname = parsed.pathname.replace(SLUG_IN_PATH, (_, route: string, slug: string) => route + mask(decodeURIComponent(slug)));
    return parsed.origin === location.origin ? parsed.pathname + parsed.search : parsed.href;
  } catch {
    return '(unreadable URL)';
  }
}

type Target = { kind: 'store' | 'page'; id: string; service: string };

/** The store or page a request was for, and the service address it went to. */
export function targetOf(url: string): Target | undefined {
  const match = /^(.*?)\/v3\/(stores|pages)\/([^/?#]+)/.exec(new URL(url, location.href).href);
  if (!match) return undefined;
  let id = match[3];
  try {
    id = decodeURIComponent(id);
  } catch { /* shown as sent */ }
  return { kind: match[2] === 'stores' ? 'store' : 'page', id, service: match[1] };
}

export function diagnose(facts: Facts): Finding[] {
  const findings: Finding[] = [];
  // the latest answer for each store or page decides: a failure that a later success followed was transient
  const latest = new Map<string, DebugRequest>();
  for (const request of facts.requests) {
    const target = targetOf(request.url);
    if (target) latest.set(`${target.kind} ${target.id} ${target.service}`, request);
  }
  for (const request of latest.values()) {
    const finding = requestFinding(request, targetOf(request.url)!, facts);
    if (finding) findings.push(finding);
  }
  for (const tag of facts.unscoped) {
    findings.push({
      level: 'error',
      title: `${tag} has no store`,
      lines: [
        'It is outside any <svc-store> and the script tag has no data-store-id and data-store-key, so it cannot load anything.',
        'Put data-store-id="…" data-store-key="…" on the script tag, or wrap the element in <svc-store store-id="…" store-key="…" base-url="…">.',
      ],
    });
  }
  for (const { provider, word, pixel, source } of facts.missingPixels) {
    if (source === 'elements') {
      findings.push({
        level: 'warning',
        title: `${provider} pixel missing for the elements`,
        lines: [
          `The elements' data-analytics includes "${word}" but ${pixel} is not on this page: their funnel events (add_to_cart, purchase …) reach ${provider} nowhere, the elements send no server copy.`,
          `Add the ${provider} snippet before the elements' script, or remove "${word}" from data-analytics.`,
        ],
      });
      continue;
    }
    findings.push({
      level: 'warning',
      title: `${provider} pixel missing`,
      lines: [
        `data-analytics includes "${word}" but ${pixel} is not on this page: conversions reach ${provider} only through the server copy, and the browser copy that pairs with it is lost.`,
        `Add the ${provider} pixel snippet before page-runtime.js, or remove "${word}" from data-analytics.`,
      ],
    });
  }
  return findings;
}

function requestFinding(request: DebugRequest, target: Target, facts: Facts): Finding | undefined {
  const { kind, id, service } = target;
  const what = `${kind === 'store' ? 'Store' : 'Page'} "${id}"`;
  const key = `${kind === 'store' ? 'storefront' : 'page'} key ${mask(request.key)}`;
  // a page's store is not in its URL: the command names it as a placeholder there
  const allow = `${CLI} store add-origin ${kind === 'store' ? id : '<store>'} ${facts.origin}`;
  if (request.status === undefined) {
    const reachable = facts.reachable(request.url);
    if (reachable === undefined) {
      return { level: 'warning', title: `${what}: request failed, checking why…`, lines: [`${request.method} ${maskUrl(request.url)} got no readable answer.`] };
    }
    if (!reachable) {
      return {
        level: 'error',
        title: `Service not reachable at ${service || facts.origin}`,
        lines: [
          `${request.method} ${maskUrl(request.url)} got no answer at all.`,
          'Check data-base-url (or base-url on <svc-store>): it is the service address, and without it the origin the script came from. Check that the service is running and that a Content-Security-Policy connect-src allows it.',
        ],
      };
    }
    return kind === 'store'
      ? {
        level: 'error',
        title: `This origin is not allowed by store "${id}"`,
        lines: [
          `The service at ${service || facts.origin} answers, but not to ${facts.origin}: the browser refused its answer (CORS), so the page cannot read it.`,
          `Either ${facts.origin} is not among the store's allowed origins — add it: ${allow} (or on the business API, the store's allowed origins) —`,
          `or the store id "${id}" is wrong: an unknown store allows no origin. Compare it with ${CLI} store show ${id}.`,
        ],
      }
      : {
        level: 'error',
        title: `This origin is not a domain of page "${id}"`,
        lines: [
          `The service at ${service || facts.origin} answers, but not to ${facts.origin}: the browser refused its answer (CORS).`,
          `Either ${facts.origin} is not among the page's domains (or, for a page without domains, its business's) — add it: ${allow} (the store and its pages), or on the business API (/v3/landing-pages/…) —`,
          `or the page id "${id}" (data-page-id) is wrong: an unknown page allows no origin.`,
        ],
      };
  }
  if (request.status === 403 && request.code === 'origin_not_allowed') {
    return {
      level: 'error',
      title: `This origin is not allowed by ${kind} "${id}"`,
      lines: [`The service refused ${request.method} ${maskUrl(request.url)}: ${request.message ?? 'origin not allowed'}.`, `Add ${facts.origin}: ${allow}.`],
    };
  }
  if (request.status === 404 && request.code === 'store_not_found') {
    return {
      level: 'error',
      title: `${what}: Store not found`,
      lines: [
        `The service refused the ${key}. It answers "Store not found" alike in three cases; check each:`,
        `1. Wrong store id: "${id}" must be the store's unique id (or numeric id), as ${CLI} store show ${id} prints it.`,
        `2. Wrong or revoked key: ${mask(request.key)} must be one of that store's storefront keys (store show lists them; store add-key issues one). The key goes in data-store-key or store-key, never a page key (pgk_…).`,
        '3. Plan below Basic: only an active, paid Basic, Pro or Ultimate plan has a storefront runtime (a Free plan store always answers this).',
      ],
    };
  }
  if (request.status === 404 && request.code === 'page_not_found') {
    const storeKey = request.key?.startsWith('sfk_');
    return {
      level: 'error',
      title: `${what}: Page not found`,
      lines: [
        `The service refused the ${key} for page "${id}" (data-page-id and data-page-key of page-runtime.js, or page-id and page-key).`,
        storeKey ? 'That is a storefront key (sfk_…): page routes take the page\'s own key (pgk_…), from the page\'s settings.' : 'Check that it is one of this page\'s keys (the page\'s settings, or the business API /v3/landing-pages/…) and that the page id is right.',
        'A store plan below Basic refuses its pages too.',
      ],
    };
  }
  return undefined;
}
