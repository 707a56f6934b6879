import type { CartItemInput } from '../../contract/cart.ts';
import { misconfigured } from '../diagnostics.ts';

/** Every value `data-svc-field` may take. */
export const FIELDS = [
  'customer.name', 'customer.phone', 'customer.email',
  'destination.province_id', 'destination.city_id', 'destination.location_id', 'destination.postal_code', 'destination.address',
  'payment_method', 'sub_payment_method', 'discount_code', 'notes',
] as const;
export type FieldName = (typeof FIELDS)[number];
export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export const isControl = (el: Element): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
const isChoice = (el: Element): el is HTMLInputElement => el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox');

/** The value of a field: the checked one of a radio group, else the first enabled control's trimmed value. */
export function fieldValue(controls: readonly Control[] = []): string {
  for (const control of controls) {
    if (control.disabled) continue;
    if (!isChoice(control)) return control.value.trim();
    if (control.checked) return control.value;
  }
  return '';
}

/** `data-svc-field` controls of a form by name; unknown names and non-controls are reported. */
export function collectFields(form: HTMLFormElement): Map<FieldName, Control[]> {
  const fields = new Map<FieldName, Control[]>();
  for (const el of form.querySelectorAll('[data-svc-field]')) {
    const name = el.getAttribute('data-svc-field') as FieldName;
    if (!FIELDS.includes(name)) misconfigured(el, `unknown data-svc-field; known: ${FIELDS.join(', ')}.`);
    else if (!isControl(el)) misconfigured(el, 'data-svc-field must be on an <input>, <select> or <textarea>.');
    else fields.set(name, [...(fields.get(name) ?? []), el]);
  }
  return fields;
}

export type ChosenItems = { items: CartItemInput[]; contentIds: string[] };
const ITEM_REF = /^(variant|bundle_price_option):(\d+)$/;

/**
 * The buyer's product choice from `data-svc-item` elements. The item is `data-svc-item="variant:101"` (or
 * `bundle_price_option:1`), else the value of the chosen radio, checkbox or option. Quantity: the value of a
 * number, text or hidden input that names its item; else `data-quantity` of the chosen element or option; else the
 * form's `[data-svc-quantity]` input; else 1. Equal items add up. `data-content-id` names the item for ad pixels.
 */
export function chosenItems(form: HTMLFormElement): ChosenItems {
  const shared = form.querySelector<HTMLInputElement | HTMLSelectElement>('[data-svc-quantity]');
  const lines = new Map<string, { quantity: number; contentId: string }>();
  for (const el of form.querySelectorAll<HTMLElement>('[data-svc-item]')) {
    if (isControl(el) && el.disabled) continue;
    let source: HTMLElement = el;
    let ref = el.dataset.svcItem ?? '';
    let quantityText: string | undefined;
    if (el instanceof HTMLSelectElement) {
      source = el.selectedOptions[0] ?? el;
      ref ||= el.value;
    } else if (isChoice(el)) {
      if (!el.checked) continue;
      ref ||= el.value;
    } else if (isControl(el)) {
      quantityText = el.value;
    }
    if (!ref) continue; // a placeholder option
    const match = ITEM_REF.exec(ref);
    if (!match) {
      misconfigured(el, `item "${ref}" must be variant:<id> or bundle_price_option:<id>.`);
      continue;
    }
    quantityText ??= source.dataset.quantity ?? el.dataset.quantity ?? shared?.value ?? '1';
    const quantity = Math.floor(Number(quantityText));
    if (!(quantity > 0)) continue;
    const line = lines.get(ref) ?? { quantity: 0, contentId: source.dataset.contentId ?? el.dataset.contentId ?? ref };
    lines.set(ref, { ...line, quantity: line.quantity + quantity });
  }
  const items = [...lines].map(([ref, { quantity }]): CartItemInput => {
    const [, type, id] = ITEM_REF.exec(ref)!;
    return type === 'variant' ? { type, variant_id: Number(id), quantity } : { type: 'bundle_price_option', bundle_price_option_id: Number(id), quantity };
  });
  return { items, contentIds: [...lines.values()].map((l) => l.contentId) };
}
