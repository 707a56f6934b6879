import type { MapStore } from 'nanostores';
import type { DiscountCheckResult, ShippingOption } from '../contract/checkout.ts';
import type { PublicOrder } from '../contract/order.ts';
import { newIdempotencyKey } from '../client/idempotency.ts';
import type { CartStore } from './cart.ts';
import type { CheckoutInputs, CheckoutOptions, CheckoutState } from './checkout.ts';
import type { CheckoutRoutes, PricingInput } from './checkout-routes.ts';

export type CheckoutEngine = ReturnType<typeof startCheckout>;

/**
 * The one checkout engine (loaded by `checkout.ts` when a checkout starts), whatever its routes: the server's summary,
 * recomputed (debounced, stale answers dropped) whenever inputs or the cart change; shipping options; discount
 * codes; order placement. The Idempotency-Key makes even a replay after a lost answer return the first order
 * instead of creating another. The summary needs no payment method: shipping and total show as soon as destination
 * and courier are known, the payment fee joins once a method is chosen.
 */
export function startCheckout($checkout: MapStore<CheckoutState>, routes: CheckoutRoutes, cart: CartStore | undefined, options: CheckoutOptions) {
  let summaryTimer: ReturnType<typeof setTimeout> | undefined;
  let summaryAbort: AbortController | null = null;
  let lastSignature = '';

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
    // a cart that ships lists its own lines: no request before its courier is known
    if (empty || (cartNow && ships && partial)) return $checkout.set({ ...$checkout.get(), summary: null, summaryStatus: 'idle' });
    const controller = (summaryAbort = new AbortController());
    $checkout.setKey('summaryStatus', 'loading');
    try {
      // direct items before destination and courier: a partial summary lists them, and says whether they ship
      const summary = await routes.summary({ ...body, partial: partial || undefined }, controller.signal);
      const needsShipping = summary.shipping_pending ? true : partial ? false : ships;
      $checkout.set({ ...$checkout.get(), summary, summaryStatus: 'ready', error: null, ...(s.items && { needsShipping }) });
    } catch (error) {
      // no stale total: an incomplete choice shows "—" again
      if (!controller.signal.aborted) $checkout.set({ ...$checkout.get(), summary: null, summaryStatus: 'error', error: error as Error });
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
    createPayment: (order: PublicOrder) => routes.createPayment(order),
    /** Places the order (the store makes sure only one attempt runs at a time). */
    placeOrder: submit,
    destroy: () => (unlisten.forEach((stop) => stop()), clearTimeout(summaryTimer), summaryAbort?.abort()),
  };

  async function submit(): Promise<PublicOrder> {
    const s = $checkout.get();
    const idempotencyKey = s.idempotencyKey ?? newIdempotencyKey();
    $checkout.set({ ...s, idempotencyKey, status: 'submitting', error: null });
    lastSignature = signature(); // the key is bound to exactly these inputs
    // checking out a guest cart: items omitted, so the server takes its own cart and empties it on success
    const input = { ...pricing(s), items: s.items ?? (cart ? undefined : []), customer: s.contact ?? undefined, notes: s.notes ?? undefined };
    try {
      const order = await routes.placeOrder(input, idempotencyKey);
      $checkout.set({ ...$checkout.get(), status: 'placed', order, idempotencyKey: null });
      if (!s.items && cart) await cart.load(true).catch(() => {}); // the server emptied the cart: every tab refetches
      return order;
    } catch (error) {
      $checkout.set({ ...$checkout.get(), status: 'error', error: error as Error });
      throw error;
    }
  }
}
