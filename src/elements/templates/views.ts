/**
 * What templates read: the service's answers as they are (every field of the contract, snake_case), plus a few
 * fields worked out for a themer (`url`, `image`, `has_image`, `available`, `on_sale`, `price`, the selected
 * `variant`, the product's `options` with their values' state). Shared by the browser and the server renderer, so
 * that both bind the same values.
 */
import type { Cart, CartLine } from '../../contract/cart.ts';
import type { BundlePriceOptionDetail, ItemCard, ProductDetail, Variant, VariantAvailability, VariantPricing } from '../../contract/catalog.ts';
import { MAX_LINE_QUANTITY } from '../../contract/constants.ts';
import { safeUrl } from '../shared/safe-url.ts';

/** A card's or product's link: `href-template` with `{slug}`, `{id}`, `{type}` (`product` | `bundle_price_option`). */
export function fillHref(template: string | null | undefined, entry: { slug: string; id: number; type: string }): string | undefined {
  if (!template) return undefined;
  const values: Record<string, string> = { slug: entry.slug, id: String(entry.id), type: entry.type };
  return template.replace(/\{(slug|id|type)\}/g, (_, key: string) => encodeURIComponent(values[key]));
}

const onSale = (price: string, compareAt: string | null | undefined) => !!compareAt && Number(compareAt) > Number(price);
const image = (url: string | null | undefined) => {
  const safe = safeUrl(url) ?? null;
  return { image: safe, has_image: !!safe };
};
/** Few enough to say so ("only 3 left"). */
const LOW_STOCK = 5;

/** A catalog card (`item` in `<svc-list>`). */
export function cardView(card: ItemCard, hrefTemplate?: string | null) {
  return {
    ...card,
    url: fillHref(hrefTemplate, { slug: card.slug, id: card.id, type: card.entity_type }) ?? null,
    ...image(card.image_url),
    price: card.price_min,
    has_range: card.price_min !== card.price_max,
    available: card.in_stock,
    on_sale: card.in_stock && onSale(card.price_max, card.compare_at_price),
    is_bundle: card.entity_type === 'bundle_price_option',
    is_digital: card.item_type === 'digital',
  };
}
export type CardView = ReturnType<typeof cardView>;

/** What a product context knows beyond the product: the buyer's choice, live prices and stock, the quantity. */
export type ProductState = {
  product: ProductDetail;
  choice: Record<string, string>;
  pricing?: ReadonlyMap<number, VariantPricing>;
  availability?: VariantAvailability;
  quantity: number;
  hrefTemplate?: string | null;
};

/** The variant whose options are the ones chosen (`undefined`: no variant has that combination). */
export const chosenVariant = (product: ProductDetail, choice: Record<string, string>) =>
  product.variants.find((v) => Object.entries(v.options).every(([name, value]) => choice[name] === value));

/** The variant selected first: `variant-id`, else the first in stock, else the first. */
export const firstChoice = (product: ProductDetail, variantId?: number): Record<string, string> => {
  const first = product.variants.find((v) => v.id === variantId) ?? product.variants.find((v) => v.in_stock) ?? product.variants[0];
  return { ...first?.options };
};

/**
 * The choice after the buyer picks `value` for option `name`: a value that rules out the other choices moves to
 * the nearest variant that has it, in stock first (as `<svc-product>` does).
 */
export function choose(product: ProductDetail, choice: Record<string, string>, name: string, value: string): Record<string, string> {
  const wanted = { ...choice, [name]: value };
  const fits = (v: Variant) => Object.entries(wanted).every(([k, val]) => v.options[k] === val);
  const next = product.variants.find(fits) ?? product.variants.find((v) => v.options[name] === value && v.in_stock)
    ?? product.variants.find((v) => v.options[name] === value);
  return next ? { ...next.options } : wanted;
}

function variantView(state: ProductState, variant: Variant) {
  const live = state.pricing?.get(variant.id);
  const stock = state.availability?.variant_id === variant.id ? state.availability : undefined;
  const price = live?.price ?? variant.price;
  const compareAt = live ? live.compare_at_price : variant.compare_at_price;
  const available = stock?.in_stock ?? variant.in_stock;
  const left = stock ? stock.available_quantity : null;
  return {
    ...variant,
    price,
    compare_at_price: compareAt,
    on_sale: onSale(price, compareAt),
    available,
    stock: left,
    low_stock: available && left !== null && left <= LOW_STOCK,
    ...image(variant.image_url ?? state.product.image_url),
  };
}
export type VariantView = ReturnType<typeof variantView>;

/** The options and their values, each value with `selected` and `available` (some variant with it is in stock). */
export function optionViews(product: ProductDetail, choice: Record<string, string>) {
  return product.options.map(({ name, values }) => ({
    name,
    selected: choice[name] ?? '',
    values: values.map((value) => ({
      name: value,
      option: name,
      selected: choice[name] === value,
      available: product.variants.some((v) => v.options[name] === value && v.in_stock
        && Object.entries(choice).every(([k, val]) => k === name || v.options[k] === val)),
    })),
  }));
}
export type OptionView = ReturnType<typeof optionViews>[number];

/** `product` and `variant` of a product context. */
export function productView(state: ProductState) {
  const { product } = state;
  const chosen = chosenVariant(product, state.choice);
  const variant = chosen ? variantView(state, chosen) : null;
  const max = Math.min(MAX_LINE_QUANTITY, variant?.stock ?? MAX_LINE_QUANTITY);
  const images = [product.image_url, ...product.images].flatMap((url, i, all) => (safeUrl(url) && all.indexOf(url) === i ? [url!] : []));
  return {
    product: {
      ...product,
      url: fillHref(state.hrefTemplate, { slug: product.slug, id: product.id, type: 'product' }) ?? null,
      ...image(variant?.image ?? product.image_url),
      images,
      price: variant?.price ?? product.price_min,
      compare_at_price: variant?.compare_at_price ?? null,
      on_sale: !!variant?.on_sale,
      available: !!variant?.available,
      // the chosen variant's, so that one template reads a product and a bundle alike
      stock: variant?.stock ?? null,
      low_stock: !!variant?.low_stock,
      has_options: product.options.length > 0,
      has_range: product.price_min !== product.price_max,
      is_digital: product.item_type === 'digital',
      quantity: Math.min(state.quantity, max),
      max_quantity: max,
      options: optionViews(product, state.choice),
      variants: product.variants.map((v) => (v === chosen ? variant! : variantView(state, v))),
      variant,
    },
    variant,
  };
}
export type ProductView = ReturnType<typeof productView>['product'];

/** `bundle` of a bundle context (a bundle price option). */
export function bundleView(bundle: BundlePriceOptionDetail, quantity: number, hrefTemplate?: string | null) {
  const max = Math.min(MAX_LINE_QUANTITY, bundle.available_quantity);
  return {
    ...bundle,
    url: fillHref(hrefTemplate, { slug: bundle.slug, id: bundle.id, type: 'bundle_price_option' }) ?? null,
    ...image(bundle.image_url),
    on_sale: onSale(bundle.price, bundle.compare_at_price),
    available: bundle.in_stock,
    stock: bundle.available_quantity,
    low_stock: bundle.in_stock && bundle.available_quantity <= LOW_STOCK,
    is_digital: bundle.item_type === 'digital',
    quantity: Math.max(1, Math.min(quantity, max)),
    max_quantity: max,
  };
}

const EMPTY_CART: Cart = { items: [], item_count: 0, subtotal: '0', currency: 'IDR', requires_shipping: false, total_weight_grams: 0 };

/** A cart line (`line` in a cart context): `optimistic` until the server has it (its controls wait). */
export const lineView = (line: CartLine) => ({
  ...line,
  ...image(line.image_url),
  max_quantity: Math.min(MAX_LINE_QUANTITY, Math.max(line.available_quantity, line.quantity)),
  optimistic: line.id < 0,
});

/** `cart` of a cart context: the buyer's cart, empty before there is one. */
export function cartView(cart: Cart | null, pending: number) {
  const shown = cart ?? EMPTY_CART;
  return { ...shown, items: shown.items.map(lineView), count: shown.item_count, empty: shown.items.length === 0, pending: pending > 0 };
}
