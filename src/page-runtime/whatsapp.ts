/**
 * The WhatsApp hand-off of page-runtime.js (in `svc-order-extras.js`), loaded beside it only by a page with a
 * `<form data-svc-checkout data-whatsapp="62811…[,62812…]">` (page-runtime.js stays within its budget).
 * Shows the page's `<a data-svc-whatsapp hidden>` (else adds a link to the order view) pointing to `wa.me` with the
 * order prefilled in the page's language (`<html lang>`); `data-whatsapp-after-submit` opens the chat at once.
 */
import type { PublicOrder } from '../contract/order.ts';
import './events.ts';
import { openWhatsApp, whatsappLabel, whatsappUrl } from '../elements/shared/whatsapp.ts';

/**
 * On `svc-page-order` of a `data-whatsapp` form (before the runtime shows the order or goes to `payment_url`). Where
 * the browser blocks the new tab, `data-whatsapp-after-submit` sends the page to the chat instead of the runtime's
 * next step (the event is cancelled), as a page that sells in chat wants.
 */
export function handOff(form: HTMLFormElement, order: PublicOrder): 'tab' | 'page' | undefined {
  const lang = document.documentElement.lang.startsWith('en') ? 'en' : 'id';
  const url = whatsappUrl(form.dataset.whatsapp, order, lang);
  if (!url) return undefined;
  let link = form.querySelector<HTMLAnchorElement>('a[data-svc-whatsapp]') ?? document.querySelector<HTMLAnchorElement>('a[data-svc-whatsapp]');
  const view = form.querySelector('[data-svc-order]') ?? document.querySelector('[data-svc-order]');
  if (!link && view) {
    link = view.appendChild(document.createElement('a'));
    link.dataset.svcWhatsapp = '';
    link.textContent = whatsappLabel(lang);
  }
  if (link) {
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener';
    link.hidden = false;
  }
  return form.dataset.whatsappAfterSubmit === undefined ? undefined : openWhatsApp(url);
}

document.addEventListener('svc-page-order', (event) => {
  const form = event.target as HTMLFormElement;
  if (form.dataset?.whatsapp && handOff(form, event.detail.order) === 'page') event.preventDefault();
});
