/**
 * Shared session of a storefront: nanostores (`$session`, `$cart`, `$checkout`, orders, course progress) and the
 * actions elements call. `createStorefront` wires one storefront; the parts are exported for custom compositions.
 */
import './storefront-parts.ts'; // checkout, orders and course progress: a storefront of session.js has them all
export { createStorefront, type Storefront, type StorefrontOptions } from './storefront.ts';
export { createSession, type Session, type SessionState, type SessionStatus } from './session.ts';
export { createCart, type CartState, type CartStore, type LinePreview } from './cart.ts';
export { createCheckout, type CheckoutInputs, type CheckoutState, type CheckoutStore } from './checkout.ts';
export { createOrders, type OrderStore } from './orders.ts';
export { createCourses, type CourseProgressState, type CourseStore } from './courses.ts';
export type { PageStorefrontOptions } from './page-storefront.ts';
/**
 * `createPageStorefront` (an HTML Mode page's storefront) and `pageRoutes`, loaded on demand: the session entry is in
 * a catalog page's initial load, the page routes are not.
 */
export const loadPageStorefront = () => import('./page-storefront.ts');
export type { CheckoutMode, CheckoutRoutes, OrderInput, PreviousDelivery, PricingInput } from './checkout-routes.ts';
