import type { Summary } from '../contract/checkout.ts';
import type { PublicOrder } from '../contract/order.ts';
import type { OrderBody } from './form/checkout-form.ts';
import type { SvcPage } from './svc-page.ts';
import type { ConversionDetail } from './tracker.ts';

/**
 * DOM events of the runtime. Page-wide ones are dispatched on `document`; form ones on the `<form data-svc-checkout>`
 * (they bubble, so `document.addEventListener` sees them too). Names are `svc-page-*` so that they never collide
 * with the elements' `svc-*` events.
 */
export type PageReadyDetail = SvcPage['config'];

declare global {
  interface Window {
    /** The HTML Mode page runtime, once its script has run (docs/page-runtime.md). */
    svcPage?: SvcPage;
  }
  interface HTMLFormElement {
    /**
     * A checkout form's latest summary, as `svc-page-summary` gave it (undefined while none can be computed): what a
     * part loaded after that event (svc-order-extras.js) starts from.
     */
    svcSummary?: Summary;
  }
  interface DocumentEventMap {
    /** The runtime is configured; `detail` is `svcPage.config`. Elements switch to page mode on it. */
    'svc-page-ready': CustomEvent<PageReadyDetail>;
    /** A conversion event was recorded (and handed to the pixels and the server queue, or held for consent). */
    'svc-page-conversion': CustomEvent<ConversionDetail>;
  }
  interface GlobalEventHandlersEventMap {
    /** New totals of the form. */
    'svc-page-summary': CustomEvent<{ summary: Summary }>;
    /** The buyer submits a valid form; `preventDefault()` stops the order (the body may be changed in place). */
    'svc-page-checkout-request': CustomEvent<{ body: OrderBody }>;
    /** The order exists; `preventDefault()` keeps the page where it is (no redirect, no order view). */
    'svc-page-order': CustomEvent<{ order: PublicOrder }>;
    /**
     * Placing the order failed; the form shows why and can be submitted again. `preventDefault()`: the runtime
     * shows nothing (svc-order-extras.js shows the problems on the fields, in the page's language).
     */
    'svc-page-error': CustomEvent<{ error: unknown }>;
  }
}
