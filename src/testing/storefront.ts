/**
 * The in-memory storefront behind the MSW handlers: a catalog, guest carts by token, prices, orders and payments,
 * with the reference server's rules in miniature. No MSW in here, so it can be driven and inspected directly.
 */
import type { BundlePriceOptionDetail, ItemCard, ProductDetail } from '../contract/catalog.ts';
import type * as z from 'zod/mini';
import type { Cart, CartItemInput, CartLine } from '../contract/cart.ts';
import type { CheckoutBody, ShippingOption, Summary, SummaryBody } from '../contract/checkout.ts';
import type { PgPaymentInfo, PublicOrder } from '../contract/order.ts';
import { BUNDLES, PAYMENT_METHODS, PRODUCTS, SHIPPING_OPTIONS, STOCK, STORE, locationHits } from './fixtures.ts';

/** A request the contract would refuse: becomes a 400 `validation_error` with `fields`. */
export class Invalid extends Error {
  constructor(readonly fields: Record<string, string>, readonly code: 'validation_error' | 'email_required' = 'validation_error') {
    super(Object.values(fields).join(' '));
  }
}

/** An item as a request carries it (ids may be numeric strings): the contract's `CartItemInput`, before parsing. */
export type ItemInput = z.input<typeof CartItemInput>;
type Priced = { name: string; variantName: string | null; slug: string; image: string | null; itemType: 'physical' | 'digital'; price: number; compareAt: string | null; stock: number; weight: number };
/**
 * A shipping-options, summary or checkout body as it arrives (the contract's bodies before parsing), every field
 * optional: the mock answers a missing one as the service does, with a 400 naming it.
 */
export type CheckoutInput = Partial<z.input<typeof CheckoutBody> & z.input<typeof SummaryBody>>;

const HOUR = 3600_000;
const PLENTY = 999;

export type StorefrontData = { products: ProductDetail[]; bundles: BundlePriceOptionDetail[] };

export function createStorefrontState(data: StorefrontData = { products: PRODUCTS, bundles: BUNDLES }) {
  const carts = new Map<string, Array<{ id: number; item: ItemInput }>>();
  const orders = new Map<string, PublicOrder>();
  /** Orders whose payment exists: manual methods keep `pg_payment_info` empty, so the info cannot tell. */
  const paymentCreated = new Set<string>();
  let nextLineId = 1;

  const variantOf = (id: number) => {
    for (const product of data.products) {
      const variant = product.variants.find((v) => v.id === id);
      if (variant) return { product, variant };
    }
    return undefined;
  };

  function priced(item: ItemInput): Priced {
    if (item.type === 'variant') {
      const found = variantOf(Number(item.variant_id));
      if (!found) throw new Invalid({ 'items.variant_id': `Unknown variant ${item.variant_id}` });
      const { product, variant } = found;
      return {
        name: product.name, variantName: product.variants.length > 1 ? variant.name : null, slug: product.slug, image: variant.image_url ?? product.image_url,
        itemType: product.item_type, price: Number(variant.price), compareAt: variant.compare_at_price, stock: STOCK[variant.id] ?? PLENTY, weight: variant.weight_grams,
      };
    }
    const bundle = data.bundles.find((b) => b.id === Number(item.bundle_price_option_id));
    if (!bundle) throw new Invalid({ 'items.bundle_price_option_id': `Unknown bundle price option ${item.bundle_price_option_id}` });
    return { name: bundle.name, variantName: null, slug: bundle.slug, image: bundle.image_url, itemType: bundle.item_type, price: Number(bundle.price), compareAt: bundle.compare_at_price, stock: bundle.available_quantity, weight: 600 };
  }

  function cartOf(lines: Array<{ id: number; item: ItemInput }>): Cart {
    const cartLines = lines.map(({ id, item }): CartLine => {
      const p = priced(item);
      return {
        id, type: item.type, variant_id: item.type === 'variant' ? Number(item.variant_id) : null,
        bundle_price_option_id: item.type === 'bundle_price_option' ? Number(item.bundle_price_option_id) : null,
        quantity: item.quantity, name: p.name, variant_name: p.variantName, slug: p.slug, image_url: p.image, item_type: p.itemType,
        unit_price: String(p.price), compare_at_price: p.compareAt, line_total: String(p.price * item.quantity), available_quantity: p.stock,
      };
    });
    const items = lines.map((l) => priced(l.item));
    return {
      items: cartLines, item_count: lines.reduce((n, l) => n + l.item.quantity, 0),
      subtotal: String(cartLines.reduce((sum, l) => sum + Number(l.line_total), 0)), currency: 'IDR',
      requires_shipping: items.some((p) => p.itemType === 'physical'),
      total_weight_grams: lines.reduce((sum, l, i) => sum + items[i].weight * l.item.quantity, 0),
    };
  }

  const sameItem = (a: ItemInput, b: ItemInput) =>
    a.type === 'variant' && b.type === 'variant' ? Number(a.variant_id) === Number(b.variant_id)
      : a.type === 'bundle_price_option' && b.type === 'bundle_price_option' && Number(a.bundle_price_option_id) === Number(b.bundle_price_option_id);

  function checkQuantity(item: ItemInput) {
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > 999) throw new Invalid({ quantity: 'Quantity must be 1 to 999' });
    if (priced(item).stock < item.quantity) throw new Invalid({ items: `Only ${priced(item).stock} left of ${priced(item).name}` });
  }

  /** Items of a checkout request: the direct `items`, else the token's cart. */
  const itemsOf = (input: CheckoutInput, token: string | null) => input.items ?? (token ? carts.get(token) ?? [] : []).map((l) => l.item);

  function shippingOptions(input: CheckoutInput, token: string | null): ShippingOption[] {
    const items = itemsOf(input, token);
    if (!items.length) throw new Invalid({ items: 'The cart is empty' });
    return items.some((i) => priced(i).itemType === 'physical') ? SHIPPING_OPTIONS : [];
  }

  function summary(input: CheckoutInput, token: string | null): Summary {
    const items = itemsOf(input, token);
    if (!items.length) throw new Invalid({ items: 'The cart is empty' });
    const physical = items.some((i) => priced(i).itemType === 'physical');
    // like the reference server: `partial` prices what is known before destination and courier (docs/contract-gaps.md)
    const pending = physical && !!input.partial && (!input.destination || input.courier === undefined);
    let shipping: ShippingOption | undefined;
    if (physical && !pending) {
      if (!input.destination) throw new Invalid({ destination: 'Enter the delivery address' });
      if (!locationHits().some((l) => l.type === 'subdistrict' && l.id === Number(input.destination!.location_id))) throw new Invalid({ 'destination.location_id': 'Unknown subdistrict' });
      shipping = SHIPPING_OPTIONS.find((o) => o.courier === input.courier && o.courier_service === input.courier_service && o.warehouse_id === Number(input.warehouse_id));
      if (!shipping) throw new Invalid({ courier: 'Choose a shipping option' });
    }
    // like the reference server: a summary prices without a payment method too (docs/contract-gaps.md)
    const method = PAYMENT_METHODS.find((m) => m.code === input.payment_method);
    if (input.payment_method !== undefined && !method) throw new Invalid({ payment_method: 'Choose a payment method' });
    if (method?.channels.length && !method.channels.some((c) => c.code === input.sub_payment_method)) throw new Invalid({ sub_payment_method: 'Choose a channel' });
    if (method?.type === 'cod' && !pending && !shipping?.cod_available) throw new Invalid({ payment_method: 'Cash on delivery is not available for this shipping option' });
    if (input.discount_code && input.discount_code.toUpperCase() !== STORE.discountCode.code) throw new Invalid({ discount_code: 'Unknown discount code' });
    const productPrice = items.reduce((sum, i) => sum + priced(i).price * i.quantity, 0);
    const discount = input.discount_code ? Math.round((productPrice * STORE.discountCode.percent) / 100) : 0;
    const shippingCost = Number(shipping?.cost ?? 0);
    return {
      ...(pending && { shipping_pending: true }),
      product_price: String(productPrice), shipping_cost: String(shippingCost), other_income: String(STORE.serviceFee.amount),
      other_income_name: STORE.serviceFee.name, discount_amount: String(discount),
      gross_revenue: String(productPrice + shippingCost + STORE.serviceFee.amount - discount),
    };
  }

  return {
    data,
    carts,
    orders,

    /** Listed products then listed bundle price options, as feed cards. */
    cards(category?: string): ItemCard[] {
      const productCards = data.products.filter((p) => p.listed).map((p): ItemCard => ({
        entity_type: 'product', id: p.id, slug: p.slug, name: p.name, item_type: p.item_type, image_url: p.image_url,
        price_min: p.price_min, price_max: p.price_max, compare_at_price: p.variants.find((v) => v.compare_at_price)?.compare_at_price ?? null,
        in_stock: p.variants.some((v) => v.in_stock), category: p.category,
      }));
      const bundleCards = data.bundles.filter((b) => b.listed).map((b): ItemCard => ({
        entity_type: 'bundle_price_option', id: b.id, slug: b.slug, name: b.name, item_type: b.item_type, image_url: b.image_url,
        price_min: b.price, price_max: b.price, compare_at_price: b.compare_at_price, in_stock: b.in_stock,
        category: data.products.find((p) => p.variants.some((v) => v.id === b.components[0]?.variant_id))?.category ?? null,
      }));
      return [...productCards, ...bundleCards].filter((c) => !category || c.category?.slug === category);
    },

    cart: (token: string) => cartOf(carts.get(token) ?? []),

    addToCart(token: string, item: ItemInput): Cart {
      const lines = carts.get(token) ?? [];
      const existing = lines.find((l) => sameItem(l.item, item));
      const next = { ...item, quantity: item.quantity + (existing?.item.quantity ?? 0) };
      checkQuantity(next);
      if (existing) existing.item = next;
      else lines.push({ id: nextLineId++, item });
      carts.set(token, lines);
      return cartOf(lines);
    },

    /** Changes a line's quantity, or removes the line (`quantity` null). `undefined` when there is no such line. */
    updateLine(token: string, lineId: number, quantity: number | null): Cart | undefined {
      const lines = carts.get(token) ?? [];
      const line = lines.find((l) => l.id === lineId);
      if (!line) return undefined;
      if (quantity === null) lines.splice(lines.indexOf(line), 1);
      else {
        checkQuantity({ ...line.item, quantity });
        line.item = { ...line.item, quantity };
      }
      return cartOf(lines);
    },

    shippingOptions,
    summary,

    /** Places an order (the public checkout). Clears the cart it came from. */
    checkout(input: CheckoutInput, token: string | null, origin: string): PublicOrder {
      const name = input.customer?.name?.trim();
      const phone = input.customer?.phone?.trim();
      if (!name || !phone || !/^\+?[0-9][0-9 -]{6,18}$/.test(phone)) throw new Invalid({ ...(!name && { 'customer.name': 'Enter a name' }), 'customer.phone': 'Enter a valid phone number' });
      if (!input.payment_method) throw new Invalid({ payment_method: 'Choose a payment method' });
      const items = itemsOf(input, token);
      if (!input.customer?.email && items.some((i) => priced(i).itemType === 'digital')) {
        throw new Invalid({ 'customer.email': 'An e-mail address is required to deliver digital items' }, 'email_required');
      }
      const totals = summary(input, token);
      for (const item of items) checkQuantity(item);
      const shipping = SHIPPING_OPTIONS.find((o) => o.courier === input.courier && o.courier_service === input.courier_service);
      const location = locationHits().find((l) => l.id === Number(input.destination?.location_id));
      const slug = Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 56]).join('');
      const variants: PublicOrder['variants'] = {};
      const bundles: PublicOrder['bundle_price_options'] = {};
      for (const item of items) {
        if (item.type === 'variant') {
          const { product, variant } = variantOf(Number(item.variant_id))!;
          variants[variant.id] = { id: variant.id, name: variant.name, product_name: product.name, product_slug: product.slug, item_type: product.item_type, image_url: product.image_url };
        } else {
          const b = data.bundles.find((x) => x.id === Number(item.bundle_price_option_id))!;
          bundles[b.id] = { id: b.id, name: b.name, slug: b.slug, image_url: b.image_url };
        }
      }
      const order: PublicOrder = {
        secret_slug: slug, order_number: `${new Date().toISOString().slice(2, 10).replaceAll('-', '')}-${Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[b & 31]).join('')}`, public_order_url: `${origin}/order-status.html?order=${slug}`, payment_url: null, status: 'pending', payment_status: 'unpaid',
        payment_method: input.payment_method, sub_payment_method: input.sub_payment_method ?? null, pg_payment_info: {}, payment_expires_at: null,
        created_at: new Date().toISOString(), paid_at: null, customer: { name, phone, email: input.customer?.email ?? null }, notes: input.notes ?? null,
        ...totals, discount_code: input.discount_code ? STORE.discountCode.code : null,
        items: items.map((item) => {
          const p = priced(item);
          return {
            type: item.type, variant_id: item.type === 'variant' ? Number(item.variant_id) : null,
            bundle_price_option_id: item.type === 'bundle_price_option' ? Number(item.bundle_price_option_id) : null,
            name: p.variantName ? `${p.name} (${p.variantName})` : p.name, quantity: item.quantity, unit_price: String(p.price), line_total: String(p.price * item.quantity),
          };
        }),
        shipping: shipping && location ? {
          courier: shipping.courier, courier_name: shipping.courier_name, courier_service: shipping.courier_service, service_name: shipping.service_name,
          etd_days_min: shipping.etd_days_min, etd_days_max: shipping.etd_days_max, recipient_name: name, phone, address: input.destination?.address ?? '',
          location_label: location.label, postal_code: input.destination?.postal_code ?? null, tracking_number: null,
        } : null,
        variants, bundle_price_options: bundles,
        store: { unique_id: STORE.uniqueId, name: STORE.name, logo: STORE.logo, payment_accounts: STORE.paymentAccounts },
      };
      orders.set(slug, order);
      if (token && (!input.items || input.clear_cart)) carts.delete(token);
      return order;
    },

    /** Creates the payment instructions once (idempotent, like the service). */
    createPayment(slug: string, origin: string): PublicOrder | undefined {
      const order = orders.get(slug);
      if (!order || paymentCreated.has(slug)) return order;
      paymentCreated.add(slug);
      const expires = new Date(Date.now() + 24 * HOUR).toISOString();
      const type = PAYMENT_METHODS.find((m) => m.code === order.payment_method)?.type;
      let info: PgPaymentInfo = {};
      if (type === 'virtual_account') {
        const bank = PAYMENT_METHODS[1].channels.find((c) => c.code === order.sub_payment_method)!;
        info = { type: 'virtual_account', bank_code: bank.code, bank_name: bank.name, account_number: `8808${String(orders.size).padStart(12, '0')}`, account_name: STORE.name, amount: order.gross_revenue, expires_at: expires };
      } else if (type === 'qris') {
        info = { type: 'qris', qr_string: `00020101021226570011ID.DANA.WWW0118936009150000000001${slug}5204549953033605802ID5909${STORE.name.slice(0, 9)}6007BANDUNG6304ABCD`, amount: order.gross_revenue, expires_at: expires };
      } else if (type === 'ewallet' || type === 'card' || type === 'invoice') {
        order.payment_url = `${origin}/__reference/pay/${slug}`;
        info = { type: 'redirect', actions: [{ name: 'redirect', method: 'GET', url: order.payment_url }], expires_at: expires };
      }
      order.pg_payment_info = info;
      order.payment_expires_at = type === 'cod' ? null : expires;
      return order;
    },

    /** What the provider's notification would do: the order becomes paid. */
    markPaid(slug: string): PublicOrder {
      const order = orders.get(slug);
      if (!order) throw new Error(`No order ${slug}`);
      Object.assign(order, { payment_status: 'paid', status: 'processing', paid_at: new Date().toISOString() });
      return order;
    },

    /** Uses no `this`: handed on alone as `MockStorefront.reset`. */
    reset(this: void) {
      carts.clear();
      orders.clear();
      paymentCreated.clear();
    },
  };
}

export type StorefrontState = ReturnType<typeof createStorefrontState>;
