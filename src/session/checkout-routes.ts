import type { CartItemInput } from '../contract/cart.ts';
import type { PaymentMethod } from '../contract/catalog.ts';
import type { Customer, Destination, DiscountCheckResult, ShippingChoice, ShippingOption, Summary } from '../contract/checkout.ts';
import type { PublicOrder } from '../contract/order.ts';

/** Which routes a checkout uses: the storefront's guest or customer checkout, or an HTML Mode page's. */
export type CheckoutMode = 'guest' | 'customer' | 'page';

/** What prices an order, whatever the routes call the fields. `items` omitted: the cart (storefront routes). */
export type PricingInput = {
  items?: CartItemInput[];
  destination?: Destination;
  shipping?: ShippingChoice;
  paymentMethod?: string;
  subPaymentMethod?: string;
  discountCode?: string;
  /** A summary of what is known before destination and courier: items, subtotal, shipping pending. */
  partial?: boolean;
};

export type OrderInput = PricingInput & { customer: Customer | undefined; notes?: string };

/** Where an earlier order went: its destination and the courier service it shipped with. */
export type PreviousDelivery = { destination: Destination; courier: { courier: string; courier_service: string } | null };

/**
 * The transport of one checkout engine (session/checkout-engine.ts): the storefront routes (storefront-routes.ts)
 * or the page routes (page-storefront.ts). Everything else — debounce, stale answers, Idempotency-Key, one
 * submission at a time — is the engine's, the same for every mode.
 */
export type CheckoutRoutes = {
  readonly mode: CheckoutMode;
  /** Items the routes need for these inputs (a customer cart is sent as lines, a guest cart is read by token). */
  items(direct: CartItemInput[] | null): CartItemInput[] | undefined;
  summary(input: PricingInput, signal?: AbortSignal): Promise<Summary>;
  shippingOptions(input: PricingInput & { destination: Destination }, signal?: AbortSignal): Promise<ShippingOption[]>;
  checkDiscount(code: string, input: PricingInput, signal?: AbortSignal): Promise<DiscountCheckResult>;
  placeOrder(input: OrderInput, idempotencyKey: string): Promise<PublicOrder>;
  paymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]>;
  /** The order with its payment instructions. */
  createPayment(order: PublicOrder): Promise<PublicOrder>;
  /** The signed-in customer's latest delivery (their order list); null for a guest or a page. */
  previousDelivery(signal?: AbortSignal): Promise<PreviousDelivery | null>;
};
