/**
 * The data of `<svc-context type="cart">` (the session's `$cart`: every change of the cart anywhere on the page
 * shows at once, the optimistic ones included) and `type="order"` (the session's order store of that secret slug).
 */
import type { PublicOrder } from '../../contract/order.ts';
import { ensureCart, type Storefront } from '../shared/storefront.ts';
import type { Scope } from './path.ts';
import { cartView } from './views.ts';

export class CartSource {
  private unsubscribe?: () => void;

  constructor(private readonly storefront: Storefront) {}

  start(changed: () => void): void {
    ensureCart(this.storefront);
    this.unsubscribe = this.storefront.$cart.listen(changed);
  }

  /** `loading` until the buyer's cart is known (a buyer without one has an empty cart at once). */
  status(): 'loading' | 'ready' | 'error' {
    const { cart, status } = this.storefront.$cart.get();
    if (cart || status === 'idle' || status === 'ready') return 'ready';
    return status === 'error' ? 'error' : 'loading';
  }

  error(): unknown {
    return this.storefront.$cart.get().error;
  }

  scope(): Scope {
    const { cart: current, pending } = this.storefront.$cart.get();
    const cart = cartView(current, pending);
    return { values: { cart }, subject: cart };
  }

  stop(): void {
    this.unsubscribe?.();
  }
}

export class OrderSource {
  private unsubscribe?: () => void;
  private order: PublicOrder | null = null;
  private failure?: unknown;

  constructor(private readonly storefront: Storefront, private readonly secret: string) {}

  /** Loads the order (the order store arrives with its own chunk, as for `<svc-order-status>`). */
  async start(changed: () => void): Promise<void> {
    await import('../../session/storefront-parts.ts');
    const store = this.storefront.orders.$order(this.secret);
    this.order = store.get();
    this.unsubscribe = store.listen((order) => {
      this.order = order;
      changed();
    });
    try {
      await this.storefront.orders.load(this.secret);
    } catch (error) {
      this.failure = error;
      changed();
    }
  }

  status(): 'loading' | 'ready' | 'error' {
    return this.order ? 'ready' : this.failure ? 'error' : 'loading';
  }

  error(): unknown {
    return this.failure;
  }

  scope(): Scope | undefined {
    if (!this.order) return undefined;
    const order = { ...this.order, paid: this.order.payment_status === 'paid' };
    return { values: { order }, subject: order };
  }

  stop(): void {
    this.unsubscribe?.();
  }
}
