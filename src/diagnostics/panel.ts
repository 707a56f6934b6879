/**
 * `<svc-debug-panel>`: what is wrong with this page's set-up, and the last requests and analytics events with their
 * ids. Loaded only on `?svc-debug` or `data-debug`, by the elements' entry (a lazy chunk) or by page-runtime.js
 * (`dist/svc-debug.js` beside it: the same module, an entry of the ES build); importing it opens it, once per page.
 * No Lit and nothing shared with the entries, so that page-runtime.js can load it on a page without the elements.
 * Every text goes in as text (escaped); keys show their last 4 characters only.
 */
import { diagnose, mask, maskUrl, type Finding } from './diagnose.ts';
import { checkTarget, configuredTargets, missingPixels, probe, unscopedElements } from './page-facts.ts';
import { debugSink, type DebugEvent, type DebugRequest } from './recorder.ts';

const SHOWN = 12;
const css = `
:host { position: fixed; inset-block-end: 8px; inset-inline-end: 8px; z-index: 2147483647; box-sizing: border-box;
  inline-size: min(28rem, calc(100vw - 16px)); font: 14px/1.45 system-ui, sans-serif; color: #1f2328; }
* { box-sizing: border-box; }
aside { background: #fff; border: 1px solid #57606a; border-radius: 8px; box-shadow: 0 4px 16px rgb(0 0 0 / .2); overflow: hidden; }
button { all: unset; box-sizing: border-box; display: flex; align-items: center; gap: 8px; min-block-size: 44px;
  padding: 8px 12px; cursor: pointer; font-weight: 600; background: #f6f8fa; }
.toggle { inline-size: 100%; }
.again { margin-block-start: 8px; border: 1px solid #57606a; border-radius: 6px; }
button:focus-visible { outline: 3px solid #0969da; outline-offset: -3px; }
.count { margin-inline-start: auto; border-radius: 999px; padding: 0 8px; background: #1a7f37; color: #fff; }
.count.bad { background: #b42318; }
.body { max-block-size: min(70vh, 32rem); overflow: auto; padding: 4px 12px 12px; overflow-wrap: anywhere; }
.body[hidden] { display: none; }
h2 { font-size: 14px; margin: 12px 0 4px; }
ul, ol { margin: 0; padding: 0; list-style: none; }
li { padding: 6px 0; border-block-start: 1px solid #d0d7de; }
li.error strong { color: #b42318; }
li.warning strong { color: #8a4b00; }
p { margin: 2px 0; }
code, .meta { font: 12px/1.4 ui-monospace, monospace; }
.meta { color: #57606a; }
`;

type Shown = { findings: Finding[]; requests: DebugRequest[]; events: DebugEvent[] };

/**
 * @summary The storefront diagnostics panel (opened by `?svc-debug` or `data-debug`).
 * @csspart base - the panel
 */
export class SvcDebugPanel extends HTMLElement {
  private readonly root = this.attachShadow({ mode: 'open' });
  private readonly probes = new Map<string, boolean | undefined>();
  private readonly checked = new Set<string>();
  private shown = '';
  private expanded = true;
  private timer?: ReturnType<typeof setInterval>;
  private pending = false;
  private styled = false;

  connectedCallback() {
    if (!this.styled) this.adoptStyles(); // once, though the panel may be moved
    this.styled = true;
    debugSink().changed = () => this.schedule();
    // the markup and the pixels change without telling us: look again now and then while the panel is open
    this.timer = setInterval(() => this.refresh(), 1000);
    addEventListener('load', () => this.refresh(), { once: true });
    this.refresh();
  }

  /**
   * Adopted, not a `<style>`: works under a strict CSP. Safari before 16.4 has no constructed sheets: a `<style>`
   * there (as `adoptCss` of the elements does; not shared, or the elements' initial load gains a chunk).
   */
  private adoptStyles() {
    /* eslint-disable no-restricted-syntax -- guarded */
    if ('adoptedStyleSheets' in this.root && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      this.root.adoptedStyleSheets = [sheet];
      return;
    }
    /* eslint-enable no-restricted-syntax */
    const nonce = (window as { litNonce?: string }).litNonce; // what a strict CSP's style-src allows for Lit's styles
    this.root.append(h('style', nonce ? { nonce } : {}, css));
  }

  disconnectedCallback() {
    clearInterval(this.timer);
    debugSink().changed = undefined;
  }

  /** The findings now (also what the tests read). */
  findings(): Finding[] {
    const sink = debugSink();
    for (const request of sink.requests) {
      if (request.status !== undefined) continue;
      const url = new URL(request.url, location.href);
      const key = url.origin + url.pathname;
      if (this.probes.has(key)) continue;
      this.probes.set(key, undefined);
      void probe(request.url).then((answered) => (this.probes.set(key, answered), this.schedule()));
    }
    return diagnose({
      origin: location.origin,
      requests: sink.requests,
      reachable: (url) => {
        const parsed = new URL(url, location.href);
        return this.probes.get(parsed.origin + parsed.pathname);
      },
      unscoped: unscopedElements(),
      missingPixels: document.readyState === 'complete' ? missingPixels() : [],
    });
  }

  /** Asks each store and page configured on the page once (a `<svc-store>` added later is asked when it appears). */
  private checkTargets() {
    for (const target of configuredTargets()) {
      const signature = JSON.stringify(target);
      if (this.checked.has(signature)) continue;
      this.checked.add(signature);
      void checkTarget(target);
    }
  }

  private schedule() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      this.refresh();
    });
  }

  private refresh() {
    this.checkTargets();
    const sink = debugSink();
    const state: Shown = { findings: this.findings(), requests: sink.requests.slice(-SHOWN).reverse(), events: sink.events.slice(-SHOWN).reverse() };
    const text = JSON.stringify(state);
    if (text === this.shown) return; // unchanged: keep focus and scroll position
    this.shown = text;
    this.render(state);
  }

  private render({ findings, requests, events }: Shown) {
    const errors = findings.filter((f) => f.level === 'error').length;
    const toggle = h('button', { type: 'button', class: 'toggle', 'aria-expanded': String(this.expanded), 'aria-controls': 'svc-debug-body' },
      h('span', {}, 'Storefront diagnostics'),
      h('span', { class: `count${findings.length ? ' bad' : ''}` }, findings.length ? `${findings.length} ${findings.length === 1 ? 'problem' : 'problems'}` : 'OK'));
    toggle.addEventListener('click', () => {
      this.expanded = !this.expanded;
      toggle.setAttribute('aria-expanded', String(this.expanded));
      body.hidden = !this.expanded;
    });
    // after a fix (an origin added, a key replaced): ask every store and page again
    const again = h('button', { type: 'button', class: 'again' }, 'Check again');
    again.addEventListener('click', () => {
      this.checked.clear();
      this.probes.clear();
      this.refresh();
    });
    const body = h('div', { class: 'body', id: 'svc-debug-body' },
      h('h2', {}, 'Set-up'),
      findings.length
        ? h('ul', { 'aria-label': `${errors} errors, ${findings.length - errors} warnings` }, ...findings.map(renderFinding))
        : h('p', {}, 'No set-up problem found so far.'),
      again,
      h('h2', {}, 'Last requests'),
      requests.length ? h('ol', {}, ...requests.map(renderRequest)) : h('p', {}, 'None yet.'),
      h('h2', {}, 'Analytics events'),
      events.length ? h('ol', {}, ...events.map(renderEvent)) : h('p', {}, 'None yet.'));
    body.hidden = !this.expanded;
    const focused = this.root.activeElement?.className;
    // a `<style>` (where sheets cannot be adopted) stays
    this.root.replaceChildren(...this.root.querySelectorAll('style'), h('aside', { part: 'base', 'aria-label': 'Storefront diagnostics' }, toggle, body));
    if (focused) this.root.querySelector<HTMLElement>(`button.${focused}`)?.focus(); // a re-render keeps the focus
  }
}

const time = (at: number) => new Date(at).toLocaleTimeString('en-GB');

function renderFinding(finding: Finding) {
  return h('li', { class: finding.level, 'data-level': finding.level },
    h('strong', {}, `${finding.level === 'error' ? 'Error' : 'Warning'}: ${finding.title}`),
    ...finding.lines.map((line) => h('p', {}, line)));
}

function renderRequest(request: DebugRequest) {
  const outcome = request.status === undefined ? 'no answer (network or CORS)' : `${request.status}${request.code ? ` ${request.code}` : ''}`;
  return h('li', {},
    h('p', {}, h('code', {}, `${request.method} ${maskUrl(request.url)}`)),
    h('p', { class: 'meta' }, [time(request.at), outcome, request.key && `key ${mask(request.key)}`, request.id && `id ${request.id}`].filter(Boolean).join(' · ')));
}

function renderEvent(event: DebugEvent) {
  return h('li', {},
    h('p', {}, h('code', {}, event.name)),
    h('p', { class: 'meta' }, [time(event.at), event.source, event.id ? `id ${event.id}` : 'no id'].join(' · ')));
}

/** An element with attributes and children; strings become text nodes (never markup). */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-debug-panel': SvcDebugPanel;
  }
}

if (!customElements.get('svc-debug-panel')) customElements.define('svc-debug-panel', SvcDebugPanel);

debugSink(); // recording starts now, before the panel is in the page
const open = () => document.querySelector('svc-debug-panel') || document.body.append(document.createElement('svc-debug-panel'));
if (document.body) open();
else document.addEventListener('DOMContentLoaded', open, { once: true });
