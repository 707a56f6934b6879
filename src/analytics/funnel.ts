import type { ItemCard } from '../contract/catalog.ts';

/**
 * The emitting side of the commerce funnel, in the elements' initial load: builds a GA4 ecommerce event from our
 * cards and lines and dispatches it as `svc-analytics`. Forwarding to dataLayer/gtag and the ad pixels is a lazy
 * chunk (`forward.ts`), fetched on the first event of a page whose script tag or `<svc-store>` has `data-analytics`.
 */
export type FunnelName =
  | 'view_item_list' | 'select_item' | 'view_item' | 'add_to_cart' | 'remove_from_cart' | 'view_cart'
  | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info' | 'purchase';

/** GA4's item shape. `item_id` is `variant:<id>` or `bundle_price_option:<id>` (page-runtime's content ids), a card's `product:<id>`. */
export type FunnelItem = {
  item_id: string;
  item_name: string;
  item_variant?: string;
  item_category?: string;
  price: number;
  quantity: number;
  index?: number;
};

export type FunnelParams = {
  currency: 'IDR';
  value: number;
  items: FunnelItem[];
  /** `purchase`: the order's digest, the `order_id` of page-runtime.js (never the secret slug). */
  transaction_id?: string;
  shipping?: number;
  shipping_tier?: string;
  payment_type?: string;
  item_list_id?: string;
};

export type FunnelDetail = { name: FunnelName; event_id: string; params: FunnelParams };

/** `svc-analytics`: one step of the funnel, with the id the pixels get (bubbles, crosses shadow roots). */
export class FunnelEvent extends Event {
  constructor(readonly detail: FunnelDetail) {
    super('svc-analytics', { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-analytics': FunnelEvent;
  }
  interface DocumentEventMap {
    'svc-analytics': FunnelEvent;
  }
}

/** A line of a cart, a checkout summary or an order. */
type Line = { variant_id: number | null; bundle_price_option_id: number | null; name: string; variant_name?: string | null; unit_price: string; quantity: number };

export const lineItem = (line: Line, quantity = line.quantity): FunnelItem => ({
  item_id: line.variant_id === null ? `bundle_price_option:${line.bundle_price_option_id}` : `variant:${line.variant_id}`,
  item_name: line.name,
  ...(line.variant_name ? { item_variant: line.variant_name } : {}),
  price: Number(line.unit_price),
  quantity,
});

export const cardItem = (card: ItemCard, index?: number): FunnelItem => ({
  item_id: `${card.entity_type}:${card.id}`,
  item_name: card.name,
  ...(card.category ? { item_category: card.category.name } : {}),
  price: Number(card.price_min),
  quantity: 1,
  index,
});

/**
 * page-runtime's `randomId` (tracker.ts), repeated: one module shared by both builds would be a chunk of its own
 * in front of the catalog's first paint (docs/decisions.md).
 */
const randomId = (prefix: string) =>
  prefix + [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(36).padStart(2, '0')).join('');

let forwarder: Promise<typeof import('./forward.ts')> | undefined;

/**
 * Dispatches one funnel event on `target` (an element, so that its `<svc-store>` hears it, or `document`) and hands
 * it to the forwarder when the page asked for one. `value` defaults to the items' total. Returns the event id.
 */
export function emitFunnel(name: FunnelName, items: FunnelItem[], extra: Partial<FunnelParams> & { event_id?: string } = {}, target: EventTarget = document): string {
  const { event_id = randomId(`${name}_`), ...rest } = extra;
  const detail: FunnelDetail = { name, event_id, params: { currency: 'IDR', value: items.reduce((sum, i) => sum + i.price * i.quantity, 0), items, ...rest } };
  forwarder ??= document.querySelector('script[data-store-id][data-analytics],svc-store[data-analytics]') ? import('./forward.ts') : undefined;
  forwarder?.then((chunk) => chunk.forward(detail), () => (forwarder = undefined));
  target.dispatchEvent(new FunnelEvent(detail));
  return event_id;
}
