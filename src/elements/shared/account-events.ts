import { SvcEvent } from './svc-event.ts';

// Events of sign-in and the account.

/** A customer signed in (after the one-time code, when the store asks for one); the guest cart is merged. */
export class SignInEvent extends SvcEvent<{ email: string; storeId: string }> {
  constructor(detail: SignInEvent['detail']) {
    super('svc-sign-in', detail);
  }
}

/** The customer signed out (from `<svc-sign-in>` or `<svc-account>`). */
export class SignOutEvent extends SvcEvent<{ storeId: string }> {
  constructor(detail: SignOutEvent['detail']) {
    super('svc-sign-out', detail);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-sign-in': SignInEvent;
    'svc-sign-out': SignOutEvent;
  }
}
