/**
 * `dist/svc-hydrate.js`: the one script a server-rendered page loads before `svc-elements.js` (both module tags, in
 * this order). It installs Lit's hydration support (before any element class exists), hands each element the answer
 * it was rendered from (its `<script type="application/json" data-svc-rendered>` child) so that it asks the service
 * for nothing it already shows, and turns off the reserved boxes of not-yet-defined elements: the server's
 * declarative shadow roots have their final size already.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';

/** The properties the elements take server-rendered data through (`<svc-catalog>`, `<svc-product>`). */
const RENDERED = ['firstPage', 'rendered'];

for (const script of document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-svc-rendered]')) {
  const host = script.parentElement;
  if (!host?.localName.startsWith('svc-')) continue;
  try {
    const data = JSON.parse(script.textContent ?? '') as Record<string, unknown>;
    // set before the element upgrades: Lit takes such instance properties over at its first update
    for (const name of RENDERED) if (name in data) (host as unknown as Record<string, unknown>)[name] = data[name];
  } catch {
    // unreadable: the element asks the service itself
  }
}

(document as Document & { __svcReservedBoxes?: true }).__svcReservedBoxes = true;
