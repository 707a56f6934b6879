/**
 * The checkout form's problems, inline and in the page's language (part of `svc-order-extras.js`: page-runtime.js
 * sets `novalidate` and leaves them to this file). One message per field, next to it (the author's
 * `[data-svc-error-for="<field>"]`, else one added after the control), with `aria-invalid` and `aria-describedby`.
 * Shown on submit, focus on the first; shown when the buyer leaves a field they typed in or makes a choice, never
 * while they type the first characters; updated while they fix it and gone as soon as it is fixed. The phone and
 * e-mail rules are the elements' (`src/contract/patterns.ts`). The service's field errors land on the same fields,
 * in the same words (the service's own are English).
 */
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../contract/patterns.ts';
import { chosenItems, fieldValue, isControl, type Control } from '../form/fields.ts';
import { say } from '../form/problems.ts';
import '../events.ts';
import { textsFor, type ExtrasTexts } from './texts.ts';

export const FORMS = 'form[data-svc-checkout]';

/** A control of the form: an input, select or textarea, or a form-associated element (`<svc-location-picker>`). */
type Validated = Element & { validity: ValidityState; willValidate: boolean; value?: string; required?: boolean; name?: string };
const validated = (el: Element | null | undefined): el is Validated => !!el && 'validity' in el && 'willValidate' in el;

/** The names of the digital items a form's latest summary holds (written by digital-email.ts). */
export const digitalNames = new WeakMap<HTMLFormElement, string[]>();
/** The service's verdict on a field, by the first control of its group, until the buyer changes that field. */
const verdicts = new WeakMap<Element, string>();
/** Controls the buyer typed in: their problem waits until they leave the field. */
const typed = new WeakSet<EventTarget>();
/** Message elements added by this file, by the first control of their group. */
const added = new WeakMap<Element, HTMLElement>();
/**
 * Forms whose error box sums up the problems marked on their fields, after a lead ("the order was not placed"), and
 * empties once they are fixed.
 */
const summed = new WeakMap<HTMLFormElement, string>();
let ids = 0;

export const formOf = (el: EventTarget | null): HTMLFormElement | null => (el instanceof Element ? el.closest<HTMLFormElement>(FORMS) : null);
const firstItem = (form: HTMLFormElement) => form.querySelector('[data-svc-item]');
const errorBox = (form: HTMLFormElement) => form.querySelector<HTMLElement>('[data-svc-error]') ?? form.querySelector<HTMLElement>('[data-svc-status]');
const isChoice = (el: Element): el is HTMLInputElement => el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox');

/** The order field a control stands for: its `data-svc-field`, or what the runtime makes of it. */
function pathOf(el: Element): string {
  const field = el.getAttribute('data-svc-field');
  if (field) return field;
  if (el.closest('[data-svc-item]')) return 'items';
  if (el.hasAttribute('data-svc-quantity')) return 'quantity';
  if (el.closest('[data-svc-shipping-options]')) return 'shipping_option';
  return el.localName === 'svc-location-picker' ? 'destination.location_id' : '';
}

/** The controls that share one message: a group of radios, or the control alone. */
function groupOf(el: Element): Element[] {
  const form = formOf(el);
  return form && el instanceof HTMLInputElement && el.type === 'radio' && el.name
    ? [...form.querySelectorAll(`input[type=radio][name="${CSS.escape(el.name)}"]`)]
    : [el];
}

/** What is wrong with the field of `el` (the first control of its group), in the form's language; '' when nothing. */
function problemOf(el: Element, form: HTMLFormElement, t: ExtrasTexts): string {
  const verdict = verdicts.get(el);
  if (verdict) return verdict;
  const path = pathOf(el);
  if (path === 'items' && el === firstItem(form) && !chosenItems(form).items.length) return t.missing.items;
  if (!validated(el) || !el.willValidate) return '';
  const { validity } = el;
  const value = (el.value ?? '').trim();
  // (an e-mail required for a digital item has its reason written beside it already: digital-email.ts)
  if (validity.valueMissing || (el.required && !value && !isChoice(el))) return t.missing[path] ?? t.required;
  if (path === 'customer.phone' && !PHONE_PATTERN.test(value)) return value ? t.phone : '';
  const email = path === 'customer.email' || (el as HTMLInputElement).type === 'email';
  if (email && value && (validity.typeMismatch || !EMAIL_PATTERN.test(value))) return t.email;
  if (el instanceof HTMLInputElement && el.type === 'number' && !validity.valid) return t.range(el.min, el.max);
  return validity.valid ? '' : t.check;
}

/** Adds `id` to the control's `aria-describedby`, keeping the author's. */
export function describe(el: Element, id: string) {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  if (!ids.includes(id)) el.setAttribute('aria-describedby', [...ids, id].join(' '));
}

/**
 * The message element of a group: the author's `[data-svc-error-for]`, else one added next to it. Inside the
 * control's `<label>` it is `aria-hidden` (not part of the field's name; still its description); a group of
 * choices gets it after the element holding them all; the shipping options after their box.
 */
function slotOf(form: HTMLFormElement, group: Element[], path: string): HTMLElement {
  const first = group[0];
  let slot = (path && form.querySelector<HTMLElement>(`[data-svc-error-for="${CSS.escape(path)}"]`)) || added.get(first);
  if (!slot) {
    slot = document.createElement('span');
    slot.dataset.svcErrorFor = path;
    const label = first.closest('label');
    if (path === 'shipping_option') first.closest('[data-svc-shipping-options]')!.after(slot);
    else if (isChoice(first)) {
      let box = first.parentElement;
      while (box && box !== form && !group.every((el) => box!.contains(el))) box = box.parentElement;
      (group.length > 1 && box && box !== form ? box : label ?? first).after(slot);
    } else if (label) {
      slot.setAttribute('aria-hidden', 'true');
      label.append(slot);
    } else first.after(slot);
    added.set(first, slot);
  }
  slot.id ||= `svc-problem-${++ids}`;
  for (const el of group) describe(el, slot.id);
  return slot;
}

/** Writes the group's message (or clears it) and keeps the error box's sum of problems true. */
function show(form: HTMLFormElement, group: Element[], message: string) {
  const first = group[0];
  const path = pathOf(first);
  if (message || added.has(first) || form.querySelector(`[data-svc-error-for="${CSS.escape(path)}"]`)) {
    const slot = slotOf(form, group, path);
    slot.textContent = message;
    slot.hidden = !message;
  }
  for (const el of group) {
    if (message) el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
  }
  if (summed.has(form)) sumUp(form);
}

/** The error box after a refused submit: how many fields are still wrong, empty once none is. */
function sumUp(form: HTMLFormElement, count = 0) {
  for (const el of form.querySelectorAll('[aria-invalid="true"]')) if (groupOf(el)[0] === el) count++;
  say(errorBox(form), count ? `${summed.get(form)}${textsFor(form).fix(count)}` : '');
  if (!count) summed.delete(form);
}

/**
 * Checks the field of `el`. With `reveal` its problem is shown; without it (the buyer is typing) a shown problem is
 * only updated or cleared. Returns the first control of the group when something is wrong.
 */
export function check(el: Element, reveal: boolean): Element | undefined {
  const form = formOf(el);
  if (!form) return undefined;
  const group = groupOf(el);
  const first = group[0];
  const message = problemOf(first, form, textsFor(form));
  if (reveal || !message || first.getAttribute('aria-invalid') === 'true') show(form, group, message);
  return message ? first : undefined;
}

/** Every field of the form with a problem, in the order of the page; each one's first control. */
function problems(form: HTMLFormElement, reveal: boolean): Element[] {
  const seen = new Set<Element>();
  const found: Element[] = [];
  const item = firstItem(form);
  for (const el of [...(item && !validated(item) ? [item] : []), ...form.elements]) {
    const first = groupOf(el)[0];
    if (seen.has(first)) continue;
    seen.add(first);
    const bad = reveal ? check(first, true) : problemOf(first, form, textsFor(form)) && first;
    if (bad) found.push(bad);
  }
  return found.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

/** The first field the buyer still has to fill or fix (nothing shown): where the sticky bar takes them. */
export const firstProblem = (form: HTMLFormElement): Element | undefined => problems(form, false)[0];

/** Brings a field to the middle of the screen and into focus. */
export function reveal(el: Element) {
  const motion = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  (el as HTMLElement).focus?.({ preventScroll: true });
  el.scrollIntoView({ block: 'center', behavior: motion });
}

// ---- submit: checked here first (capture), the runtime places the order only when nothing is wrong ------------
document.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement;
  if (!form.matches?.(FORMS)) return;
  const found = problems(form, true);
  if (!found.length) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  summed.set(form, '');
  sumUp(form);
  reveal(found[0]);
}, true);

// ---- while the buyer fills the form ---------------------------------------------------------------------------
const changed = (target: EventTarget | null, reveal: boolean) => {
  const form = formOf(target);
  if (!form) return;
  const el = target as Element;
  verdicts.delete(groupOf(el)[0]); // the service's verdict was on what the buyer has just changed
  check(el, reveal);
  const item = firstItem(form);
  if (item && item !== el && el.closest('[data-svc-item]')) check(item, false);
};
document.addEventListener('input', ({ target }) => {
  if (target) typed.add(target);
  changed(target, false);
});
// a choice (radio, select, the location picker) shows its problem at once; typed text when the buyer leaves it
document.addEventListener('change', ({ target }) => changed(target, !!target && !typed.has(target)));
document.addEventListener('focusout', ({ target }) => {
  if (target && typed.has(target)) check(target as Element, true);
});
// the runtime changed a field itself (the one postal code of a subdistrict): a problem shown there may be gone
document.addEventListener('svc-page-summary', ({ target }) => {
  for (const el of (target as HTMLFormElement).querySelectorAll('[aria-invalid="true"]')) check(el, false);
});

// ---- the service refused the order: its field errors on the fields, in the page's language -------------------
type Refusal = { name?: string; status?: number; code?: string; fields?: Record<string, string> };

/** The control standing for a field path of the service (`customer.phone`, `items.0.quantity`, `destination`). */
function controlFor(form: HTMLFormElement, path: string): Element | null | undefined {
  if (path.startsWith('items')) return firstItem(form);
  if (path.startsWith('shipping_option')) {
    const box = form.querySelector('[data-svc-shipping-options]');
    return box?.querySelector('input') ?? box;
  }
  const field = path === 'destination' ? 'destination.location_id' : path;
  const controls = [...form.querySelectorAll(`[data-svc-field="${CSS.escape(field)}"]`)];
  return controls.find((c) => !(c as Control).disabled) ?? (path.startsWith('destination') ? form.querySelector('svc-location-picker') : undefined);
}

function refusedText(form: HTMLFormElement, path: string, code: string | undefined, t: ExtrasTexts): string {
  // the reason is beside the field once the summary named the digital items; else the message gives it
  if (code === 'email_required') return digitalNames.get(form)?.length ? t.missing[path] : t.emailMissing(t.digitalItems);
  if (code === 'out_of_stock') return t.outOfStock;
  if (path === 'customer.phone') return t.phone;
  if (path === 'customer.email') return t.email;
  const method = fieldValue([...form.querySelectorAll('[data-svc-field="payment_method"]')].filter(isControl));
  if (path === 'payment_method' && method === 'cod') return t.codNeedsDelivery;
  const known = Object.keys(t.refused).find((key) => path === key || path.startsWith(`${key}.`) || `${path}.location_id` === key);
  return known ? t.refused[known] : t.check;
}

document.addEventListener('svc-page-error', (event) => {
  const form = event.target as HTMLFormElement;
  if (!form.matches?.(FORMS)) return;
  event.preventDefault(); // the runtime's own message would be the service's English
  const error = event.detail.error as Refusal | undefined;
  const t = textsFor(form);
  const answered = error?.name === 'ApiError';
  const elsewhere: string[] = [];
  let first: Element | undefined;
  for (const path of Object.keys((answered && error.fields) || {})) {
    const message = refusedText(form, path, error!.code, t);
    const control = controlFor(form, path);
    if (!control) {
      if (!elsewhere.includes(message)) elsewhere.push(message);
      continue;
    }
    const group = groupOf(control);
    verdicts.set(group[0], message);
    show(form, group, message);
    first ??= group[0];
  }
  let general = t.lost; // no answer, or one the runtime could not read: the order may exist, a retry finds it
  if (answered) general = error.status === 429 || error.status! >= 500 ? t.busy : first || elsewhere.length ? t.notPlaced : t.failed;
  say(errorBox(form), [general, ...elsewhere].join(' '));
  if (first && !elsewhere.length) {
    summed.set(form, `${t.notPlaced} `);
    sumUp(form);
  }
  if (first) reveal(first);
});
