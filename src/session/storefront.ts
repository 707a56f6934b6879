import type { LoginBody, OtpVerifyBody } from '../contract/auth.ts';
import { createClient, type Client, type ClientOptions } from '../client/client.ts';
import type { SignInResult } from '../client/routes/auth.ts';
import { createCart } from './cart.ts';
import { createCheckout } from './checkout.ts';
import { createSession } from './session.ts';

export type StorefrontOptions = ClientOptions & {
  /** Pause before the checkout summary is recomputed after an input changes, in ms (default 250). */
  summaryDebounceMs?: number;
  /** Use an existing client instead of creating one. */
  client?: Client;
};

export type Storefront = ReturnType<typeof createStorefront>;

/**
 * One storefront: its client and the `$session`, `$cart` and `$checkout` stores with the actions elements call.
 * Signing in merges the guest cart into the customer's; a sign-in, sign-out or cart change in another tab makes
 * this one refetch from the server.
 */
export function createStorefront(options: StorefrontOptions) {
  const client = options.client ?? createClient(options);
  const session = createSession(client);
  const isCustomer = () => client.auth.signedIn;
  const cart = createCart(client, isCustomer);
  const checkout = createCheckout(client, cart, isCustomer, { debounceMs: options.summaryDebounceMs });

  const unsubscribe = client.auth.subscribe((event) => {
    // a local sign-in is followed by the merge in `signedIn` below; everything else just refetches
    if (event.type === 'signed-out' || (event.type === 'signed-in' && event.remote)) void cart.load().catch(() => {});
  });

  async function signedIn(result: SignInResult): Promise<SignInResult> {
    if (result.status === 'signed-in') await cart.mergeGuest().catch(() => cart.load().catch(() => {}));
    return result;
  }

  return {
    client,
    $session: session.$session,
    $cart: cart.$cart,
    $checkout: checkout.$checkout,
    /** Session actions. */
    signIn: (body: LoginBody) => session.signIn(body).then(signedIn),
    verifyOtp: (body: Partial<OtpVerifyBody> & { otp: string }) => session.verifyOtp(body).then(signedIn),
    signOut: session.signOut,
    requestPasswordReset: session.requestPasswordReset,
    resetPassword: session.resetPassword,
    loadCustomer: session.loadCustomer,
    /** Cart actions (optimistic, rolled back on error). */
    cart: { load: cart.load, add: cart.add, update: cart.update, remove: cart.remove },
    /** Checkout actions. */
    checkout: {
      update: checkout.update,
      loadShippingOptions: checkout.loadShippingOptions,
      applyDiscount: checkout.applyDiscount,
      placeOrder: checkout.placeOrder,
      reset: checkout.reset,
    },
    destroy() {
      unsubscribe();
      cart.destroy();
      checkout.destroy();
      client.destroy();
    },
  };
}
