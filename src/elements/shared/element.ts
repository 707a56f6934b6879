import { LitElement } from 'lit';
import { state } from 'lit/decorators.js';
import { isApiError, NetworkError } from '../../client/errors.ts';
import { consume } from '@lit/context';
import { langOf, SHOP_TERMS, type Lang, type ShopTerms } from './i18n.ts';
import { Localize } from './localize.ts';
import { base } from './styles.ts';
import { defaultStorefront, storefrontContext, type Storefront } from './storefront.ts';

/**
 * What every storefront element shares: the storefront from the nearest `<svc-store>` (or the default one of the
 * script tag), the UI language of the nearest `lang`, and the base styles.
 */
export class SvcElement extends LitElement {
  static override styles = [base];

  @consume({ context: storefrontContext, subscribe: true })
  @state()
  protected provided?: Storefront;

  /** The element's texts in its UI language; an element with texts of its own overrides it with its own table. */
  protected readonly localize: Localize<ShopTerms> = new Localize(this, SHOP_TERMS);

  /** The nearest `<svc-store>`'s storefront, else the one configured by the script tag (undefined: none). */
  protected get storefront(): Storefront | undefined {
    return this.provided ?? defaultStorefront();
  }

  protected get uiLang(): Lang {
    return langOf(this);
  }

  /** A buyer-facing sentence for a failed call. */
  protected errorText(error: unknown): string {
    const { term } = this.localize;
    if (error instanceof NetworkError) return term('offline');
    if (isApiError(error, 'rate_limited')) return term('busy');
    if (isApiError(error, 'out_of_stock')) return term('noStock');
    if (isApiError(error) && error.status === 404) return term('notFound');
    if (error instanceof NotConfiguredError) return term('notConfigured');
    return term('failed');
  }

  /** The storefront, or a rejection the error state explains (no `<svc-store>` and no `data-store-id`). */
  protected requireStorefront(): Storefront {
    const storefront = this.storefront;
    if (!storefront) throw new NotConfiguredError();
    return storefront;
  }
}

export class NotConfiguredError extends Error {}

/** `customElements.define`, tolerant of the script being loaded twice. */
export function define(tag: string, element: CustomElementConstructor) {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
