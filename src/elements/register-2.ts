/**
 * Registers the elements of checkout, payment, order status, sign-in and account. Sign-in is small and defined at
 * once; the others are loaded on first use: as soon as one of their tags is in the document, its module (its own
 * chunk in the ES build) is imported and defines it. Import a module directly to define it eagerly, e.g. when the
 * tag lives only inside your own shadow root.
 */
export { SvcSignIn } from './sign-in/sign-in.ts';
export { CheckoutSubmitEvent, OrderCreatedEvent, PaymentCreatedEvent, SignInEvent, SignOutEvent, SvcErrorEvent } from './shared/events-2.ts';

const LAZY: Record<string, () => Promise<unknown>> = {
  'svc-checkout': () => import('./checkout/checkout.ts'),
  'svc-order-status': () => import('./order-status/order-status.ts'),
  'svc-payment-instructions': () => import('./payment-instructions/payment-instructions.ts'),
  'svc-account': () => import('./account/account.ts'),
};

function loadFound(root: ParentNode) {
  for (const [tag, load] of Object.entries(LAZY)) {
    if (customElements.get(tag) || !root.querySelector(tag)) continue;
    delete LAZY[tag];
    void load().catch((error) => console.error(`[svc] could not load <${tag}>`, error));
  }
}

if (typeof document !== 'undefined') {
  loadFound(document);
  const observer = new MutationObserver(() => (Object.keys(LAZY).length ? loadFound(document) : observer.disconnect()));
  observer.observe(document.documentElement, { childList: true, subtree: true });
}

/** Loads and defines every lazily loaded element now (for frameworks that render into shadow roots). */
export const defineAll = () => Promise.all(Object.keys(LAZY).map((tag) => LAZY[tag]()));
