/**
 * The e-mail a digital item is delivered to (part of `svc-order-extras.js`). While the form's summary holds a
 * digital item (its lines' `item_type`), the `customer.email` field is required and says why under it ("Wajib
 * diisi: “100 Resep Nusantara” dikirim ke e-mail ini."), and the author's `[data-svc-optional]` mark in its label
 * hides; all of it goes again once no digital item is chosen. The author's `[data-svc-hint-for="customer.email"]`
 * takes the reason, else it is added after the field.
 */
import type { Summary } from '../../contract/checkout.ts';
import { chosenItems, isControl } from '../form/fields.ts';
import '../events.ts';
import { check, describe, digitalNames, FORMS } from './problems.ts';
import { itemNames, textsFor } from './texts.ts';

/** Whether the author made the e-mail required themselves (then it stays so). */
const requiredByAuthor = new WeakMap<Element, boolean>();
const added = new WeakMap<Element, HTMLElement>();
let ids = 0;

function follow(form: HTMLFormElement, summary: Summary | undefined) {
  const names = (summary?.items ?? []).filter((line) => line.item_type === 'digital').map((line) => line.name);
  digitalNames.set(form, names);
  const email = [...form.querySelectorAll('[data-svc-field="customer.email"]')].find(isControl);
  if (!email) return;
  if (!requiredByAuthor.has(email)) requiredByAuthor.set(email, email.required);
  email.required = names.length > 0 || requiredByAuthor.get(email)!;
  const label = email.closest('label');
  for (const mark of label?.querySelectorAll<HTMLElement>('[data-svc-optional]') ?? []) mark.hidden = email.required;

  let hint = form.querySelector<HTMLElement>('[data-svc-hint-for="customer.email"]') ?? added.get(email);
  if (!hint && names.length) {
    hint = document.createElement('span');
    hint.dataset.svcHintFor = 'customer.email';
    if (label) hint.setAttribute('aria-hidden', 'true'); // its description, not part of its name
    email.after(hint);
    added.set(email, hint);
  }
  if (hint) {
    hint.id ||= `svc-hint-${++ids}`;
    hint.textContent = names.length ? textsFor(form).emailFor(itemNames(names, textsFor(form))) : '';
    hint.hidden = !names.length;
    describe(email, hint.id);
  }
  check(email, false); // a problem shown there now says why, or is gone
}

document.addEventListener('svc-page-summary', (event) => {
  const form = event.target as HTMLFormElement;
  if (form.matches?.(FORMS)) follow(form, event.detail.summary);
});
// no product chosen any more: the runtime prices nothing, so no summary says there is no digital item either
document.addEventListener('change', ({ target }) => {
  const form = (target as Element).closest?.<HTMLFormElement>(FORMS);
  if (form && (target as Element).closest('[data-svc-item]') && !chosenItems(form).items.length) follow(form, undefined);
});
// forms priced before this file loaded
document.querySelectorAll<HTMLFormElement>(FORMS).forEach((form) => form.svcSummary && follow(form, form.svcSummary));
