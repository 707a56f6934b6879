import type { MapStore } from 'nanostores';
import type { CartItemInput } from '../contract/cart.ts';
import type { DiscountCheckResult, ShippingOption } from '../contract/checkout.ts';
import type { PublicOrder } from '../contract/order.ts';
import type { Client } from '../client/client.ts';
import { newIdempotencyKey } from '../client/idempotency.ts';
import { checkDiscountCode, getCheckoutSummary, getShippingOptions, placeCustomerOrder, placeGuestOrder } from '../client/routes/checkout.ts';
import type { CartStore } from './cart.ts';
import type { CheckoutInputs, CheckoutOptions, CheckoutState } from './checkout.ts';

export type CheckoutEngine = ReturnType<typeof startCheckout>;

/**
 * What `$checkout` does once a checkout starts (loaded then by `checkout.ts`): the server's summary, recomputed
 * (debounced) whenever inputs or the cart change, shipping options, discount codes and order placement. The
 * Idempotency-Key makes even a replay after a lost answer return the first order instead of creating another.
 */
export function startCheckout($checkout: MapStore<CheckoutState>, client: Client, cart: CartStore, isCustomer: () => boolean, options: CheckoutOptions) {
  let summaryTimer: ReturnType<typeof setTimeout> | undefined;
  let summaryAbort: AbortController | null = null;
  let lastSignature = '';

  /** Items to send: none for a guest cart (the server reads it by token), the lines for a customer cart. */
  const itemsToSend = (s: CheckoutInputs): CartItemInput[] | undefined => {
    if (s.items) return s.items;
    if (!isCustomer()) return undefined;
    const lines = cart.$cart.get().cart?.items.filter((l) => l.id > 0) ?? [];
    return lines.map((l) => l.type === 'variant'
      ? { type: 'variant' as const, variant_id: l.variant_id!, quantity: l.quantity }
      : { type: 'bundle_price_option' as const, bundle_price_option_id: l.bundle_price_option_id!, quantity: l.quantity });
  };

  const pricingBody = (s: CheckoutInputs) => ({
    items: itemsToSend(s),
    destination: s.destination ?? undefined,
    courier: s.shippingOption?.courier,
    courier_service: s.shippingOption?.courier_service,
    warehouse_id: s.shippingOption?.warehouse_id,
    payment_method: s.paymentMethod ?? '',
    sub_payment_method: s.subPaymentMethod ?? undefined,
    discount_code: s.discountCode ?? undefined,
  });

  /** What the order would be: when this changes, the summary is stale and a new attempt needs a new key. */
  const signature = () => {
    const s = $checkout.get();
    const source = s.items ? '' : `${cart.$cart.get().revision}`;
    return JSON.stringify([pricingBody(s), s.contact, s.notes, source, isCustomer()]);
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
    const body = pricingBody(s);
    const empty = body.items ? body.items.length === 0 : (cart.$cart.get().cart?.items.length ?? 0) === 0;
    summaryAbort?.abort();
    if (!s.paymentMethod || empty) return $checkout.set({ ...$checkout.get(), summary: null, summaryStatus: 'idle' });
    const controller = (summaryAbort = new AbortController());
    $checkout.setKey('summaryStatus', 'loading');
    try {
      const summary = await getCheckoutSummary(client, body, { signal: controller.signal });
      $checkout.set({ ...$checkout.get(), summary, summaryStatus: 'ready', error: null });
    } catch (error) {
      if (!controller.signal.aborted) $checkout.set({ ...$checkout.get(), summaryStatus: 'error', error: error as Error });
    }
  }

  const unlisten = [$checkout.listen(recomputeSoon), cart.$cart.listen(recomputeSoon)];
  recomputeSoon(); // the inputs that made the store load this module

  return {
    /** Courier services for the chosen destination (and payment method: COD narrows them). */
    async loadShippingOptions(signal?: AbortSignal): Promise<ShippingOption[]> {
      const s = $checkout.get();
      if (!s.destination) throw new Error('Choose a destination first');
      const list = await getShippingOptions(client, {
        items: itemsToSend(s), destination: s.destination, payment_method: s.paymentMethod ?? undefined,
      }, { signal });
      $checkout.setKey('shippingOptions', list);
      return list;
    },
    /** Checks a code against the current items; an eligible code is applied to the summary. */
    async applyDiscount(code: string, signal?: AbortSignal): Promise<DiscountCheckResult> {
      const s = $checkout.get();
      const result = await checkDiscountCode(client, {
        code, items: itemsToSend(s), destination: s.destination ?? undefined, payment_method: s.paymentMethod ?? undefined,
      }, { signal });
      $checkout.set({ ...$checkout.get(), discount: result, discountCode: result.eligible ? result.code : null });
      return result;
    },
    /** Places the order (the store makes sure only one attempt runs at a time). */
    placeOrder: submit,
    destroy: () => (unlisten.forEach((stop) => stop()), clearTimeout(summaryTimer), summaryAbort?.abort()),
  };

  async function submit(): Promise<PublicOrder> {
    const s = $checkout.get();
    const idempotencyKey = s.idempotencyKey ?? newIdempotencyKey();
    $checkout.set({ ...s, idempotencyKey, status: 'submitting', error: null });
    lastSignature = signature(); // the key is bound to exactly these inputs
    // checking out the cart: items omitted, so the server takes its own cart and empties it on success
    const body = { ...pricingBody(s), items: s.items ?? undefined, customer: s.contact ?? undefined, notes: s.notes ?? undefined };
    try {
      const order = isCustomer()
        ? await placeCustomerOrder(client, body, { idempotencyKey })
        : await placeGuestOrder(client, { ...body, customer: s.contact! }, { idempotencyKey });
      $checkout.set({ ...$checkout.get(), status: 'placed', order, idempotencyKey: null });
      if (!s.items) await cart.load(true).catch(() => {}); // the server emptied the cart: every tab refetches
      return order;
    } catch (error) {
      $checkout.set({ ...$checkout.get(), status: 'error', error: error as Error });
      throw error;
    }
  }
}
