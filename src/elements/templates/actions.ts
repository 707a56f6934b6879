/**
 * The merchant's own controls: one listener per event type on the document (templates render into light DOM, so
 * their clicks reach it) hands each `data-svc-action` to the template element whose scope it was rendered in
 * (`add-to-cart`, `buy-now`, `choose`, `increment`, `decrement`, `remove`, `checkout`, `retry`), and does the
 * page-wide ones itself: `open-cart`, `close-cart`, and paging a list named by `aria-controls`. Every write is a
 * session action (the cart's), never a request of the element's own.
 */
import type { Cart } from '../../contract/cart.ts';
import { CheckoutRequestEvent, type CartChangeEvent } from '../shared/cart-events.ts';
import { controls } from './template-element.ts';
import { BIND } from './vocabulary.ts';

const PAGING: Record<string, 'next' | 'previous' | 'more'> = { 'next-page': 'next', 'previous-page': 'previous', more: 'more' };

/** The merchant's cart drawer: a `<dialog data-svc-cart-drawer>`. */
const drawer = () => document.querySelector<HTMLDialogElement>(`dialog[data-svc-cart-drawer]`);

/** Opens the merchant's drawer, else the drawer of an `<svc-cart-button>` on the page. */
export function openCart(): void {
  const dialog = drawer();
  if (dialog) {
    if (!dialog.open) dialog.showModal();
    return;
  }
  (document.querySelector('svc-cart-button') as (Element & { show?: () => void }) | null)?.show?.();
}

/**
 * `svc-checkout-request` (cancel it to check out your own way), then the checkout: a link goes where it points, any
 * other control to the nearest `checkout-url`. The drawer closes on the way.
 */
export function goToCheckout(control: Element, cart: Cart | null, event?: Event): void {
  if (!cart) return;
  if (!control.dispatchEvent(new CheckoutRequestEvent(cart))) return event?.preventDefault();
  control.closest('dialog')?.close();
  const link = control.closest('a[href]');
  if (link && event && !event.defaultPrevented) return; // the link itself navigates
  const url = link?.getAttribute('href') ?? control.closest('[checkout-url]')?.getAttribute('checkout-url');
  if (url) location.assign(url);
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element;
  if (target instanceof HTMLDialogElement && target.matches('[data-svc-cart-drawer]')) {
    // a click on the backdrop (outside the drawer's box) closes it
    const box = target.getBoundingClientRect();
    if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) target.close();
    return;
  }
  const control = target.closest?.(`[${BIND.action}]`);
  if (!control) return;
  const action = control.getAttribute(BIND.action)!;
  if (action === 'open-cart') return openCart();
  if (action === 'close-cart') return (control.closest('dialog') ?? drawer())?.close();
  const bound = controls.get(control);
  if (bound) return bound.owner.act(action, control, bound.instance, event);
  if (action === 'retry') return control.closest<Element & { reload?: () => void }>('svc-context, svc-list')?.reload?.();
  const paging = PAGING[action];
  const list = paging && document.getElementById(control.getAttribute('aria-controls') ?? '');
  if (paging && list?.localName === 'svc-list' && control.getAttribute('aria-disabled') !== 'true') void (list as unknown as Record<typeof paging, () => Promise<void>>)[paging]();
}

function onChange(event: Event): void {
  const control = event.target as Element;
  const bound = controls.get(control);
  if (bound && (control.hasAttribute(BIND.quantity) || control.hasAttribute(BIND.option))) bound.owner.changed(control as HTMLInputElement, bound.instance);
}

/** `<dialog data-svc-cart-drawer data-svc-open-on-add>` opens when anything is added to the cart (and replaces an open modal). */
function onCartChange(event: CartChangeEvent): void {
  const dialog = drawer();
  if (event.detail.action !== 'add' || !dialog?.hasAttribute('data-svc-open-on-add')) return;
  for (const node of event.composedPath()) if (node instanceof HTMLDialogElement && node.open && node !== dialog) node.close();
  if (!dialog.open) dialog.showModal();
}

let listening = false;

/** Listens once per page (a second copy of the chunk finds it done). */
export function listen(): void {
  const page = globalThis as { __svcTemplateActions?: true };
  if (listening || page.__svcTemplateActions) return;
  listening = page.__svcTemplateActions = true;
  document.addEventListener('click', onClick);
  document.addEventListener('change', onChange);
  document.addEventListener('svc-cart-change', onCartChange);
}
