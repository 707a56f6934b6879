import type { LoginBody, OtpVerifyBody } from '../contract/auth.ts';
import { createClient, type Client, type ClientOptions } from '../client/client.ts';
import type { SignInResult } from '../client/routes/auth.ts';
import { createCart, type CartStore } from './cart.ts';
import { createCheckout, type CheckoutMode, type CheckoutRoutes } from './checkout.ts';
import { createCourses } from './courses.ts';
import { createOrders } from './orders.ts';
import { createSession } from './session.ts';

export type StorefrontOptions = ClientOptions & {
  /** Pause before the checkout summary is recomputed after an input changes, in ms (default 250). */
  summaryDebounceMs?: number;
  /** Use an existing client instead of creating one. */
  client?: Client;
};

export type Storefront = ReturnType<typeof assembleStorefront>;

/**
 * One storefront: its client and the `$session`, `$cart`, `$checkout`, per-order and course-progress stores with
 * the actions elements call (every write goes through one of them, so every view of the same data follows it).
 * Signing in merges the guest cart into the customer's; a sign-in, sign-out or cart change in another tab makes
 * this one refetch from the server.
 */
export function createStorefront(options: StorefrontOptions): Storefront {
  const client = options.client ?? createClient(options);
  const isCustomer = () => client.auth.signedIn;
  const cart = createCart(client, isCustomer);
  const routes = () => import('./storefront-routes.ts').then((m) => m.storefrontRoutes(client, cart, isCustomer));
  return assembleStorefront('store', client, cart, routes, () => (isCustomer() ? 'customer' : 'guest'), options.summaryDebounceMs);
}

/**
 * The parts every storefront has, whatever its checkout routes (the store's, or an HTML Mode page's:
 * `createPageStorefront` in `page-storefront.ts`).
 */
export function assembleStorefront(
  scope: 'store' | 'page', client: Client, cart: CartStore, routes: () => Promise<CheckoutRoutes>, mode: () => CheckoutMode, debounceMs?: number,
) {
  const session = createSession(client);
  const cartCheckout = scope === 'store' ? cart : undefined;
  const newCheckout = () => createCheckout(routes, mode, cartCheckout, { debounceMs });
  const checkout = newCheckout();
  const orders = createOrders(client);
  const courses = createCourses(client);

  const unsubscribe = client.auth.subscribe((event) => {
    if (event.type === 'signed-out') courses.clear();
    // a local sign-in is followed by the merge in `signedIn` below; everything else just refetches
    if (scope === 'store' && (event.type === 'signed-out' || (event.type === 'signed-in' && event.remote))) void cart.load().catch(() => {});
  });

  async function signedIn(result: SignInResult): Promise<SignInResult> {
    if (result.status === 'signed-in') await cart.mergeGuest().catch(() => cart.load().catch(() => {}));
    return result;
  }

  return {
    /** `store`: a store's storefront (`<svc-store>`); `page`: an HTML Mode page's (checkout and locations only). */
    scope,
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
    /** Checkout actions (of the cart, or of the page's items) and its `$checkout`; `storefront.destroy()` ends it. */
    checkout,
    /**
     * Another checkout with the same routes and its own `$checkout`, e.g. for buy-now items, so that it never
     * overwrites the cart checkout's inputs. Destroy it when done.
     */
    createCheckout: newCheckout,
    /** Buyer-facing orders by secret slug: `$order(slug)` and the actions `load`, `pay`, `update`. */
    orders,
    /** The signed-in customer's profile writes; the profile itself is `$session.customer`. */
    account: { updateProfile: session.updateProfile, changePassword: session.changePassword },
    /** Course progress writes and `$progress`. */
    courses,
    destroy() {
      unsubscribe();
      cart.destroy();
      checkout.destroy();
      client.destroy();
    },
  };
}
