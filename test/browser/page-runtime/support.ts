/** Helpers of the page-runtime browser tests (the reference server is mounted in the test server). */
import type { PublicOrder } from '../../../src/contract/order.ts';
import type { PageConfig } from '../../../src/page-runtime/config.ts';
import { createSvcPage } from '../../../src/page-runtime/svc-page.ts';
import { PAGE, waitFor } from '../support/server.ts';

export { waitFor };

/** The demo page, all three analytics providers (the page domains include this test origin). */
export function pageConfig(overrides: Partial<PageConfig> = {}): PageConfig {
  return {
    pageId: PAGE.id, pageKey: PAGE.key, baseUrl: '', consentRequired: false,
    analytics: [{ provider: 'meta', kind: 'meta' }, { provider: 'tiktok', kind: 'tiktok' }, { provider: 'snackvideo', kind: 'kwai' }],
    ...overrides,
  };
}

export const newSvcPage = (overrides: Partial<PageConfig> = {}) => createSvcPage(pageConfig(overrides));

/** Adds author markup to the body; removed again by `cleanUp`. */
export function mount(html: string): HTMLElement {
  const host = document.createElement('div');
  host.className = 'fixture';
  host.innerHTML = html;
  document.body.append(host);
  return host;
}
export const cleanUp = () => document.querySelectorAll('.fixture').forEach((host) => host.remove());

export type OutboxRow = { provider: string; kind: string; event_id: string; payload: any };
/** The server's conversion-event outbox (dev route), all providers. */
export async function outbox(): Promise<OutboxRow[]> {
  return (await (await fetch('/__reference/outbox')).json()).events;
}
export async function rowsFor(eventId: string): Promise<OutboxRow[]> {
  return (await outbox()).filter((row) => row.event_id === eventId);
}

/** Picks a select option by value and tells the runtime, as a buyer's choice would. */
export async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await waitFor(() => [...select.options].some((o) => o.value === value), 5000, `option ${value} in ${select.outerHTML.slice(0, 60)}`);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

export function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Binds the fixture's form (a digital item paid by QRIS: name, phone and the e-mail it is delivered to), fills it and submits; resolves with
 * the order once `svc-page-order` fired, and with `orderView` once the order view is shown too.
 */
export async function placeDigitalOrder(root: HTMLElement, { orderView = false } = {}): Promise<PublicOrder> {
  const form = root.querySelector<HTMLFormElement>('form')!;
  let placed: PublicOrder | undefined;
  form.addEventListener('svc-page-order', (e) => (placed = (e as CustomEvent<{ order: PublicOrder }>).detail.order));
  newSvcPage({ analytics: [] }).bind(form);
  await waitFor(() => root.querySelector('output')!.textContent !== '—', 5000, 'a summary');
  type(root.querySelector<HTMLInputElement>('[data-svc-field="customer.name"]')!, 'Budi Santoso');
  type(root.querySelector<HTMLInputElement>('[data-svc-field="customer.phone"]')!, '081234567890');
  type(root.querySelector<HTMLInputElement>('[data-svc-field="customer.email"]')!, 'budi@example.com'); // delivers the e-book
  form.requestSubmit();
  const viewShown = () => !orderView || !root.querySelector<HTMLElement>('[data-svc-order]')!.hidden;
  await waitFor(() => !!placed && viewShown(), 6000, orderView ? 'the order view' : 'the order');
  return placed!;
}
