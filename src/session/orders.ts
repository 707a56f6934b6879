import { atom, type WritableAtom } from 'nanostores';
import type { PublicOrder, PublicOrderUpdate } from '../contract/order.ts';
import type { Client } from '../client/client.ts';

// The order routes and their schemas load with the first order shown: a catalog page never needs them.
const orderRoutes = () => import('../client/routes/orders.ts');

export type OrderStore = ReturnType<typeof createOrders>;

/**
 * Buyer-facing orders by secret slug: one atom per order, written by every read and write below, so that every view
 * of the same order (an order page, a confirmation, a second `<svc-order-status>`) shows the server's latest answer.
 */
export function createOrders(client: Client) {
  const atoms = new Map<string, WritableAtom<PublicOrder | null>>();
  /** The order behind `slug`: `null` until one of the actions below has fetched it. */
  function $order(slug: string): WritableAtom<PublicOrder | null> {
    let store = atoms.get(slug);
    if (!store) atoms.set(slug, (store = atom<PublicOrder | null>(null)));
    return store;
  }
  const keep = (slug: string) => (order: PublicOrder) => ($order(slug).set(order), order);

  return {
    $order,
    /** Fetches the order (a poll, or the first view). */
    load: async (slug: string, signal?: AbortSignal) => keep(slug)(await (await orderRoutes()).getPublicOrder(client, slug, { signal })),
    /** Creates the payment instructions (or returns the existing ones: the route is idempotent per order). */
    pay: async (slug: string, signal?: AbortSignal) => keep(slug)(await (await orderRoutes()).createOrderPayment(client, slug, { signal })),
    /** Buyer edits (contact, address, notes) while the order is unpaid. */
    update: async (slug: string, update: PublicOrderUpdate) => keep(slug)(await (await orderRoutes()).updatePublicOrder(client, slug, update)),
  };
}
