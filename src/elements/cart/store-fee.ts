import type { Client } from '../../client/client.ts';
import { getCheckoutSummary } from '../../client/routes/checkout.ts';
import type { CartItemInput, CartLine } from '../../contract/cart.ts';

/**
 * The store's fee for these lines (`other_income`, `other_income_name`): a partial summary, which the server prices
 * without destination or courier (docs/contract-gaps.md), of the lines as direct items, so that a customer's cart
 * is priced as a guest's. A chunk of its own: the cart asks it only once in view.
 */
export async function storeFee(client: Client, lines: CartLine[]) {
  const items = lines.map((l): CartItemInput => (l.variant_id
    ? { type: 'variant', variant_id: l.variant_id, quantity: l.quantity }
    : { type: 'bundle_price_option', bundle_price_option_id: l.bundle_price_option_id!, quantity: l.quantity }));
  const summary = await getCheckoutSummary(client, { items, partial: true });
  return { name: summary.other_income_name, amount: summary.other_income };
}
