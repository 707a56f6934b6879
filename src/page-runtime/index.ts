/**
 * page-runtime.js — the HTML Mode runtime. Configured by its own tag:
 *   <script src="…/page-runtime.js" data-page-id="…" data-page-key="…" [data-base-url] [data-consent="required"]
 *           [data-analytics="meta tiktok snackvideo"] [data-kwai-pixel-id]>
 * It creates `window.svcPage`, announces it with `svc-page-ready`, sends PageView, puts `<svc-location-picker>`s on
 * the page routes and binds every `<form data-svc-checkout>`. Guide: docs/page-runtime.md.
 */
import { readConfig } from './config.ts';
import { misconfigured } from './diagnostics.ts';
import { usePageRoutes } from './form/checkout-form.ts';
import { createSvcPage, type SvcPage } from './svc-page.ts';
import './events.ts';

export { createSvcPage, type SvcPage };
export type { PageConfig } from './config.ts';

// `document.currentScript` exists only while a classic script runs; the module build finds its tag by attribute.
const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>('script[data-page-id]');

function start(): SvcPage | undefined {
  if (window.svcPage) return window.svcPage; // the script twice on one page: the first copy keeps it
  if (!script) {
    misconfigured(undefined, 'no <script data-page-id data-page-key>: add them, or call createSvcPage().', 'warn');
    return undefined;
  }
  const config = readConfig(script);
  if (!config) return undefined;
  // the runtime's optional parts, files beside this one, each loaded only by the pages that use it
  const beside = (file: string) => import(/* @vite-ignore */ `${script.src}/../${file}.js`);
  // `?svc-debug` or `data-debug`: the diagnostics panel, `svc-debug.js` (docs/page-runtime.md, "Diagnostics")
  if (location.search.includes('svc-debug') || script.dataset.debug !== undefined) void beside('svc-debug');
  const page = (window.svcPage = createSvcPage(config));
  // what the checkout form and the order view do beyond the runtime's budget (inline problems, the sticky bar,
  // WhatsApp, copy buttons…): `svc-order-extras.js`, acting on the runtime's events; loaded by the first form bound
  // (also one bound later), a copy button or a sticky bar. One module however often it is asked for
  const extras = () => void beside('svc-order-extras');
  const bind = page.bind;
  page.bind = (form) => (bind(form), extras());
  document.dispatchEvent(new CustomEvent('svc-page-ready', { detail: config }));
  page.track('PageView');
  const bindAll = () => {
    document.querySelectorAll('svc-location-picker').forEach((picker) => usePageRoutes(picker, config));
    document.querySelectorAll<HTMLFormElement>('form[data-svc-checkout]').forEach(page.bind);
    if (document.querySelector('[data-svc-copy],[data-svc-sticky]')) extras();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', bindAll, { once: true });
  else bindAll();
  return page;
}

export const svcPage = start();
