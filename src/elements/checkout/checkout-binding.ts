import type { Storefront } from '../../session/index.ts';
import { pageStorefront } from '../shared/page-storefront.ts';

/** An HTML Mode page's settings: the element's attributes first, then the page runtime's script tag. */
export type PageSettings = { id: string; key: string; baseUrl: string; methods?: string };

export function pageSettings(attributes: { pageId?: string; pageKey?: string; baseUrl?: string; paymentMethods?: string }): PageSettings | undefined {
  const data = document.querySelector<HTMLScriptElement>('script[data-page-id][data-page-key]')?.dataset;
  const id = attributes.pageId ?? data?.pageId;
  const key = attributes.pageKey ?? data?.pageKey;
  return id && key ? { id, key, baseUrl: attributes.baseUrl ?? data?.baseUrl ?? '', methods: attributes.paymentMethods ?? data?.paymentMethods } : undefined;
}

/**
 * Which checkout an `<svc-checkout>` drives: the storefront's cart checkout, or one of its own for buy-now items and
 * for an HTML Mode page (destroyed with it); and the checkout its payment is created through (the store's when there
 * is one: a page order has no store key).
 */
export class CheckoutBinding {
  engine?: Storefront['checkout'];
  payer?: Storefront['checkout'];
  private own = false;
  private key?: string;
  private storefront?: Storefront;

  /** Follows the page settings, the buy-now items and the storefront; true when it now drives another checkout. */
  sync(page: PageSettings | undefined, buyNow: boolean, storefront: Storefront | undefined): boolean {
    const key = page ? JSON.stringify(page) : buyNow ? 'buy-now' : 'cart';
    if (key === this.key && (page || this.storefront === storefront)) return false;
    this.drop();
    [this.key, this.storefront] = [key, storefront];
    const source = page ? pageStorefront(page) : storefront;
    this.own = !!source && (buyNow || source.scope === 'page');
    this.engine = this.own ? source!.createCheckout() : source?.checkout;
    this.payer = storefront?.scope === 'store' ? storefront.checkout : this.engine;
    return true;
  }

  drop() {
    if (this.own) this.engine?.destroy();
    this.engine = this.payer = this.key = this.storefront = undefined;
  }
}
