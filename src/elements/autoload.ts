/**
 * The autoloader of the elements a catalog page does not need at once: product view, cart, location picker, sign-in,
 * checkout, payment instructions, order status, account and the merchant's templates. Each is its own chunk in the ES
 * build, with its own texts and styles, and is imported as soon as its tag appears in the document (then it defines
 * itself) within reach of the viewport; one whose every instance is off screen is imported when one comes near
 * (docs/decisions.md #27: a checkout at the foot of the page costs a phone no work until the shopper scrolls there).
 * A tag that lives only inside a shadow root is not seen here: its host imports the module itself (checkout imports
 * the location picker), or call `defineAll()`.
 */
export { CheckoutSubmitEvent, OrderCreatedEvent, PaymentCreatedEvent } from './shared/checkout-events.ts';
export { SignInEvent, SignOutEvent } from './shared/account-events.ts';
export { SvcErrorEvent } from './shared/svc-event.ts';
// the classes as types (their tags in HTMLElementTagNameMap, which svc-storefront/jsx reads): no code of theirs loads
export type { SvcLocationPicker } from './location-picker/location-picker.ts';
export type { SvcSignIn } from './sign-in/sign-in.ts';
export type { SvcCheckout } from './checkout/checkout.ts';
export type { SvcOrderStatus } from './order-status/order-status.ts';
export type { SvcPaymentInstructions } from './payment-instructions/payment-instructions.ts';
export type { SvcAccount } from './account/account.ts';
export type { SvcContext, SvcList, SvcVariantSelector } from './templates/index.ts';

const LAZY: Record<string, () => Promise<unknown>> = {
  'svc-product': () => import('./product/product.ts'),
  'svc-cart': () => import('./cart/cart.ts'), // also the cart button's drawer, which imports it itself
  'svc-location-picker': () => import('./location-picker/location-picker.ts'),
  'svc-sign-in': () => import('./sign-in/sign-in.ts'),
  'svc-checkout': () => import('./checkout/checkout.ts'),
  'svc-order-status': () => import('./order-status/order-status.ts'),
  'svc-payment-instructions': () => import('./payment-instructions/payment-instructions.ts'),
  'svc-account': () => import('./account/account.ts'),
  // the merchant's templates (docs/templates.md): one chunk for both tags and the variant selector inside them
  'svc-context': () => import('./templates/index.ts'),
  'svc-list': () => import('./templates/index.ts'),
};
const loading = new Map<string, Promise<unknown>>();

/** Imports the module of `tag` once. */
function load(tag: string): Promise<unknown> {
  let module = loading.get(tag);
  if (!module) loading.set(tag, (module = LAZY[tag]()));
  return module;
}

const loadLogged = (tag: string) => void load(tag).catch((error) => console.error(`[svc] could not load <${tag}>`, error));

/** Every instance of a tag not loaded yet; the first to come within 200 px of the viewport loads its module. */
const near = typeof IntersectionObserver === 'undefined' ? undefined : new IntersectionObserver((entries) => entries.forEach((entry) => {
  if (!entry.isIntersecting) return;
  near!.unobserve(entry.target);
  loadLogged(entry.target.localName);
}), { rootMargin: '200px 0px' });

function loadFound(root: ParentNode) {
  for (const tag in LAZY) if (!loading.has(tag) && !customElements.get(tag)) root.querySelectorAll(tag).forEach((element) => near?.observe(element));
}

if (typeof document !== 'undefined') {
  loadFound(document);
  const observer = new MutationObserver(() => (loading.size < Object.keys(LAZY).length ? loadFound(document) : observer.disconnect()));
  observer.observe(document.documentElement, { childList: true, subtree: true });
}

/** Loads and defines every lazily loaded element now (for frameworks that render them into shadow roots). */
export const defineAll = () => Promise.all(Object.keys(LAZY).map(load));
