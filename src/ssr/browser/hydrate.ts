/**
 * `dist/svc-hydrate.js`: the one script a server-rendered page loads before `svc-elements.js` (both module tags, in
 * this order). It installs Lit's hydration support (before any element class exists), hands each element the answer
 * it was rendered from (its `<script type="application/json" data-svc-rendered>` child) so that it asks the service
 * for nothing it already shows, and turns off the reserved boxes of not-yet-defined elements: the server's
 * declarative shadow roots have their final size already.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { RENDERED } from '../../elements/shared/rendered.ts';

/** The data child's fields, by element: `<svc-catalog>`'s first page, `<svc-product>`'s product or bundle. */
const FIELDS = ['firstPage', 'rendered'];

for (const script of document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-svc-rendered]')) {
  const host = script.parentElement;
  if (!host?.localName.startsWith('svc-')) continue;
  try {
    const data = JSON.parse(script.textContent ?? '') as Record<string, unknown>;
    // set before the element upgrades: the element takes it at its first update (`takeRendered`), so that update
    // renders what the server did, the DOM Lit hydrates
    for (const name of FIELDS) if (name in data) (host as unknown as Record<string, unknown>)[RENDERED] = data[name];
  } catch {
    // unreadable: the element asks the service itself
  }
}

(document as Document & { __svcReservedBoxes?: true }).__svcReservedBoxes = true;
