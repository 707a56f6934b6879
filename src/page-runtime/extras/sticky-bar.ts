/**
 * The landing page's sticky order bar, `data-svc-sticky` on it (part of `svc-order-extras.js`): e.g.
 * `<nav data-svc-sticky aria-label="Pesan cepat"><a href="#pesan">Pesan sekarang</a></nav>`, fixed to the bottom by
 * the author's CSS. The runtime hides it (`hidden`) while a checkout form's submit button or the order view is on
 * screen, so it never covers them, and while the buyer types in the form (it would sit over the field, above the
 * keyboard); once the order exists it is gone for good, so it never invites a second order. A tap takes the buyer
 * to the form's first field still to fill or fix (its submit button when all is done) instead of the link's jump
 * to the top of the form.
 */
import '../events.ts';
import { FORMS, firstProblem, reveal } from './problems.ts';

const BARS = '[data-svc-sticky]';
const SUBMITS = `${FORMS} button:not([type]), ${FORMS} [type=submit], [data-svc-order]`;
/** Submit buttons and order views on screen now. */
const onScreen = new Set<Element>();
let typing = false;
let ordered = false;

const update = () => {
  for (const bar of document.querySelectorAll<HTMLElement>(BARS)) bar.hidden = ordered || typing || onScreen.size > 0;
};

const watcher = new IntersectionObserver((entries) => {
  for (const { target, isIntersecting } of entries) {
    if (isIntersecting) onScreen.add(target);
    else onScreen.delete(target);
  }
  update();
});
/** Watches the submit buttons and order views on the page (again after a form was priced: one bound later too). */
const watch = () => document.querySelectorAll(SUBMITS).forEach((el) => watcher.observe(el));

/** A field the buyer types in or picks from (not a radio, checkbox or button) of a checkout form. */
const isTypingField = (el: EventTarget | null) =>
  el instanceof Element && !!el.closest(FORMS) && el.matches('input:not([type=radio], [type=checkbox], [type=submit], [type=button]), select, textarea');

document.addEventListener('focusin', ({ target }) => {
  typing = isTypingField(target);
  update();
});
document.addEventListener('focusout', ({ relatedTarget }) => {
  typing = isTypingField(relatedTarget); // moving to the next field keeps it hidden, without a flicker
  update();
});
document.addEventListener('svc-page-summary', watch);
document.addEventListener('svc-page-order', () => {
  ordered = true;
  update();
});

/** The form a bar's link leads to: the one its `#id` points into, else the page's first checkout form. */
function formOf(link: Element): HTMLFormElement | null {
  const href = link.getAttribute('href') ?? '';
  const anchor = href.startsWith('#') ? document.getElementById(decodeURIComponent(href.slice(1))) : null;
  return anchor?.closest<HTMLFormElement>(FORMS) ?? anchor?.querySelector<HTMLFormElement>(FORMS) ?? document.querySelector<HTMLFormElement>(FORMS);
}

document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest?.('a[href^="#"], button');
  const form = link?.closest(BARS) && formOf(link);
  if (!form) return;
  event.preventDefault();
  const submit = form.querySelector('button:not([type]), [type=submit]');
  const target = firstProblem(form) ?? submit;
  if (target) reveal(target);
});

watch();
update();
