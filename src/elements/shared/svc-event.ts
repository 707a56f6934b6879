/**
 * Base of our domain events: an `Event` with a readonly `detail` that bubbles and crosses shadow roots, so the
 * merchant's page hears it on `document`. The events themselves live by topic: `cart-events.ts`,
 * `checkout-events.ts`, `account-events.ts`.
 */
export class SvcEvent<T> extends Event {
  constructor(type: string, readonly detail: T, cancelable = false) {
    super(type, { bubbles: true, composed: true, cancelable });
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
    'svc-error': SvcErrorEvent;
  }
}
