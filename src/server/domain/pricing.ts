import type { CartItemInput, Destination, ItemType, ShippingOption, Summary } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { badRequest, fieldError, HttpError } from '../errors.ts';
import { applyDiscountCode } from './discounts.ts';
import { choosePaymentMethod, type ChosenPayment } from './payments.ts';
import {
  chooseShippingOption, codFee, listShippingOptions, resolveDestination, toShippingOption, type ResolvedDestination, type ShippingChoiceInput,
  type ShippingQuote,
} from './shipping.ts';
import type { StoreRow } from './stores.ts';
import { sql } from '../db/statements.ts';

/** Units of one variant that one unit of a line takes from stock (a variant line takes 1 of itself). */
export type StockNeed = { variantId: number; perUnit: number; stock: number; label: string };

/** A variant as an order remembers it (the order's `variants` map is built from these snapshots). */
export type VariantSnapshot = {
  id: number; name: string; product_name: string; product_slug: string; item_type: ItemType; image_url: string | null;
};

/** One item input resolved against the store's catalog, with its price, weight and stock. */
export type PricedLine = {
  type: CartItemInput['type'];
  variantId: number | null;
  bundlePriceOptionId: number | null;
  quantity: number;
  name: string;
  variantName: string | null;
  slug: string;
  imageUrl: string | null;
  itemType: ItemType;
  unitPrice: number;
  lineTotal: number;
  /** Shipping weight of one unit: physical parts only. */
  unitWeightGrams: number;
  /** How many units the current stock allows. */
  available: number;
  needs: StockNeed[];
  variants: VariantSnapshot[];
};

export type ItemTotals = { productPrice: number; weightGrams: number; requiresShipping: boolean; itemCount: number };

/** Builds the error field name of one input field, e.g. `items.0.variant_id` or `variant_id`. */
export type FieldNamer = (name: string) => string;

type VariantRow = {
  id: number; name: string; price: number; weight_grams: number; stock: number; image_url: string | null;
  product_name: string; slug: string; item_type: ItemType; images: string;
};
const VARIANT_COLUMNS = `v.id, v.name, v.price, v.weight_grams, v.stock, v.image_url,
  p.name AS product_name, p.slug, p.item_type, p.images`;
const VARIANT_SQL = `SELECT ${VARIANT_COLUMNS} FROM variants v JOIN products p ON p.id = v.product_id
  WHERE p.store_id = ? AND v.id = ?`;
const COMPONENTS_SQL = `SELECT bc.quantity AS per_unit, ${VARIANT_COLUMNS}
  FROM bundle_components bc JOIN variants v ON v.id = bc.variant_id JOIN products p ON p.id = v.product_id
  WHERE bc.bundle_price_option_id = ? ORDER BY v.id`;

const variantLabel = (v: VariantRow) => `${v.product_name} (${v.name})`;
const snapshot = (v: VariantRow): VariantSnapshot => ({
  id: v.id, name: v.name, product_name: v.product_name, product_slug: v.slug, item_type: v.item_type,
  image_url: v.image_url ?? (JSON.parse(v.images) as string[])[0] ?? null,
});
const unitWeight = (v: VariantRow) => (v.item_type === 'physical' ? v.weight_grams : 0);

/**
 * Resolves one item against this store only (hidden products included); `null` when the variant or bundle price
 * option is not the store's.
 */
export function lookupItem(db: Db, storeId: number, item: CartItemInput): PricedLine | null {
  if (item.type === 'variant') {
    const v = sql(db, VARIANT_SQL).get(storeId, item.variant_id) as VariantRow | undefined;
    if (!v) return null;
    return line(item, {
      variantId: v.id, bundlePriceOptionId: null, name: v.product_name, variantName: v.name, slug: v.slug,
      imageUrl: snapshot(v).image_url, itemType: v.item_type, unitPrice: v.price, unitWeightGrams: unitWeight(v),
      needs: [{ variantId: v.id, perUnit: 1, stock: v.stock, label: variantLabel(v) }], variants: [snapshot(v)],
    });
  }
  const option = sql(db, 'SELECT id, slug, name, image_url, price FROM bundle_price_options WHERE store_id = ? AND id = ?')
    .get(storeId, item.bundle_price_option_id) as { id: number; slug: string; name: string; image_url: string | null; price: number } | undefined;
  if (!option) return null;
  const parts = sql(db, COMPONENTS_SQL).all(option.id) as (VariantRow & { per_unit: number })[];
  return line(item, {
    variantId: null, bundlePriceOptionId: option.id, name: option.name, variantName: null, slug: option.slug,
    imageUrl: option.image_url, itemType: parts.some((p) => p.item_type === 'physical') ? 'physical' : 'digital',
    unitPrice: option.price, unitWeightGrams: parts.reduce((sum, p) => sum + unitWeight(p) * p.per_unit, 0),
    needs: parts.map((p) => ({ variantId: p.id, perUnit: p.per_unit, stock: p.stock, label: variantLabel(p) })),
    variants: parts.map(snapshot),
  });
}

function line(item: CartItemInput, fields: Omit<PricedLine, 'type' | 'quantity' | 'lineTotal' | 'available'>): PricedLine {
  const available = fields.needs.length ? Math.min(...fields.needs.map((n) => Math.floor(n.stock / n.perUnit))) : 0;
  return { ...fields, type: item.type, quantity: item.quantity, lineTotal: fields.unitPrice * item.quantity, available };
}

/** Like `lookupItem`, but an item that is not this store's is a 400 naming its id field. */
export function priceItem(db: Db, storeId: number, item: CartItemInput, field: FieldNamer): PricedLine {
  const priced = lookupItem(db, storeId, item);
  if (priced) return priced;
  if (item.type === 'variant') throw fieldError(field('variant_id'), `Variant ${item.variant_id} is not sold by this store`);
  throw fieldError(field('bundle_price_option_id'), `Bundle price option ${item.bundle_price_option_id} is not sold by this store`);
}

export function priceItems(db: Db, storeId: number, items: CartItemInput[], prefix = 'items'): PricedLine[] {
  return items.map((item, i) => priceItem(db, storeId, item, (name) => `${prefix}.${i}.${name}`));
}

export function outOfStock(field: string, need: StockNeed): HttpError {
  const message = need.stock < need.perUnit
    ? `${need.label} is out of stock`
    : `Only ${need.stock} of ${need.label} left in stock`;
  return new HttpError(400, 'out_of_stock', message, { [field]: message });
}

/**
 * Checks the summed demand of all lines per variant (a variant line and a bundle may share a variant) and names
 * the first line at which some variant runs out.
 */
export function assertInStock(lines: PricedLine[], prefix = 'items'): void {
  const demand = new Map<number, number>();
  lines.forEach((line, i) => {
    for (const need of line.needs) {
      const total = (demand.get(need.variantId) ?? 0) + need.perUnit * line.quantity;
      demand.set(need.variantId, total);
      if (total > need.stock) throw outOfStock(`${prefix}.${i}.quantity`, need);
    }
  });
}

export function itemTotals(lines: PricedLine[]): ItemTotals {
  return {
    productPrice: lines.reduce((sum, l) => sum + l.lineTotal, 0),
    weightGrams: lines.reduce((sum, l) => sum + l.unitWeightGrams * l.quantity, 0),
    requiresShipping: lines.some((l) => l.itemType === 'physical'),
    itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
}

export type QuoteStore = Pick<StoreRow, 'id' | 'other_income' | 'other_income_name'>;

/**
 * What the buyer asks a price for. Storefront bodies carry the shipping choice as three top-level fields, page
 * bodies as one `shipping_option` object: `shippingField` names the fields in errors either way.
 */
export type QuoteInput = {
  items: CartItemInput[];
  destination?: Destination;
  shipping?: ShippingChoiceInput;
  /** Optional for a summary (priced without a payment fee); an order needs one. */
  paymentMethod?: string;
  subPaymentMethod?: string;
  discountCode?: string;
  shippingField?: FieldNamer;
  /** A summary of what is known: items that ship but lack destination or courier are priced without shipping. */
  partial?: boolean;
  /** False where no hosted payment page exists (`hostedPaymentsAvailable`): e-wallet, card and invoice are refused. */
  hostedPayments?: boolean;
};

export type Quote = {
  lines: PricedLine[];
  totals: ItemTotals;
  destination: ResolvedDestination | null;
  shipping: ShippingQuote | null;
  payment: ChosenPayment | null;
  discountCode: string | null;
  productPrice: number;
  shippingCost: number;
  /** Cash on delivery's fee: part of `shippingCost` once shipping is priced, known as soon as COD is chosen. */
  codFee: number;
  /** Items ship, but shipping is not priced yet (a partial summary). */
  shippingPending: boolean;
  otherIncome: number;
  otherIncomeName: string | null;
  discountAmount: number;
  grossRevenue: number;
};

/**
 * Prices a checkout entirely on the server: items of this store in stock, the payment method, the shipping cost
 * recomputed from destination, courier service, warehouse, payment method and weight, the store's extra fee and
 * the discount. `forOrder` also demands what only an order needs (street address, VA / e-wallet channel).
 */
export function quote(db: Db, store: QuoteStore, input: QuoteInput, options: { forOrder: true }): Quote & { payment: ChosenPayment };
export function quote(db: Db, store: QuoteStore, input: QuoteInput, options?: { forOrder?: boolean }): Quote;
export function quote(db: Db, store: QuoteStore, input: QuoteInput, options: { forOrder?: boolean } = {}): Quote {
  const lines = priceItems(db, store.id, input.items);
  assertInStock(lines);
  const totals = itemTotals(lines);
  if (!input.paymentMethod && options.forOrder) throw fieldError('payment_method', 'Choose a payment method');
  const payment = input.paymentMethod
    ? choosePaymentMethod(db, store.id, input.paymentMethod, input.subPaymentMethod, { requireChannel: !!options.forOrder, hosted: input.hostedPayments })
    : null;
  const cod = payment?.type === 'cod';
  if (cod && !totals.requiresShipping) throw fieldError('payment_method', 'Cash on delivery needs something to deliver', 'payment_method_not_allowed');

  let destination: ResolvedDestination | null = null;
  let shipping: ShippingQuote | null = null;
  const choice = input.shipping ?? {};
  const shippingPending = totals.requiresShipping && !!input.partial && !options.forOrder
    && (!input.destination || ['courier', 'courier_service', 'warehouse_id'].some((name) => choice[name as keyof typeof choice] === undefined));
  if (totals.requiresShipping && !shippingPending) {
    const field = input.shippingField ?? ((name: string) => name);
    const missing: Record<string, string> = {};
    if (!input.destination) missing.destination = 'A destination is required for physical items';
    else if (options.forOrder && !input.destination.address) missing['destination.address'] = 'A street address is required';
    for (const name of ['courier', 'courier_service', 'warehouse_id'] as const) {
      if (choice[name] === undefined) missing[field(name)] = 'Choose a shipping option';
    }
    if (Object.keys(missing).length) throw badRequest('Physical items need a destination and a shipping option', missing);
    destination = resolveDestination(db, input.destination!);
    const offered = listShippingOptions(db, store.id, {
      destination, weightGrams: totals.weightGrams, productPrice: totals.productPrice, cod,
    });
    shipping = chooseShippingOption(db, store.id, offered, choice as Required<ShippingChoiceInput>, field);
  }

  const discount = applyDiscountCode(db, store.id, input.discountCode, totals.productPrice);
  const shippingCost = shipping?.cost ?? 0;
  return {
    lines, totals, destination, shipping, payment,
    discountCode: discount.code,
    productPrice: totals.productPrice,
    shippingCost,
    codFee: cod ? codFee(totals.productPrice) : 0,
    shippingPending,
    otherIncome: store.other_income,
    otherIncomeName: store.other_income_name,
    discountAmount: discount.amount,
    grossRevenue: totals.productPrice + shippingCost + store.other_income - discount.amount,
  };
}

/**
 * The shipping options offered for items to a destination: none when nothing needs shipping; with a COD payment
 * method, the options that deliver cash on delivery and their fee. What storefront and page checkouts both answer.
 */
export function offeredShipping(db: Db, storeId: number, request: { items: CartItemInput[]; destination: Destination; paymentMethod?: string }): ShippingOption[] {
  const totals = itemTotals(priceItems(db, storeId, request.items));
  if (!totals.requiresShipping) return [];
  const payment = request.paymentMethod && choosePaymentMethod(db, storeId, request.paymentMethod, undefined, { requireChannel: false });
  const options = listShippingOptions(db, storeId, {
    destination: resolveDestination(db, request.destination), weightGrams: totals.weightGrams,
    productPrice: totals.productPrice, cod: payment ? payment.type === 'cod' : false,
  });
  return options.map(toShippingOption);
}

export const summaryOf = (q: Quote): Summary => ({
  items: q.lines.map((l) => ({
    type: l.type, variant_id: l.variantId, bundle_price_option_id: l.bundlePriceOptionId, name: l.name,
    variant_name: l.variantName, image_url: l.imageUrl, item_type: l.itemType, quantity: l.quantity, unit_price: String(l.unitPrice), line_total: String(l.lineTotal),
  })),
  ...(q.shippingPending && { shipping_pending: true }),
  product_price: String(q.productPrice),
  shipping_cost: String(q.shippingCost),
  ...(q.codFee > 0 && { cod_fee: String(q.codFee) }),
  other_income: String(q.otherIncome),
  other_income_name: q.otherIncomeName,
  discount_amount: String(q.discountAmount),
  gross_revenue: String(q.grossRevenue),
});
