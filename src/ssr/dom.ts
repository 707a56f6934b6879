/**
 * Lit's DOM shim for rendering elements in Node, plus the two document lookups our element modules make while they
 * load (`storefront.ts` looks for the script tag that configured it: a server has none), and a base URL. Imported before any element.
 * Not `install-global-dom-shim.js`: its CSS-import hook awaits at top level, which lets the element modules beside it
 * run before the shim exists.
 */
import { installWindowOnGlobal } from '@lit-labs/ssr/lib/dom-shim.js';

installWindowOnGlobal();

const doc = globalThis.document as unknown as { querySelector?: () => null; querySelectorAll?: () => never[]; baseURI?: string };
doc.querySelector ??= () => null;
doc.querySelectorAll ??= () => [];
// `safeUrl` judges a URL's scheme against the document's base; a page-relative image stays relative in the HTML
doc.baseURI ??= 'http://localhost/';
