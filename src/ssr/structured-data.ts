/**
 * schema.org JSON-LD beside the rendered elements: a `Product` with one `Offer` per variant (price in IDR,
 * availability from stock) on a product page, an `ItemList` of the cards (each a `Product` with its offer) on a
 * catalog page. Written into a `<script type="application/ld+json">`, escaped so that no text can close it.
 */
import type { BundlePriceOptionDetail, ItemCard, ProductDetail } from '../contract/catalog.ts';

type Json = Record<string, unknown>;
const SCHEMA = 'https://schema.org';
const availability = (inStock: boolean) => `${SCHEMA}/${inStock ? 'InStock' : 'OutOfStock'}`;
/** http(s) or page-relative image URLs only (as the elements' `safeUrl`): no other scheme reaches a crawler. */
const image = (url: string | null | undefined): url is string => !!url && (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url));

/** Text of the merchant's description HTML, for `description` (tags dropped, entities of the common five decoded). */
export function plainText(htmlText: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  return htmlText.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name])
    .replace(/\s+/g, ' ').trim();
}

/** `Product` of a product page; `url` is the page's absolute URL. */
export function productJsonLd(product: ProductDetail, url?: string): Json {
  const images = [product.image_url, ...product.images].filter((src, i, all): src is string => image(src) && all.indexOf(src) === i);
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    ...(product.description_html ? { description: plainText(product.description_html) } : {}),
    ...(images.length ? { image: images } : {}),
    ...(product.category ? { category: product.category.name } : {}),
    ...(url ? { url } : {}),
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      ...(variant.name ? { name: variant.name } : {}),
      ...(variant.sku ? { sku: variant.sku } : {}),
      price: variant.price,
      priceCurrency: 'IDR',
      availability: availability(variant.in_stock),
      ...(url ? { url } : {}),
    })),
  };
}

/** `Product` of a bundle price option's page: one `Offer`. */
export function bundleJsonLd(bundle: BundlePriceOptionDetail, url?: string): Json {
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: bundle.name,
    ...(bundle.description_html ? { description: plainText(bundle.description_html) } : {}),
    ...(image(bundle.image_url) ? { image: [bundle.image_url] } : {}),
    ...(url ? { url } : {}),
    offers: [{ '@type': 'Offer', price: bundle.price, priceCurrency: 'IDR', availability: availability(bundle.in_stock), ...(url ? { url } : {}) }],
  };
}

/** `ItemList` of a catalog page's cards; `href` gives each card's absolute URL. */
export function itemListJsonLd(items: readonly ItemCard[], href: (item: ItemCard) => string | undefined, total?: number): Json {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    numberOfItems: total ?? items.length,
    itemListElement: items.map((item, index) => {
      const url = href(item);
      const offer = item.price_min === item.price_max
        ? { '@type': 'Offer', price: item.price_min }
        : { '@type': 'AggregateOffer', lowPrice: item.price_min, highPrice: item.price_max };
      return {
        '@type': 'ListItem',
        position: index + 1,
        ...(url ? { url } : {}),
        item: {
          '@type': 'Product',
          name: item.name,
          ...(image(item.image_url) ? { image: item.image_url } : {}),
          ...(url ? { url } : {}),
          offers: { ...offer, priceCurrency: 'IDR', availability: availability(item.in_stock) },
        },
      };
    }),
  };
}

/** JSON for a `<script>` element: `<` escaped (no `</script>` or `<!--` inside), and the two JS line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export const jsonLdScript = (value: Json) => `<script type="application/ld+json">${scriptJson(value)}</script>`;
