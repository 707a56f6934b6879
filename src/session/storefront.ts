import type { LoginBody, OtpVerifyBody } from '../contract/auth.ts';
import type { PublicOrder } from '../contract/order.ts';
import { createClient, type Client, type ClientOptions } from '../client/client.ts';
import type { SignInResult } from '../client/routes/auth.ts';
import { createCart, type CartStore } from './cart.ts';
import type { CheckoutMode, CheckoutRoutes, CheckoutStore, createCheckout } from './checkout.ts';
import type { CourseStore, createCourses } from './courses.ts';
import type { createOrders, OrderStore } from './orders.ts';
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
 * The checkout, order and course-progress stores are created on first use from `storefront-parts.ts`, which
 * `session.js` imports and so does every element that uses them (checkout, order status, account): the elements a
 * catalog page shows never do, and these modules stay out of its initial load.
 */
type Parts = { createCheckout: typeof createCheckout; createOrders: typeof createOrders; createCourses: typeof createCourses };
let parts: Parts | undefined;
export const provideParts = (given: Parts) => void (parts = given);
function partsOf(what: string): Parts {
  if (!parts) throw new Error(`[svc] storefront.${what}: import it from svc-storefront/session (session/storefront-parts.ts) first`);
  return parts;
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
  let checkout: CheckoutStore | undefined;
  let orders: OrderStore | undefined;
  // a payment made at checkout is the order's latest state: an <svc-order-status> of it shows it without a poll
  const paid = (order: PublicOrder) => orders?.$order(order.secret_slug).set(order);
  const newCheckout = () => partsOf('checkout').createCheckout(routes, mode, cartCheckout, { debounceMs, paid });
  let courses: CourseStore | undefined;

  const unsubscribe = client.auth.subscribe((event) => {
    if (event.type === 'signed-out') courses?.clear();
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
    get $checkout() {
      return this.checkout.$checkout;
    },
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
    get checkout(): CheckoutStore {
      return (checkout ??= newCheckout());
    },
    /**
     * Another checkout with the same routes and its own `$checkout`, e.g. for buy-now items, so that it never
     * overwrites the cart checkout's inputs. Destroy it when done.
     */
    createCheckout: newCheckout,
    /** Buyer-facing orders by secret slug: `$order(slug)` and the actions `load`, `pay`, `update`. */
    get orders(): OrderStore {
      return (orders ??= partsOf('orders').createOrders(client));
    },
    /** The signed-in customer's profile writes; the profile itself is `$session.customer`. */
    account: { updateProfile: session.updateProfile, changePassword: session.changePassword },
    /** Course progress writes and `$progress`. */
    get courses(): CourseStore {
      return (courses ??= partsOf('courses').createCourses(client));
    },
    destroy() {
      unsubscribe();
      cart.destroy();
      checkout?.destroy();
      client.destroy();
    },
  };
}
