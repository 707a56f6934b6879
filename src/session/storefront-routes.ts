import type { CartItemInput } from '../contract/cart.ts';
import type { Client } from '../client/client.ts';
import {
  checkDiscountCode, getCheckoutSummary, getShippingOptions, listPaymentMethods, placeCustomerOrder, placeGuestOrder,
} from '../client/routes/checkout.ts';
import { createOrderPayment } from '../client/routes/orders.ts';
import type { CartStore } from './cart.ts';
import type { CheckoutRoutes, PricingInput } from './checkout-routes.ts';

/** The storefront's shipping choice is three top-level fields. */
const pricing = (p: PricingInput) => ({
  items: p.items,
  destination: p.destination,
  courier: p.shipping?.courier,
  courier_service: p.shipping?.courier_service,
  warehouse_id: p.shipping?.warehouse_id,
  payment_method: p.paymentMethod,
  sub_payment_method: p.subPaymentMethod,
  discount_code: p.discountCode,
  partial: p.partial,
});

/** Guest (`/public/checkout*`) or customer (`/customers/me/checkout`) routes, whichever the session is now. */
export function storefrontRoutes(client: Client, cart: Pick<CartStore, '$cart'>, isCustomer: () => boolean): CheckoutRoutes {
  return {
    get mode() {
      return isCustomer() ? 'customer' : 'guest';
    },
    items(direct) {
      if (direct) return direct;
      if (!isCustomer()) return undefined; // the server reads the guest cart by its token
      const lines = cart.$cart.get().cart?.items.filter((l) => l.id > 0) ?? [];
      return lines.map((l): CartItemInput => l.type === 'variant'
        ? { type: 'variant', variant_id: l.variant_id!, quantity: l.quantity }
        : { type: 'bundle_price_option', bundle_price_option_id: l.bundle_price_option_id!, quantity: l.quantity });
    },
    summary: (input, signal) => getCheckoutSummary(client, pricing(input), { signal }),
    shippingOptions: (input, signal) =>
      getShippingOptions(client, { items: input.items, destination: input.destination, payment_method: input.paymentMethod }, { signal }),
    checkDiscount: (code, input, signal) =>
      checkDiscountCode(client, { code, items: input.items, destination: input.destination, payment_method: input.paymentMethod }, { signal }),
    placeOrder(input, idempotencyKey) {
      const body = { ...pricing(input), payment_method: input.paymentMethod ?? '', customer: input.customer, notes: input.notes };
      return isCustomer()
        ? placeCustomerOrder(client, body, { idempotencyKey })
        : placeGuestOrder(client, { ...body, customer: input.customer! }, { idempotencyKey });
    },
    paymentMethods: (signal) => listPaymentMethods(client, { signal }),
    createPayment: (order) => createOrderPayment(client, order.secret_slug),
    async previousDelivery(signal) {
      if (!isCustomer()) return null;
      // the order routes and their schemas load only for a signed-in buyer's checkout
      const { listCustomerOrders } = await import('../client/routes/purchases.ts');
      const { results } = await listCustomerOrders(client, { page_size: 5 }, { signal });
      const last = results.find((order) => order.destination);
      if (!last?.destination) return null;
      const { location_id, postal_code, address } = last.destination;
      return {
        destination: { location_id, ...(postal_code && { postal_code }), ...(address && { address }) },
        courier: last.shipment && { courier: last.shipment.courier, courier_service: last.shipment.courier_service },
      };
    },
  };
}
