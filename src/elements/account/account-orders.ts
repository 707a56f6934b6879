import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { isApiError } from '../../client/errors.ts';
import type { Client } from '../../client/client.ts';
import { listCustomerOrders } from '../../client/routes/purchases.ts';
import type { Cart, CartItemInput } from '../../contract/cart.ts';
import type { CustomerOrder } from '../../contract/customer.ts';
import type { OrderLine } from '../../contract/order.ts';
import type { Storefront } from '../../session/storefront.ts';
import '../payment-instructions/payment-instructions.ts';
import { CartChangeEvent } from '../shared/cart-events.ts';
import { money } from '../shared/format.ts';
import type { Lang, ShopTerms } from '../shared/i18n.ts';
import type { TermOf } from '../shared/localize.ts';
import { CopyController } from '../shared/order-number.ts';
import { dateTime } from '../shared/order-messages.ts';
import { orderLines, orderTotals, stateBadge } from '../shared/order-view.ts';
import { safeUrl } from '../shared/safe-url.ts';
import { icons } from '../shared/templates.ts';
import type { ACCOUNT_TERMS } from './account.i18n.ts';
import { PagedList } from './paged-list.ts';

type Host = ReactiveControllerHost & HTMLElement & { readonly client?: Client; readonly cart?: Storefront['cart']; errorMessage(error: unknown): string };
type Term = TermOf<ShopTerms & (typeof ACCOUNT_TERMS)['id']>;
/** What "Beli lagi" did for one order: working, how many lines went into the cart, the ones that could not. */
type Reorder = { busy: boolean; added: number; unavailable: string[]; failure: string };

const cartItem = (line: OrderLine): CartItemInput => (line.type === 'variant'
  ? { type: 'variant', variant_id: line.variant_id!, quantity: line.quantity }
  : { type: 'bundle_price_option', bundle_price_option_id: line.bundle_price_option_id!, quantity: line.quantity });
/** The service refused the item itself (sold out, no longer sold), not the request. */
const refused = (error: unknown) => isApiError(error) && (error.status === 400 || error.status === 404 || error.status === 409 || error.status === 422);

/**
 * The orders tab of `<svc-account>`: each order as a card with its products (photo, name, quantity), its state, the
 * total, the courier and a copyable tracking number, "Beli lagi" (its items back into the cart through the
 * storefront's cart, naming the ones no longer available) and, folded, the totals, the address and how to pay.
 */
export class AccountOrders implements ReactiveController {
  readonly list: PagedList<CustomerOrder>;
  private readonly copier: CopyController;
  private readonly reorders = new Map<string, Reorder>();

  constructor(private readonly host: Host) {
    this.list = new PagedList(host, (cursor, signal) => listCustomerOrders(host.client!, { next_cursor: cursor, page_size: 10 }, { signal }));
    this.copier = new CopyController(host);
    host.addController(this);
  }

  hostDisconnected() {
    this.reorders.clear();
  }

  reset() {
    this.list.reset();
    this.reorders.clear();
  }

  /** Puts every line of `order` into the cart again (same quantities); the refused ones are named, not dropped. */
  async buyAgain(order: CustomerOrder) {
    const cart = this.host.cart;
    if (!cart || this.reorders.get(order.id)?.busy) return;
    this.set(order, { busy: true, added: 0, unavailable: [], failure: '' });
    const image = (line: OrderLine) => order.final_variants.find((v) => v.variant_id === line.variant_id)?.image_url ?? null;
    // one after another through the cart's queue; each answer tells about its own line
    const results = await Promise.allSettled(order.items.map((line) =>
      cart.add(cartItem(line), { name: line.name, image_url: image(line), unit_price: line.unit_price })));
    const carts = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const reason = (i: number) => { const r = results[i]; return r.status === 'rejected' ? r.reason as unknown : undefined; };
    const unavailable = order.items.filter((_, i) => refused(reason(i)));
    const other = results.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !refused(r.reason));
    this.set(order, {
      busy: false, added: carts.length, unavailable: unavailable.map((line) => line.name),
      failure: other ? this.host.errorMessage(other.reason) : '',
    });
    const last: Cart | undefined = carts.at(-1);
    const first = order.items.find((_, i) => results[i].status === 'fulfilled');
    if (last && first) {
      this.host.dispatchEvent(new CartChangeEvent({ action: 'add', cart: last, item: cartItem(first), storeId: this.host.client?.options.storeId ?? '' }));
    }
  }

  private set(order: CustomerOrder, state: Reorder) {
    this.reorders.set(order.id, state);
    this.host.requestUpdate();
  }

  private renderTracking(order: CustomerOrder, term: Term) {
    const ship = order.shipment;
    if (!ship) return nothing;
    const number = ship.tracking_number;
    const copied = !!number && this.copier.copied === number;
    return html`<div class="tracking" part="tracking">
      <span><strong>${ship.courier_name}</strong> ${ship.service_name}</span>
      ${number ? html`<span class="muted">${term('trackingNumber')}</span><strong class="resi" part="tracking-number">${number}</strong>
        <button type="button" class="btn quiet copy" part="tracking-copy" @click=${() => this.copier.copy(number)}>
          ${copied ? html`${icons.check}${term('copied')}` : term('copy')}<span class="sr-only"> ${term('theTrackingNumber')}</span></button>
        <span class="sr-only" aria-live="polite" aria-atomic="true">${copied ? term('trackingCopied', number) : ''}</span>` : nothing}
    </div>`;
  }

  private renderReorder(order: CustomerOrder, term: Term) {
    const state = this.reorders.get(order.id);
    const done = state && !state.busy;
    return html`<button type="button" class="btn" part="buy-again" ?disabled=${!!state?.busy} aria-describedby=${`reorder-${order.id}`}
        @click=${() => void this.buyAgain(order)}>${state?.busy ? term('buyingAgain') : term('buyAgain')}</button>
      <p class="reorder" part="buy-again-message" id=${`reorder-${order.id}`} role="status">${done ? html`
        ${state.added ? html`<span class="added">${term('addedAgain', state.added)}</span>` : nothing}
        ${state.unavailable.length ? html`<span>${term('noLongerAvailable', state.unavailable.join(', '))}</span>` : nothing}
        ${state.failure ? html`<span class="error">${state.failure}</span>` : nothing}` : nothing}</p>`;
  }

  render(order: CustomerOrder, term: Term, lang: Lang) {
    const image = (line: OrderLine) => order.final_variants.find((v) => v.variant_id === line.variant_id)?.image_url;
    const dest = order.destination;
    const unpaid = order.payment_status === 'unpaid' && order.status !== 'cancelled';
    return html`<article class="order" part="order" aria-labelledby=${`order-${order.id}`}>
      <header class="order-head">
        <h3 id=${`order-${order.id}`}><span class="sr-only">${term('orderNumber')} </span>#${order.order_number}</h3>
        <span class="muted">${dateTime(order.created_at, lang, true)}</span>${stateBadge(order, term)}
      </header>
      ${orderLines(order.items, lang, image)}
      <p class="order-total"><span>${term('total')}</span><strong>${money(order.gross_revenue, lang)}</strong></p>
      ${this.renderTracking(order, term)}
      <div class="order-actions">${this.renderReorder(order, term)}
        <a class="link" part="order-link" href=${ifDefined(safeUrl(order.public_order_url))}>${term('openOrder')}</a></div>
      <details part="order-details" ?open=${unpaid}>
        <summary>${unpaid ? term('payDetails') : term('orderDetails')}</summary>
        <div class="order-body">
          ${orderTotals(order, term, lang, !!order.shipment)}
          ${dest ? html`<p class="muted">${term('deliverTo')}: ${dest.address ? `${dest.address}, ` : ''}${dest.location_label} ${dest.postal_code ?? ''}</p>` : nothing}
          ${unpaid ? html`<svc-payment-instructions .order=${order}></svc-payment-instructions>` : nothing}
        </div>
      </details>
    </article>`;
  }
}
