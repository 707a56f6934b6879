import type { MapStore } from 'nanostores';
import type { DiscountCheckResult, ShippingOption } from '../contract/checkout.ts';
import type { PublicOrder } from '../contract/order.ts';
import { isApiError, outcomeUnknown } from '../client/errors.ts';
import { newIdempotencyKey } from '../client/idempotency.ts';
import type { CartStore } from './cart.ts';
import type { CheckoutInputs, CheckoutOptions, CheckoutState } from './checkout.ts';
import type { CheckoutRoutes, OrderInput, PricingInput } from './checkout-routes.ts';

export type CheckoutEngine = ReturnType<typeof startCheckout>;

/**
 * The one checkout engine (loaded by `checkout.ts` when a checkout starts), whatever its routes: the server's summary,
 * recomputed (debounced, stale answers dropped) whenever inputs or the cart change; shipping options; discount
 * codes; order placement. The Idempotency-Key makes even a replay after a lost answer return the first order
 * instead of creating another. The summary needs no payment method: before destination and courier it is a partial
 * one (items, the store's fee, shipping pending), then the total; the payment fee joins once a method is chosen.
 */
export function startCheckout($checkout: MapStore<CheckoutState>, routes: CheckoutRoutes, cart: CartStore | undefined, options: CheckoutOptions) {
  let summaryTimer: ReturnType<typeof setTimeout> | undefined;
  let summaryAbort: AbortController | null = null;
  let lastSignature = '';
  /** Attempts that got no answer (network, 5xx): their one key, and each body sent with it. */
  let unsettled: { key: string; inputs: OrderInput[] } | null = null;

  const pricing = (s: CheckoutInputs): PricingInput => ({
    items: routes.items(s.items ?? (cart ? null : [])),
    destination: s.destination ?? undefined,
    shipping: s.shippingOption ?? undefined,
    paymentMethod: s.paymentMethod ?? undefined,
    subPaymentMethod: s.subPaymentMethod ?? undefined,
    discountCode: s.discountCode ?? undefined,
  });

  /** What the order would be: when this changes, the summary is stale and a new attempt needs a new key. */
  const signature = () => {
    const s = $checkout.get();
    const source = s.items || !cart ? '' : `${cart.$cart.get().revision}`;
    return JSON.stringify([pricing(s), s.contact, s.notes, source, routes.mode]);
  };

  function recomputeSoon(): void {
    const current = signature();
    if (current === lastSignature) return;
    lastSignature = current;
    if ($checkout.get().status !== 'submitting') $checkout.setKey('idempotencyKey', null);
    clearTimeout(summaryTimer);
    summaryTimer = setTimeout(() => void recompute(), options.debounceMs ?? 250);
  }

  async function recompute(): Promise<void> {
    const s = $checkout.get();
    const body = pricing(s);
    const cartNow = s.items ? null : cart?.$cart.get().cart;
    const empty = body.items ? body.items.length === 0 : (cartNow?.items.length ?? 0) === 0;
    const ships = s.needsShipping ?? cartNow?.requires_shipping ?? null;
    const partial = !(s.destination && s.shippingOption);
    summaryAbort?.abort();
    if (empty) return $checkout.set({ ...$checkout.get(), summary: null, summaryStatus: 'idle' });
    const controller = (summaryAbort = new AbortController());
    $checkout.setKey('summaryStatus', 'loading');
    const ask = (input: PricingInput) => routes.summary({ ...input, partial: partial || undefined }, controller.signal);
    try {
      // before destination and courier: a partial summary lists the items and the store's fee, and says whether they ship
      const summary = await ask(body);
      const needsShipping = summary.shipping_pending ? true : partial ? false : ships;
      $checkout.set({ ...$checkout.get(), summary, summaryStatus: 'ready', error: null, lines: summary.items ?? null, ...(s.items && { needsShipping }) });
    } catch (error) {
      if (controller.signal.aborted) return;
      // a refused payment method (COD for goods that are not delivered): the order is still priced without it
      const fallback = body.paymentMethod && refusesMethod(error)
        ? await ask({ ...body, paymentMethod: undefined, subPaymentMethod: undefined }).catch(() => null)
        : null;
      // no stale total (an incomplete choice shows the estimate again), but the lines stay listed
      if (controller.signal.aborted) return;
      const lines = fallback?.items ?? $checkout.get().lines;
      $checkout.set({ ...$checkout.get(), summary: fallback, summaryStatus: 'error', error: error as Error, lines });
    }
  }

  const unlisten = [$checkout.listen(recomputeSoon), ...(cart ? [cart.$cart.listen(recomputeSoon)] : [])];
  recomputeSoon(); // the inputs that made the store load this module

  return {
    get mode() {
      return routes.mode;
    },
    /** Courier services for the chosen destination (and payment method: COD narrows them). */
    async loadShippingOptions(signal?: AbortSignal): Promise<ShippingOption[]> {
      const s = $checkout.get();
      if (!s.destination) throw new Error('Choose a destination first');
      const list = await routes.shippingOptions({ ...pricing(s), destination: s.destination }, signal);
      $checkout.setKey('shippingOptions', list);
      return list;
    },
    /** Checks a code against the current items; an eligible code is applied to the summary. */
    async applyDiscount(code: string, signal?: AbortSignal): Promise<DiscountCheckResult> {
      const result = await routes.checkDiscount(code, pricing($checkout.get()), signal);
      $checkout.set({ ...$checkout.get(), discount: result, discountCode: result.eligible ? result.code : null });
      return result;
    },
    paymentMethods: (signal?: AbortSignal) => routes.paymentMethods(signal),
    /** Where the signed-in buyer's latest order went, and by which courier (null: a guest, a page, no such order). */
    previousDelivery: (signal?: AbortSignal) => routes.previousDelivery(signal),
    createPayment: (order: PublicOrder) => routes.createPayment(order),
    /** Places the order (the store makes sure only one attempt runs at a time). */
    placeOrder: submit,
    /** A new checkout begins: an earlier attempt without an answer is not retried under its key. */
    forgetAttempts: () => void (unsettled = null),
    destroy: () => (unlisten.forEach((stop) => stop()), clearTimeout(summaryTimer), summaryAbort?.abort()),
  };

  /** The order's body as the routes take it. */
  function orderInput(s: CheckoutState): OrderInput {
    // checking out a guest cart: items omitted, so the server takes its own cart and empties it on success
    return { ...pricing(s), items: s.items ?? (cart ? undefined : []), customer: s.contact ?? undefined, notes: s.notes ?? undefined };
  }

  /**
   * Places `input` with `key`. When that key went out before with other inputs and no answer came back, the server
   * may hold that order: it refuses the new inputs (`idempotency_conflict`), and the inputs it did take give it back.
   */
  async function place(input: OrderInput, key: string): Promise<PublicOrder> {
    try {
      return await routes.placeOrder(input, key);
    } catch (error) {
      if (!unsettled || !isApiError(error, 'idempotency_conflict')) throw error;
      for (const earlier of unsettled.inputs) {
        try {
          return await routes.placeOrder(earlier, key);
        } catch (again) {
          if (!isApiError(again, 'idempotency_conflict')) throw again;
        }
      }
      throw error;
    }
  }

  async function submit(): Promise<PublicOrder> {
    const s = $checkout.get();
    const input = orderInput(s);
    // after an attempt without an answer, every next one carries its key: the server makes at most one order of them
    const idempotencyKey = unsettled?.key ?? s.idempotencyKey ?? newIdempotencyKey();
    $checkout.set({ ...s, idempotencyKey, status: 'submitting', error: null });
    lastSignature = signature(); // the key is bound to exactly these inputs
    try {
      const order = await place(input, idempotencyKey);
      unsettled = null;
      $checkout.set({ ...$checkout.get(), status: 'placed', order, idempotencyKey: null });
      if (!s.items && cart) await cart.load(true).catch(() => {}); // the server emptied the cart: every tab refetches
      return order;
    } catch (error) {
      if (outcomeUnknown(error)) {
        unsettled ??= { key: idempotencyKey, inputs: [] };
        const sent = JSON.stringify(input);
        if (!unsettled.inputs.some((earlier) => JSON.stringify(earlier) === sent)) unsettled.inputs.push(input);
      }
      $checkout.set({ ...$checkout.get(), status: 'error', error: error as Error });
      throw error;
    }
  }
}

/** The server refused the payment method (or its channel) for these items: the rest can be priced without it. */
const refusesMethod = (error: unknown) =>
  isApiError(error) && error.status === 400 && Object.keys(error.fields).some((field) => /^(sub_)?payment_method$/.test(field));
