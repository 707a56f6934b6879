/**
 * Template test helpers: the merchant's markup (a string, as a page holds it) inside a `<svc-store>` of the
 * reference server, waiting for the templates chunk, and light-DOM queries.
 */
import { fixture } from '@open-wc/testing';
import { html } from 'lit';
import '../../../src/index.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import { STORE, waitFor } from '../support/server.ts';

export { waitFor };

/** `markup` inside a fresh `<svc-store>` (tokens in memory: a new, empty guest cart), once the template tags are defined. */
export async function mountTemplate(markup: string, { store = STORE as { id: string; key: string }, lang = 'en' } = {}) {
  const scope = await fixture<SvcStore>(html`<svc-store lang=${lang} store-id=${store.id} store-key=${store.key} base-url=${location.origin} token-storage="memory"></svc-store>`);
  scope.innerHTML = markup;
  await Promise.all([customElements.whenDefined('svc-context'), customElements.whenDefined('svc-list')]);
  return scope;
}

/** Waits until `root` has an element matching `selector` (light DOM) and returns it. */
export async function shows<T extends Element = HTMLElement>(root: ParentNode, selector: string, timeoutMs = 6000): Promise<T> {
  await waitFor(() => !!root.querySelector(selector), timeoutMs, selector);
  return root.querySelector<T>(selector)!;
}

/** Text with runs of whitespace (no-break spaces too) as one space. */
export const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
