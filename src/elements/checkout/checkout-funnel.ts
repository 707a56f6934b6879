import { emitFunnel, lineItem, type FunnelName } from '../../analytics/funnel.ts';
import { purchaseIds } from '../../analytics/purchase-id.ts';
import type { Cart } from '../../contract/cart.ts';
import type { PublicOrder } from '../../contract/order.ts';
import type { CheckoutState } from '../../session/index.ts';

type Lines = ReadonlyArray<Parameters<typeof lineItem>[0]> | null | undefined;
/** The lines checkout shows: the cart's, else (buy-now, page) the summary's. */
const linesOf = (cart: Cart | null | undefined, state: CheckoutState): Lines => (cart ? cart.items : state.summary?.items);

/**
 * The checkout's steps of the funnel (GA4 names, `svc-analytics` from the element): begin_checkout once its lines
 * are known, add_shipping_info / add_payment_info when the buyer picks a courier / a payment method (once per
 * choice), purchase once per order with the order-derived id page-runtime.js uses too (analytics/purchase-id.ts).
 */
export function checkoutFunnel(host: HTMLElement) {
  const reported = new Set<string>();
  const params = (state: CheckoutState, lines: NonNullable<Lines>) => ({
    // a summary without shipping yet (partial) is not the order's value
    ...(state.summary && !state.summary.shipping_pending ? { value: Number(state.summary.gross_revenue) } : {}),
    ...(state.shippingOption ? { shipping_tier: `${state.shippingOption.courier} ${state.shippingOption.courier_service}` } : {}),
    ...(state.paymentMethod ? { payment_type: state.subPaymentMethod ? `${state.paymentMethod} ${state.subPaymentMethod}` : state.paymentMethod } : {}),
    items: lines.map((line) => lineItem(line)),
  });
  const step = (name: FunnelName, lines: Lines, state: CheckoutState, choice = '') => {
    if (!lines?.length || reported.has(name + choice)) return;
    reported.add(name + choice);
    const { items, ...rest } = params(state, lines);
    emitFunnel(name, items, rest, host);
  };
  return {
    /** After each update: begin_checkout when the lines are first known. */
    seen: (cart: Cart | null | undefined, state: CheckoutState) => state.status !== 'placed' && step('begin_checkout', linesOf(cart, state), state),
    /** The buyer picked something (the keys the form rechecks). */
    chose: (keys: readonly string[], cart: Cart | null | undefined, state: CheckoutState) => {
      const lines = linesOf(cart, state);
      if (keys.includes('shipping') && state.shippingOption) step('add_shipping_info', lines, state, params(state, []).shipping_tier);
      if (keys.includes('method') || keys.includes('channel')) step('add_payment_info', lines, state, params(state, []).payment_type);
    },
    purchase: (order: PublicOrder) => {
      const { digest, eventId } = purchaseIds(order.secret_slug);
      emitFunnel('purchase', order.items.map((line) => lineItem(line)), {
        event_id: eventId, transaction_id: digest, value: Number(order.gross_revenue), shipping: Number(order.shipping_cost), payment_type: order.payment_method,
      }, host);
    },
  };
}
