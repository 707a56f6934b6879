/** Element test helpers: a `<svc-store>` around the markup under test, and shadow-DOM queries that wait. */
import { fixture } from '@open-wc/testing';
import { html, type TemplateResult } from 'lit';
import '../../../src/index.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import { STORE, waitFor } from '../support/server.ts';

/**
 * Renders `content` inside a `<svc-store>` of the demo store. Tokens live in memory, so every fixture starts
 * with a new, empty guest cart.
 */
export async function inStore<T extends Element>(content: TemplateResult, select: string, store: { id: string; key: string } = STORE): Promise<T> {
  const scope = await fixture<SvcStore>(html`<svc-store store-id=${store.id} store-key=${store.key} base-url=${location.origin} token-storage="memory">${content}</svc-store>`);
  return scope.querySelector<T>(select)!;
}

/** First match in `host`'s shadow root, waiting until it exists. */
export async function find<T extends Element = HTMLElement>(host: Element, selector: string, timeoutMs = 4000): Promise<T> {
  await waitFor(() => !!host.shadowRoot?.querySelector(selector), timeoutMs, selector);
  return host.shadowRoot!.querySelector<T>(selector)!;
}

export const findAll = <T extends Element = HTMLElement>(host: Element, selector: string) =>
  [...(host.shadowRoot?.querySelectorAll<T>(selector) ?? [])];

/** Visible text of a shadow root (slots resolved to their default content), whitespace collapsed. */
export const textOf = (host: Element) => (host.shadowRoot as unknown as HTMLElement).textContent!.replace(/\s+/g, ' ').trim();

export { waitFor };

/** Text with every run of whitespace (Intl's no-break spaces too) as one space. */
export const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
