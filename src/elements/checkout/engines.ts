import { map, type MapStore, type ReadableAtom } from 'nanostores';
import type { Client } from '../../client/client.ts';
import { isApiError } from '../../client/errors.ts';
import { getCheckoutSummary, listPaymentMethods } from '../../client/routes/checkout.ts';
import { createOrderPayment } from '../../client/routes/orders.ts';
import { checkPageDiscountCode, getPageShippingOptions, getPageSummary, placePageOrder } from '../../client/routes/page.ts';
import type { CartItemInput } from '../../contract/cart.ts';
import type { PaymentMethod } from '../../contract/catalog.ts';
import type { DiscountCheckResult, ShippingOption } from '../../contract/checkout.ts';
import type { PublicOrder } from '../../contract/order.ts';
import { createCheckout, type CartStore, type CheckoutInputs, type CheckoutState, type Storefront } from '../../session/index.ts';
import type { CheckoutMode } from '../shared/events-2.ts';

/**
 * What `<svc-checkout>` drives: the storefront session's checkout (guest or customer, the session picks the route)
 * or an HTML Mode page's. Both keep the same `CheckoutState`, so the element has one UI for the three modes.
 */
export type CheckoutEngine = {
  readonly mode: CheckoutMode;
  readonly $checkout: ReadableAtom<CheckoutState>;
  update(inputs: Partial<CheckoutInputs>): void;
  loadShippingOptions(signal?: AbortSignal): Promise<ShippingOption[]>;
  applyDiscount(code: string, signal?: AbortSignal): Promise<DiscountCheckResult>;
  placeOrder(): Promise<PublicOrder>;
  paymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]>;
  /** Whether direct `items` need shipping: the summary without a destination answers 400 naming `destination`. */
  requiresShipping(items: CartItemInput[], method: string, signal?: AbortSignal): Promise<boolean>;
  /** The order with its payment instructions (payment creation route). */
  createPayment(order: PublicOrder): Promise<PublicOrder>;
  destroy(): void;
};

const needsDestination = (error: unknown) => isApiError(error) && error.status === 400 && 'destination' in error.fields;
const probe = (summary: Promise<unknown>) => summary.then(() => false, (error) => (needsDestination(error) ? true : Promise.reject(error)));

/**
 * The storefront's checkout. Buy-now items (`separate`) get a checkout store of their own, so that a buy-now
 * checkout and the cart's checkout on one page never overwrite each other's inputs.
 */
export function storeEngine(storefront: Storefront, separate: boolean): CheckoutEngine {
  const { client } = storefront;
  const cart = { $cart: storefront.$cart, load: storefront.cart.load } as unknown as CartStore; // all a buy-now checkout reads
  const own = separate ? createCheckout(client, cart, () => client.auth.signedIn) : undefined;
  const checkout = own ?? { ...storefront.checkout, $checkout: storefront.$checkout };
  return {
    get mode() {
      return client.auth.signedIn ? 'customer' : 'guest';
    },
    ...checkout,
    paymentMethods: (signal) => listPaymentMethods(client, { signal }),
    requiresShipping: (items, method, signal) => probe(getCheckoutSummary(client, { items, payment_method: method }, { signal })),
    createPayment: (order) => createOrderPayment(client, order.secret_slug),
    destroy: () => own?.destroy(),
  };
}

export type PageOptions = {
  client: Client;
  /** The page author's payment methods: the contract has no page route that lists them. */
  methods: PaymentMethod[];
  /** A storefront of the same store, to create payment instructions (that route takes the store key only). */
  storefront?: Storefront;
  debounceMs?: number;
};

/**
 * Checkout of an HTML Mode page (`/v3/pages/{id}/…`, page key): direct items only, the shipping choice as one
 * `shipping_option`, the summary recomputed 250 ms after the pricing inputs change, and one Idempotency-Key per
 * attempt, kept across retries, so that a double submit or a retry after a lost answer makes one order.
 */
export function pageEngine({ client, methods, storefront, debounceMs = 250 }: PageOptions): CheckoutEngine {
  const $checkout: MapStore<CheckoutState> = map<CheckoutState>({
    items: null, contact: null, destination: null, paymentMethod: null, subPaymentMethod: null, shippingOption: null,
    discountCode: null, notes: null, shippingOptions: null, discount: null, summary: null, summaryStatus: 'idle',
    idempotencyKey: null, status: 'editing', order: null, error: null,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let abort: AbortController | undefined;
  let inflight: Promise<PublicOrder> | null = null;
  let priced = '';
  let attempt = '';

  const items = () => $checkout.get().items ?? [];
  const pricing = (s: CheckoutState) => ({
    items: items(),
    destination: s.destination ?? undefined,
    payment_method: s.paymentMethod ?? '',
    sub_payment_method: s.subPaymentMethod ?? undefined,
    shipping_option: s.shippingOption ?? undefined,
    discount_code: s.discountCode ?? undefined,
  });

  async function recompute() {
    const s = $checkout.get();
    abort?.abort();
    if (!s.paymentMethod || !items().length) return $checkout.set({ ...s, summary: null, summaryStatus: 'idle' });
    const controller = (abort = new AbortController());
    $checkout.setKey('summaryStatus', 'loading');
    try {
      const summary = await getPageSummary(client, pricing(s), { signal: controller.signal });
      $checkout.set({ ...$checkout.get(), summary, summaryStatus: 'ready', error: null });
    } catch (error) {
      if (!controller.signal.aborted) $checkout.set({ ...$checkout.get(), summary: null, summaryStatus: 'error', error: error as Error });
    }
  }

  $checkout.listen((s) => {
    const order = JSON.stringify([pricing(s), s.contact, s.notes]);
    if (order !== attempt && s.status !== 'submitting') (attempt = order), $checkout.setKey('idempotencyKey', null); // a new order, a new key
    const key = JSON.stringify(pricing(s));
    if (key === priced) return;
    priced = key;
    clearTimeout(timer);
    timer = setTimeout(() => void recompute(), debounceMs);
  });

  async function submit(): Promise<PublicOrder> {
    const s = $checkout.get();
    const idempotencyKey = s.idempotencyKey ?? newKey();
    $checkout.set({ ...s, idempotencyKey, status: 'submitting', error: null });
    try {
      const body = { ...pricing(s), customer: s.contact!, notes: s.notes ?? undefined };
      const order = await placePageOrder(client, body, { idempotencyKey });
      $checkout.set({ ...$checkout.get(), status: 'placed', order, idempotencyKey: null });
      return order;
    } catch (error) {
      $checkout.set({ ...$checkout.get(), status: 'error', error: error as Error });
      throw error;
    }
  }

  return {
    mode: 'page',
    $checkout,
    update: (inputs) => $checkout.set({ ...$checkout.get(), ...inputs, status: 'editing', error: null }),
    async loadShippingOptions(signal) {
      const s = $checkout.get();
      if (!s.destination) throw new Error('Choose a destination first');
      const list = await getPageShippingOptions(client, { items: items(), destination: s.destination, payment_method: s.paymentMethod ?? undefined }, { signal });
      $checkout.setKey('shippingOptions', list);
      return list;
    },
    async applyDiscount(code, signal) {
      const result = await checkPageDiscountCode(client, { code, items: items() }, { signal });
      $checkout.set({ ...$checkout.get(), discount: result, discountCode: result.eligible ? result.code : null });
      return result;
    },
    placeOrder: () => (inflight ??= submit().finally(() => (inflight = null))),
    paymentMethods: async () => methods,
    requiresShipping: (list, method, signal) => probe(getPageSummary(client, { items: list, payment_method: method }, { signal })),
    createPayment: async (order) => (storefront ? createOrderPayment(storefront.client, order.secret_slug) : order),
    destroy() {
      clearTimeout(timer);
      abort?.abort();
      client.destroy();
    },
  };
}

/** A random key; `randomUUID` needs a secure context, `getRandomValues` does not. */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const TYPES = new Set(['bank_transfer', 'cod', 'virtual_account', 'qris', 'ewallet', 'card', 'invoice']);

/**
 * The page author's payment methods: the JSON of `/public/payment-methods` (`[{ code, type, name, channels }]`), or
 * the short form `"virtual_account:bca,bni qris cod"` (codes that are also types, channels after a colon).
 */
export function parseMethods(value: string | null | undefined, names: Record<string, string>): PaymentMethod[] {
  const text = value?.trim();
  if (!text) return [];
  if (text.startsWith('[')) return JSON.parse(text) as PaymentMethod[];
  return text.split(/\s+/).map((entry) => {
    const [code, channels = ''] = entry.split(':');
    return {
      code,
      type: (TYPES.has(code) ? code : 'bank_transfer') as PaymentMethod['type'],
      name: names[code] ?? code,
      channels: channels.split(',').filter(Boolean).map((c) => ({ code: c, name: c.toUpperCase() })),
    };
  });
}
