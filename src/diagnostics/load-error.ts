/**
 * `dist/svc-load-error.js`: what the diagnostics panel says when the elements' code itself could not load, so the
 * panel (a module of that code) cannot. The classic tag (script-tag.ts) adds this classic script beside itself on
 * `?svc-debug` or `data-debug` when importing `svc-elements.js` failed. A classic script needs no CORS, which is
 * the usual cause: the module import does. It asks for the entry again to tell the causes apart (missing, no CORS
 * for this origin, unreachable) and shows one line on what to do.
 */
import { adoptCss } from '../elements/shared/adopt-css.ts';

const script = document.currentScript as HTMLScriptElement | null;
const entry = new URL('svc-elements.js', script?.src || location.href).href;

const css = `:host { position: fixed; inset-block-end: 8px; inset-inline-end: 8px; z-index: 2147483647; box-sizing: border-box;
  inline-size: min(28rem, calc(100vw - 16px)); font: 14px/1.45 system-ui, sans-serif; color: #1f2328; }
aside { background: #fff; border: 1px solid #b42318; border-radius: 8px; box-shadow: 0 4px 16px rgb(0 0 0 / .2); padding: 8px 12px 12px; overflow-wrap: anywhere; }
h2 { font-size: 14px; margin: 4px 0 8px; }
strong { color: #b42318; }
p { margin: 4px 0; }
code { font: 12px/1.4 ui-monospace, monospace; }`;

/** Why `entry` did not load, and what to do, asked of the network again (a failed import tells nothing). */
async function cause(): Promise<[string, string]> {
  try {
    const response = await fetch(entry, { cache: 'no-store' });
    if (!response.ok) return [`${entry} answers ${response.status}.`, 'Serve the whole browser folder (dist/) as it is, svc-elements.js and chunks/ next to svc-elements.iife.js.'];
    return [`${entry} loads but did not run.`, 'One of its chunks may be missing or blocked: look for the failed request in the browser\'s network panel.'];
  } catch {
    try {
      await fetch(entry, { mode: 'no-cors', cache: 'no-store' });
    } catch {
      return [`${entry} cannot be reached.`, 'Check the script tag\'s address and that the server runs.'];
    }
    // the store of the page's tag, for a command to copy as it is
    const store = document.querySelector<HTMLScriptElement>('script[data-store-id]')?.dataset.storeId ?? 'STORE';
    return [`${entry} is refused to this page: its server sends no CORS header for ${location.origin}.`,
      `A module script needs one. With the reference server, allow this site for your store: npm run server -- store add-origin ${store} ${location.origin}. From a CDN, send Access-Control-Allow-Origin.`];
  }
}

function show([what, todo]: [string, string]) {
  const host = document.createElement('svc-load-error');
  const root = host.attachShadow({ mode: 'open' });
  adoptCss(root, css); // nothing a strict CSP must allow (a `<style>` with `window.litNonce` before Safari 16.4)
  const aside = document.createElement('aside');
  aside.setAttribute('role', 'alert');
  aside.setAttribute('aria-label', 'Storefront diagnostics');
  const heading = document.createElement('h2');
  heading.textContent = 'Storefront diagnostics';
  const problem = document.createElement('p');
  problem.append(Object.assign(document.createElement('strong'), { textContent: 'The storefront elements did not load. ' }), what);
  const advice = document.createElement('p');
  advice.textContent = todo;
  aside.append(heading, problem, advice);
  root.append(aside);
  document.body.append(host);
}

void cause().then((found) => {
  console.error(`[svc] ${found.join(' ')}`);
  if (document.body) show(found);
  else addEventListener('DOMContentLoaded', () => show(found), { once: true });
});
