/**
 * `dist/svc-elements.iife.js`: the one classic `<script>` tag a merchant pastes. It loads the ES build that sits next
 * to it, so a page fetches only the chunks its elements use (checkout, account and QR arrive on first use) instead
 * of one file with everything inlined. The ES entry finds this tag's `data-store-*` attributes itself.
 *
 *   <script src="https://cdn.example/svc-elements.iife.js" data-store-id="…" data-store-key="…" data-base-url="…"></script>
 *
 * Before that, while the page is still being parsed, it reserves the elements' boxes (no layout shift when they
 * render) and asks for each catalog's first page, which the client adopts in flight (`client/early-requests.ts`).
 */
import { askFirstPages } from './elements/shared/first-pages.ts';
import { reserveBoxes, reservedCss } from './elements/shared/reserved-boxes.ts';

declare const __SVC_PRELOAD__: string[] | undefined; // the entry's static chunks, filled in by vite.config.ts

const script = document.currentScript as HTMLScriptElement | null;
const entry = new URL('svc-elements.js', script?.src || location.href);
// Below the browser policy (docs/browsers.md: `<dialog>` and `Array.prototype.at` arrived in Safari 15.4, the oldest we
// support) nothing is started: the page keeps what the server wrote inside the elements, links included.
if ('HTMLDialogElement' in window && 'at' in Array.prototype) start();

function start() {
  askFirstPages(script); // first: the data is the longest wait

  const nonce = script?.nonce ?? ''; // a strict CSP trusts what the nonced tag adds
  // fetched beside the entry rather than after it: one round trip less before the first element renders
  for (const chunk of typeof __SVC_PRELOAD__ === 'undefined' ? [] : __SVC_PRELOAD__) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(chunk, entry).href;
    link.nonce = nonce;
    document.head.append(link);
  }

  import(/* @vite-ignore */ entry.href).catch((error: unknown) => {
    console.error(`[svc] ${entry.href} did not load: see ?svc-debug`, error);
    // nor did the diagnostics panel, a part of it: on ?svc-debug a classic script (no CORS needed) says why
    if (location.search.includes('svc-debug') || script?.dataset.debug !== undefined) {
      const report = document.createElement('script');
      report.src = new URL('svc-load-error.js', entry).href;
      report.nonce = nonce;
      document.head.append(report);
    }
  });
  // after the requests have started, still before the parser goes on (so before any paint)
  reserveBoxes(document, reservedCss());
}
