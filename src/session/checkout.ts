import { map, type MapStore } from 'nanostores';
import type { CartItemInput } from '../contract/cart.ts';
import type { Customer, Destination, DiscountCheckResult, ShippingChoice, ShippingOption, Summary, SummaryLine } from '../contract/checkout.ts';
import type { PublicOrder } from '../contract/order.ts';
import type { PaymentMethod } from '../contract/catalog.ts';
import type { CartStore } from './cart.ts';
import type { CheckoutEngine } from './checkout-engine.ts';
import type { CheckoutMode, CheckoutRoutes, PreviousDelivery } from './checkout-routes.ts';

export type { CheckoutMode, CheckoutRoutes, PreviousDelivery };

/** What the buyer chooses. `items: null` checks out the cart; a list checks out just those (buy now). */
export type CheckoutInputs = {
  items: CartItemInput[] | null;
  contact: Customer | null;
  destination: Destination | null;
  paymentMethod: string | null;
  subPaymentMethod: string | null;
  shippingOption: ShippingChoice | null;
  discountCode: string | null;
  notes: string | null;
  /**
   * Whether the items are delivered (need a destination and a courier). `null`: not known yet; the engine learns it
   * from its first summary (direct items) or from the cart. While they ship and no courier is chosen, nothing is priced.
   */
  needsShipping: boolean | null;
};

export type CheckoutState = CheckoutInputs & {
  shippingOptions: ShippingOption[] | null;
  discount: DiscountCheckResult | null;
  summary: Summary | null;
  summaryStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The lines of the last summary the server priced: they stay listed when a later summary fails. */
  lines: SummaryLine[] | null;
  /** Key of the current checkout attempt: kept across retries, renewed when the order changes or succeeded. */
  idempotencyKey: string | null;
  status: 'editing' | 'submitting' | 'placed' | 'error';
  order: PublicOrder | null;
  error: Error | null;
};

export type CheckoutOptions = {
  debounceMs?: number;
  /** Told of each order whose payment was created, so that the storefront's other views of it follow. */
  paid?: (order: PublicOrder) => void;
};

const EMPTY_INPUTS: CheckoutInputs = {
  items: null, contact: null, destination: null, paymentMethod: null, subPaymentMethod: null, shippingOption: null,
  discountCode: null, notes: null, needsShipping: null,
};

export type CheckoutStore = ReturnType<typeof createCheckout>;

const emptyCheckout = (): CheckoutState => ({
  ...EMPTY_INPUTS, shippingOptions: null, discount: null, summary: null, summaryStatus: 'idle', lines: null, idempotencyKey: null,
  status: 'editing', order: null, error: null,
});

/**
 * `$checkout`: inputs, the server's summary (recomputed, debounced, whenever inputs or the cart change) and order
 * placement. A second submit while one is in flight gets the same promise; the Idempotency-Key makes even a
 * replay after a lost answer return the first order instead of creating another.
 *
 * One engine for every checkout: `load` brings its routes (storefront guest/customer routes, or an HTML Mode page's),
 * `mode` says which. The work behind the store (`checkout-engine.ts`, the routes and their schemas) loads with the
 * first input or action, so a page without a checkout never downloads it. `cart`: the cart a `null` items input
 * checks out (storefront checkouts only).
 */
export function createCheckout(load: () => Promise<CheckoutRoutes>, mode: () => CheckoutMode, cart?: CartStore, options: CheckoutOptions = {}) {
  const $checkout: MapStore<CheckoutState> = map<CheckoutState>(emptyCheckout());
  let engine: Promise<CheckoutEngine> | undefined;
  let destroyed = false;
  let submitting: Promise<PublicOrder> | null = null;
  const start = () => (engine ??= Promise.all([import('./checkout-engine.ts'), load()]).then(
    ([{ startCheckout }, routes]) => {
      const running = startCheckout($checkout, routes, cart, options);
      if (destroyed) running.destroy();
      return running;
    },
    (error: unknown) => {
      engine = undefined; // try again on the next call
      throw error;
    },
  ));

  return {
    $checkout,
    /** Whose routes: `guest` or `customer` (follows the session), or `page`. */
    get mode(): CheckoutMode {
      return mode();
    },
    /** Changes inputs; the summary follows after a short pause. */
    update(inputs: Partial<CheckoutInputs>): void {
      $checkout.set({ ...$checkout.get(), ...inputs, status: 'editing', error: null });
      void start().catch((error: Error) => $checkout.set({ ...$checkout.get(), summaryStatus: 'error', error }));
    },
    /** Courier services for the chosen destination (and payment method: COD narrows them). */
    loadShippingOptions: async (signal?: AbortSignal): Promise<ShippingOption[]> => (await start()).loadShippingOptions(signal),
    /** Checks a code against the current items; an eligible code is applied to the summary. */
    applyDiscount: async (code: string, signal?: AbortSignal): Promise<DiscountCheckResult> => (await start()).applyDiscount(code, signal),
    /** The payment methods offered (with their channels). */
    paymentMethods: async (signal?: AbortSignal): Promise<PaymentMethod[]> => (await start()).paymentMethods(signal),
    /** Where the signed-in buyer's latest order went, and by which courier: null for a guest, a page, or no order yet. */
    previousDelivery: async (signal?: AbortSignal): Promise<PreviousDelivery | null> => (await start()).previousDelivery(signal),
    /**
     * Places the order once, however often it is called while in flight. A failed attempt is retried with the same
     * key; after one that got no answer (network, 5xx) every next attempt keeps its key, so at most one order results.
     */
    placeOrder(): Promise<PublicOrder> {
      submitting ??= start().then((running) => running.placeOrder()).finally(() => (submitting = null));
      return submitting;
    },
    /** Creates the payment of a placed order: the order with its payment instructions. */
    createPayment: async (order: PublicOrder): Promise<PublicOrder> => {
      const paid = await (await start()).createPayment(order);
      options.paid?.(paid);
      return paid;
    },
    /** Back to an empty checkout (after showing the placed order), forgetting any attempt that got no answer. */
    reset(): void {
      $checkout.set(emptyCheckout());
      void engine?.then((running) => running.forgetAttempts(), () => {});
    },
    destroy(): void {
      destroyed = true;
      void engine?.then((running) => running.destroy(), () => {});
    },
  };
}
