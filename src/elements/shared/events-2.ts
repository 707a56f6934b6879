import type { CheckoutInputs } from '../../session/index.ts';
import type { PublicOrder } from '../../contract/order.ts';

/**
 * Events of checkout, payment, order status, sign-in and account. Same shape as `shared/events.ts`: an `Event`
 * subclass with a readonly `detail` that bubbles and crosses shadow roots.
 */
class SvcEvent<T> extends Event {
  constructor(type: string, readonly detail: T, cancelable = false) {
    super(type, { bubbles: true, composed: true, cancelable });
  }
}

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

/** A customer signed in (after the one-time code, when the store asks for one); the guest cart is merged. */
export class SignInEvent extends SvcEvent<{ email: string; storeId: string }> {
  constructor(detail: SignInEvent['detail']) {
    super('svc-sign-in', detail);
  }
}

export class SignOutEvent extends SvcEvent<{ storeId: string }> {
  constructor(detail: SignOutEvent['detail']) {
    super('svc-sign-out', detail);
  }
}

/** Something the buyer tried failed; `message` is what the element showed, `action` what was being done. */
export class SvcErrorEvent extends SvcEvent<{ action: string; error: unknown; message: string }> {
  constructor(detail: SvcErrorEvent['detail']) {
    super('svc-error', detail);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-checkout-submit': CheckoutSubmitEvent;
    'svc-order-created': OrderCreatedEvent;
    'svc-payment-created': PaymentCreatedEvent;
    'svc-sign-in': SignInEvent;
    'svc-sign-out': SignOutEvent;
    'svc-error': SvcErrorEvent;
  }
}
