import type { CheckoutInputs } from '../../session/index.ts';
import type { PublicOrder } from '../../contract/order.ts';
import { SvcEvent } from './svc-event.ts';

// Events of checkout, payment instructions and order status.

/** Where checkout sends the order: the guest storefront, the signed-in customer, or an HTML Mode page. */
export type CheckoutMode = 'guest' | 'customer' | 'page';

/** The buyer pressed "place order" and the form is valid. Cancel it to stop the order (your own review step, say). */
export class CheckoutSubmitEvent extends SvcEvent<{ mode: CheckoutMode; inputs: CheckoutInputs }> {
  constructor(detail: CheckoutSubmitEvent['detail']) {
    super('svc-checkout-submit', detail, true);
  }
}

/** The server created the order (fired once per order, even after a double submit). */
export class OrderCreatedEvent extends SvcEvent<{ mode: CheckoutMode; order: PublicOrder }> {
  constructor(detail: OrderCreatedEvent['detail']) {
    super('svc-order-created', detail);
  }
}

/** Payment instructions exist for the order (virtual account, QR, payment URL, or the manual ones). */
export class PaymentCreatedEvent extends SvcEvent<{ order: PublicOrder }> {
  constructor(order: PublicOrder) {
    super('svc-payment-created', { order });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-checkout-submit': CheckoutSubmitEvent;
    'svc-order-created': OrderCreatedEvent;
    'svc-payment-created': PaymentCreatedEvent;
  }
}
