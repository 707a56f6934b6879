import type * as z from 'zod/mini';
import type { ShippingOption, Summary } from '../../contract/checkout.ts';
import type { PageOrderBody } from '../../contract/page.ts';
import type { PublicOrder } from '../../contract/order.ts';
import { ApiError } from '../../client/errors.ts';
import type { PageApi } from '../api.ts';
import type { PageConfig } from '../config.ts';
import { misconfigured } from '../diagnostics.ts';
import { isSafeNavigation } from '../../client/safe-navigation.ts';
import { randomId, type ConversionName, type Tracker } from '../tracker.ts';
import { chosenItems, collectFields, fieldValue, isControl, type FieldName } from './fields.ts';
import { bindLocationSelects } from './location-selects.ts';
import { problemText, say } from './problems.ts';
import { chosenShipping, renderOrder, renderShippingOptions, renderSummary, renderSummaryItems, shippingKey, summaryOutputs } from './render.ts';
import { rupiah, text } from './text.ts';

export type FormContext = { api: PageApi; tracker: Tracker; config: PageConfig };
type LocationPicker = HTMLElement & { value: string; postalCode: string };
/** What `svcPage.placeOrder` takes (ids may be strings, as form values are). */
export type OrderBody = z.input<typeof PageOrderBody>;
type Detail = { body: OrderBody } | { order: PublicOrder } | { error: unknown } | { summary: Summary };

const bound = new WeakSet<HTMLFormElement>();

/** Puts a `<svc-location-picker>` on the page routes unless the author configured it already. */
export function usePageRoutes(picker: Element, config: PageConfig): void {
  if (picker.hasAttribute('page-id')) return;
  picker.setAttribute('page-key', config.pageKey);
  picker.setAttribute('base-url', config.baseUrl);
  picker.setAttribute('page-id', config.pageId);
}

/**
 * Turns the author's `<form data-svc-checkout>` into a checkout (markup reference: docs/page-runtime.md): fills
 * location and shipping options, recomputes the summary, checks a discount code, validates, places the order once
 * and then goes to `payment_url`, shows the order, or opens the order page. Also fires the form's conversion events.
 */
export function bindCheckoutForm(form: HTMLFormElement, { api, tracker, config }: FormContext): void {
  if (bound.has(form)) return;
  bound.add(form);
  const fields = collectFields(form);
  const value = (name: FieldName) => fieldValue(fields.get(name));
  const picker = form.querySelector<LocationPicker>('svc-location-picker');
  const shippingBox = form.querySelector<HTMLElement>('[data-svc-shipping-options]');
  const outputs = summaryOutputs(form);
  const status = form.querySelector<HTMLElement>('[data-svc-status]');
  const discountMessage = form.querySelector<HTMLElement>('[data-svc-discount-message]');
  const errorBox = form.querySelector<HTMLElement>('[data-svc-error]') ?? status;
  status?.setAttribute('role', 'status');
  // the buyer's problems are shown inline, in the page's language, by svc-order-extras.js (loaded beside the
  // runtime); without it, the browser's own checks on submit
  form.noValidate = true;

  if (!form.querySelector('[data-svc-item]')) misconfigured(form, 'has no product: add data-svc-item="variant:<id>".');
  for (const name of ['customer.name', 'customer.phone', 'payment_method'] as const) {
    if (!fields.has(name)) misconfigured(form, `has no data-svc-field="${name}", which every order needs.`);
  }
  if (picker) {
    usePageRoutes(picker, config);
    addEventListener('load', () => customElements.get('svc-location-picker') || misconfigured(picker, 'is not defined: load svc-elements.js, or use location <select>s.', 'warn'));
  }

  // ---- summary, shipping options and discount ---------------------------------------------------------------
  let options: ShippingOption[] = [];
  let shippingStale = true;
  let latestSummary: Summary | undefined;
  let appliedDiscount: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  const destination = () => {
    const location_id = picker?.value || value('destination.location_id');
    const postal_code = picker?.postalCode || value('destination.postal_code');
    const address = value('destination.address');
    return location_id ? { location_id, ...(postal_code && { postal_code }), ...(address && { address }) } : undefined;
  };
  const shippingChoice = () => {
    const chosen = options.find((o) => shippingBox && shippingKey(o) === chosenShipping(shippingBox));
    return chosen && { courier: chosen.courier, courier_service: chosen.courier_service, warehouse_id: chosen.warehouse_id };
  };
  const emit = (type: string, detail: Detail, cancelable = false) =>
    form.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, cancelable }));
  const showSummary = (summary: Summary | undefined) => {
    latestSummary = form.svcSummary = summary;
    renderSummary(outputs, summary);
    renderSummaryItems(form, summary);
    if (summary) emit('svc-page-summary', { summary });
  };

  function refresh(shipping = false) {
    shippingStale ||= shipping;
    // what is being asked may no longer hold (couriers listed before COD was picked): its answer must not land
    inFlight?.abort();
    clearTimeout(timer);
    // recompute shows its own errors; page-runtime.js has no bytes for a `() => void recompute()` wrapper
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    timer = setTimeout(recompute, 150); // one request for a burst of changes
  }

  async function recompute() {
    const { signal } = (inFlight = new AbortController());
    const { items } = chosenItems(form);
    const dest = destination();
    try {
      if (shippingBox && shippingStale) {
        shippingBox.dataset.state = 'loading';
        const method = value('payment_method');
        options = items.length && dest ? await api.getShippingOptions({ items, destination: dest, payment_method: method || undefined }, { signal }) : [];
        renderShippingOptions(shippingBox, options, chosenShipping(shippingBox));
        shippingStale = false;
      }
      // no payment method yet: priced without its fee, which joins once the buyer picks one
      const method = value('payment_method') || undefined;
      if (!items.length) return showSummary(undefined);
      // before destination and courier a partial summary lists the items and their subtotal, shipping pending
      const shipping = shippingChoice();
      showSummary(await api.getSummary({
        items, destination: dest, payment_method: method, sub_payment_method: value('sub_payment_method') || undefined,
        shipping_option: shipping, discount_code: appliedDiscount, partial: (shippingBox && !(dest && shipping)) || undefined,
      }, { signal }));
    } catch (error) {
      if (signal.aborted) return;
      if (shippingBox?.dataset.state === 'loading') shippingBox.dataset.state = 'error';
      const discountProblem = error instanceof ApiError && error.fields.discount_code;
      if (discountProblem) {
        // the code no longer applies (items changed below its minimum…): drop it, say why, price without it
        appliedDiscount = undefined;
        say(discountMessage, text('badCode'), 'invalid');
        return refresh();
      }
      showSummary(undefined); // incomplete (no shipping yet…): the author's placeholders come back
    }
  }

  async function applyDiscount() {
    const code = value('discount_code');
    appliedDiscount = undefined;
    if (code) {
      const { items } = chosenItems(form);
      try {
        const result = await api.checkDiscountCode({ code, items: items.length ? items : undefined });
        if (result.eligible) appliedDiscount = code;
        say(discountMessage, result.eligible ? `${result.code}: −${rupiah(result.discount_amount)}` : text('badCode'), result.eligible ? 'valid' : 'invalid');
      } catch (error) {
        say(discountMessage, problemText(error), 'invalid');
      }
    } else say(discountMessage, '');
    refresh();
  }
  form.querySelector('[data-svc-apply-discount]')?.addEventListener('click', (event) => {
    event.preventDefault();
    void applyDiscount();
  });

  /** `data-svc-if-payment="qris ewallet"`: shown (and its controls enabled) only for those payment methods. */
  function applyPaymentConditions() {
    const method = value('payment_method');
    for (const el of form.querySelectorAll<HTMLElement>('[data-svc-if-payment]')) {
      const show = el.dataset.svcIfPayment!.split(/[\s,]+/).includes(method);
      el.hidden = !show;
      for (const c of [el, ...el.querySelectorAll('input, select, textarea')]) if (isControl(c) || c instanceof HTMLOptionElement) c.disabled = !show;
      const select = el.parentElement;
      if (select instanceof HTMLSelectElement && select.selectedOptions[0]?.disabled) select.value = ''; // back to the placeholder
    }
  }

  // ---- conversion events ------------------------------------------------------------------------------------
  const fired = new Set<ConversionName>();
  const carted = new Set<string>();
  const conversion = () => {
    return { value: latestSummary && Number(latestSummary.gross_revenue), content_ids: chosenItems(form).contentIds };
  };
  const once = (name: ConversionName) => fired.has(name) || (fired.add(name), tracker.track(name, conversion()));
  const addToCart = () => {
    const data = conversion();
    const added = data.content_ids.filter((id) => !carted.has(id));
    added.forEach((id) => carted.add(id));
    if (added.length) tracker.track('AddToCart', { ...data, content_ids: added });
  };
  const initiateCheckout = () => {
    if (fired.has('InitiateCheckout')) return;
    addToCart(); // a preselected product was never "added" by a click: it is, now that the buyer checks out
    once('InitiateCheckout');
  };

  // ---- buyer input ------------------------------------------------------------------------------------------
  bindLocationSelects(fields, api, () => (initiateCheckout(), refresh(true)));
  form.addEventListener('input', ({ target }) => {
    if (!(target instanceof Element)) return;
    const field = target.getAttribute('data-svc-field') ?? '';
    if (/^(customer|destination)\./.test(field)) initiateCheckout();
    if (field === 'discount_code' && !value('discount_code') && appliedDiscount) void applyDiscount();
  });
  form.addEventListener('change', ({ target }) => {
    if (!(target instanceof Element)) return;
    const field = target.getAttribute('data-svc-field') ?? '';
    if (target.closest('[data-svc-item], [data-svc-quantity]')) {
      addToCart();
      refresh(true);
    } else if (field === 'payment_method') {
      applyPaymentConditions();
      once('AddPaymentInfo');
      refresh(true); // cash on delivery narrows the couriers
    } else if (target === picker || field === 'destination.location_id') {
      initiateCheckout();
      refresh(true);
    } else if (field === 'sub_payment_method' || shippingBox?.contains(target)) {
      refresh();
    }
    if (field === 'customer.email' || field === 'customer.phone') tracker.identify({ email: value('customer.email'), phone: value('customer.phone') });
  });
  fields.get('discount_code')?.[0]?.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key !== 'Enter') return;
    event.preventDefault(); // Enter in the code box applies the code; it does not place the order
    void applyDiscount();
  });

  // ---- submit -----------------------------------------------------------------------------------------------
  let state: 'idle' | 'submitting' | 'done' = 'idle';
  let attempt: { key: string; body: string } | undefined;
  const buttons = () => form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button:not([type]), [type=submit]');
  const setState = (next: typeof state | 'error') => {
    state = next === 'error' ? 'idle' : next;
    form.dataset.svcState = next;
    form.toggleAttribute('aria-busy', next === 'submitting');
    buttons().forEach((b) => (b.disabled = state !== 'idle'));
  };

  // placing shows its own failures (the form's problems, svc-page-error); no bytes for a wrapper either
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (state !== 'idle') return; // placed once: a double click or a second Enter does nothing
    say(errorBox, '');
    const { items, contentIds } = chosenItems(form);
    const shipping = shippingChoice();
    if (!items.length) return say(errorBox, text('noItems'));
    if (!form.reportValidity()) return;
    if (shippingBox && options.length && !shipping) return say(errorBox, text('chooseShipping'));
    const email = value('customer.email');
    const body: OrderBody = {
      customer: { name: value('customer.name'), phone: value('customer.phone'), ...(email && { email }) },
      items,
      destination: destination(),
      shipping_option: shipping,
      payment_method: value('payment_method'),
      sub_payment_method: value('sub_payment_method') || undefined,
      discount_code: value('discount_code') || undefined,
      notes: value('notes') || undefined,
    };
    if (!emit('svc-page-checkout-request', { body }, true)) return;
    initiateCheckout();
    once('AddPaymentInfo'); // a preselected method the buyer kept was never "changed": it is confirmed now
    // the same body keeps its key, so a retry after a lost answer returns the first order instead of a second one
    const serialized = JSON.stringify(body);
    if (attempt?.body !== serialized) attempt = { key: randomId('page-order-'), body: serialized };
    setState('submitting');
    say(status, text('submitting'));
    let order: PublicOrder;
    try {
      order = await api.placeOrder(body, { idempotencyKey: attempt.key });
    } catch (error) {
      setState('error');
      say(status, '');
      // cancelled by svc-order-extras.js, which puts the problems on the fields they name, in the page's language
      if (emit('svc-page-error', { error }, true)) say(errorBox, problemText(error));
      return;
    }
    setState('done');
    tracker.trackPurchase(order, contentIds); // leaves with keepalive before any navigation below
    if (emit('svc-page-order', { order }, true)) finish(order);
  });

  function finish(order: PublicOrder) {
    const view = form.querySelector<HTMLElement>('[data-svc-order]') ?? document.querySelector<HTMLElement>('[data-svc-order]');
    const navigate = form.dataset.svcRedirect !== 'off';
    if (navigate && isSafeNavigation(order.payment_url)) return say(status, text('redirecting')), location.assign(order.payment_url);
    if (view) {
      renderOrder(view, order);
      if (!form.contains(view)) form.hidden = true;
      view.tabIndex = -1;
      view.focus();
      return say(status, text('created'));
    }
    if (navigate && isSafeNavigation(order.public_order_url)) {
      say(status, text('redirecting'));
      location.assign(order.public_order_url);
    }
  }

  // ---- start ------------------------------------------------------------------------------------------------
  applyPaymentConditions();
  tracker.track('ViewContent', { content_ids: chosenItems(form).contentIds });
  refresh(true);
}
