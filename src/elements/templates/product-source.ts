/**
 * The data of `<svc-context type="product">` and `type="bundle"`: the product (or bundle price option) by slug, the
 * live prices of its variants (one request, what the cart will charge) and the stock of the variant chosen; the
 * buyer's choice and quantity. Reads go through the client like `<svc-product>`'s (shared in flight, the product
 * cached briefly); the cart is written through the session's actions only.
 */
import { getBundlePriceOption, getProduct, getVariantAvailability, getVariantPricing } from '../../client/routes/product.ts';
import type { CartItemInput } from '../../contract/cart.ts';
import type { BundlePriceOptionDetail, ProductDetail, VariantAvailability, VariantPricing } from '../../contract/catalog.ts';
import type { LinePreview } from '../../session/cart.ts';
import type { Storefront } from '../shared/storefront.ts';
import { bundleView, choose, chosenVariant, firstChoice, productView } from './views.ts';
import { TemplateError } from './template-element.ts';
import type { Scope } from './path.ts';
import type { FunnelItem } from '../../analytics/funnel.ts';

export class ProductSource {
  product?: ProductDetail;
  bundle?: BundlePriceOptionDetail;
  choice: Record<string, string> = {};
  quantity = 1;
  private pricing?: Map<number, VariantPricing>;
  private availability?: VariantAvailability;

  constructor(private readonly storefront: Storefront, readonly kind: 'product' | 'bundle', readonly slug: string, private readonly variantId?: number) {}

  /** The first answer complete: product, live prices and the chosen variant's stock together, so nothing changes after. */
  async load(signal: AbortSignal): Promise<void> {
    const { client } = this.storefront;
    if (this.kind === 'bundle') {
      this.bundle = await getBundlePriceOption(client, this.slug, { signal });
      return;
    }
    const product = await getProduct(client, this.slug, { signal });
    this.choice = firstChoice(product, this.variantId);
    const variant = chosenVariant(product, this.choice);
    // prices and stock refine what the product says: without them it still shows
    const [pricing, availability] = await Promise.all([
      product.variants.length ? getVariantPricing(client, product.variants.map((v) => v.id), { signal }).catch(() => undefined) : undefined,
      variant ? getVariantAvailability(client, variant.id, { signal }).catch(() => undefined) : undefined,
    ]);
    signal.throwIfAborted();
    this.product = product;
    this.pricing = pricing && new Map(pricing.map((p) => [p.variant_id, p]));
    this.availability = availability;
  }

  /** Picks `value` for option `name`; `changed` runs now and again once the new variant's stock is known. */
  choose(name: string, value: string, changed: () => void): void {
    if (!this.product) return;
    this.choice = choose(this.product, this.choice, name, value);
    changed();
    const variant = chosenVariant(this.product, this.choice);
    if (!variant || this.availability?.variant_id === variant.id) return;
    void getVariantAvailability(this.storefront.client, variant.id).then((stock) => {
      if (chosenVariant(this.product!, this.choice)?.id !== stock.variant_id) return; // chosen again meanwhile
      this.availability = stock;
      changed();
    }, () => {});
  }

  scope(hrefTemplate: string | null): Scope | undefined {
    if (this.bundle) {
      const bundle = bundleView(this.bundle, this.quantity, hrefTemplate);
      return { values: { bundle }, subject: bundle };
    }
    if (!this.product) return undefined;
    const { product, variant } = productView({
      product: this.product, choice: this.choice, pricing: this.pricing, availability: this.availability, quantity: this.quantity, hrefTemplate,
    });
    return { values: { product, variant }, subject: product };
  }

  /** The quantity, kept within 1 and what can be bought. */
  setQuantity(quantity: number): void {
    const max = this.maxQuantity();
    this.quantity = Math.max(1, Math.min(max, Math.round(quantity) || 1));
  }

  private maxQuantity(): number {
    const scope = this.scope(null);
    const subject = scope?.subject as { max_quantity?: number } | undefined;
    return Math.max(1, subject?.max_quantity ?? 1);
  }

  /** What "add to cart" adds: the chosen variant (refused while none is chosen or it is sold out), or the bundle. */
  cartItem(): { item: CartItemInput; preview: LinePreview } {
    const scope = this.scope(null);
    if (this.bundle) {
      if (!this.bundle.in_stock) throw new TemplateError('soldOut');
      const { bundle } = this;
      return {
        item: { type: 'bundle_price_option', bundle_price_option_id: bundle.id, quantity: this.quantity },
        preview: { name: bundle.name, slug: bundle.slug, item_type: bundle.item_type, image_url: bundle.image_url, unit_price: bundle.price },
      };
    }
    const product = this.product!;
    const variant = scope?.values.variant as ReturnType<typeof productView>['variant'];
    if (!variant) throw new TemplateError(product.options.length ? 'chooseOptions' : 'unavailable');
    if (!variant.available) throw new TemplateError('soldOut');
    return {
      item: { type: 'variant', variant_id: variant.id, quantity: this.quantity },
      preview: {
        name: product.name, variant_name: variant.name, slug: product.slug, item_type: product.item_type,
        image_url: variant.image_url ?? product.image_url, unit_price: variant.price,
      },
    };
  }

  /** The funnel's view_item: the product with the variant chosen first, or the bundle. */
  viewedItem(): FunnelItem | undefined {
    if (this.bundle) return { item_id: `bundle_price_option:${this.bundle.id}`, item_name: this.bundle.name, price: Number(this.bundle.price), quantity: 1 };
    const product = this.product;
    if (!product) return undefined;
    const variant = chosenVariant(product, this.choice);
    const price = variant ? this.pricing?.get(variant.id)?.price ?? variant.price : undefined;
    return {
      item_id: variant ? `variant:${variant.id}` : `product:${product.id}`,
      item_name: product.name,
      ...(variant && { item_variant: variant.name }),
      ...(product.category && { item_category: product.category.name }),
      price: Number(price ?? 0),
      quantity: 1,
    };
  }
}
