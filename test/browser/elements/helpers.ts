/**
 * Element test helpers: a `<svc-store>` of the reference server's demo store around the markup under test,
 * shadow-DOM queries (`find` waits, `query` does not), typing and choosing like a buyer, and orders placed over HTTP.
 */
import { fixture } from '@open-wc/testing';
import { html, type TemplateResult } from 'lit';
import '../../../src/index.ts';
import type { SvcLocationPicker } from '../../../src/elements/location-picker/location-picker.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import type { PublicOrder } from '../../../src/contract/order.ts';
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

/** Visible text of a shadow root (slots resolved to their default content), or of an element, whitespace collapsed. */
export const textOf = (el: Element | null | undefined) => (el?.shadowRoot ?? el)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

export { waitFor };

/** Text with every run of whitespace (Intl's no-break spaces too) as one space. */
export const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Mounts `content` inside `<svc-store>` of the demo store (or `store`), in language `lang`; returns the store and the first child. */
export async function mount<T extends HTMLElement>(content: TemplateResult, { lang = 'en', store = STORE as { id: string; key: string } } = {}) {
  const host = await fixture<SvcStore>(html`<svc-store lang=${lang} store-id=${store.id} store-key=${store.key} base-url=${location.origin}>${content}</svc-store>`);
  const element = host.firstElementChild as T & { updateComplete?: Promise<unknown> };
  await element.updateComplete;
  return { store: host, storefront: host.storefront!, element };
}

/** First match in `host`'s shadow root now (null: none); `find` waits for it. */
export const query = <E extends Element = HTMLElement>(host: Element, selector: string) => host.shadowRoot!.querySelector<E>(selector);

/** Types like a person: `input` on every change, then `change`. */
export function type(input: HTMLInputElement | HTMLTextAreaElement | null, value: string) {
  if (!input) throw new Error('no input to type into');
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

/** Clicks the radio of the choice whose label contains `label`. */
export function choose(el: Element, part: string, label: string) {
  const choice = findAll(el, `[part~=${part}]`).find((c) => c.textContent!.includes(label));
  if (!choice) throw new Error(`no ${part} "${label}"`);
  choice.querySelector('input')!.click();
}

const api = (path: string, init: RequestInit = {}) => fetch(`${location.origin}/v3/stores/${STORE.id}/public${path}`, {
  ...init, headers: { 'Content-Type': 'application/json', 'X-Service-Storefront-Api-Key': STORE.key, ...init.headers },
});

export const BUYER_CONTACT = { name: 'Siti Aminah', phone: '081234567890', email: 'siti@example.com' };
export const DEST = { location_id: 327302, postal_code: '32208', address: 'Jl. Dago No. 12' };

/**
 * Fills an `<svc-checkout>` as a buyer would: name, phone (and e-mail when `contact` has one) and, when the form asks
 * for it, the destination; waits for the courier options.
 */
export async function fillCheckout(el: Element, contact: { name: string; phone: string; email?: string } = { name: BUYER_CONTACT.name, phone: BUYER_CONTACT.phone }) {
  await waitFor(() => findAll(el, '[part~=payment-method]').length > 0, 4000, 'payment methods');
  type(query(el, '#name'), contact.name);
  type(query(el, '#phone'), contact.phone);
  if (contact.email !== undefined) type(query(el, '#email'), contact.email);
  const picker = query<SvcLocationPicker>(el, 'svc-location-picker');
  if (picker) {
    Object.assign(picker, { value: String(DEST.location_id), postalCode: DEST.postal_code });
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    type(query(el, '#address'), DEST.address);
    await waitFor(() => findAll(el, '[part~=shipping-option]').length > 0, 4000, 'shipping options');
  }
}

/** An order placed over plain HTTP: physical (one Kaos Polos) unless `digital`. */
export async function placeOrder(payment_method: string, sub_payment_method?: string, digital = false): Promise<PublicOrder> {
  const body = digital
    ? { items: [{ type: 'variant', variant_id: 109, quantity: 1 }], payment_method, sub_payment_method, customer: BUYER_CONTACT }
    : { items: [{ type: 'variant', variant_id: 101, quantity: 1 }], payment_method, sub_payment_method, customer: BUYER_CONTACT,
        destination: DEST, courier: 'jne', courier_service: 'REG', warehouse_id: 11 };
  const res = await api('/checkout', { method: 'POST', body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`checkout ${res.status}: ${await res.text()}`);
  return res.json();
}
export const createPayment = async (slug: string): Promise<PublicOrder> => (await api(`/orders/${slug}/payment`, { method: 'POST' })).json();
export const markPaid = async (slug: string): Promise<PublicOrder> => (await fetch(`/__reference/orders/${slug}/pay`, { method: 'POST' })).json();
export const getOrder = async (slug: string): Promise<PublicOrder> => (await api(`/orders/${slug}`)).json();
