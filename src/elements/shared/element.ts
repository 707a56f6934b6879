import { LitElement } from 'lit';
import { state } from 'lit/decorators.js';
import { isApiError, NetworkError } from '../../client/errors.ts';
import { consume } from '@lit/context';
import { langOf, type Lang } from './i18n.ts';
import type { Localize } from './localize.ts';
import { base } from './styles.ts';
import { defineInTurn } from './define-queue.ts';
import { defaultStorefront, storefrontContext, type Storefront } from './storefront.ts';

/**
 * What every storefront element shares: the storefront from the nearest `<svc-store>` (or the default one of the
 * script tag), the UI language of the nearest `lang`, and the base styles.
 */
export abstract class SvcElement extends LitElement {
  static override styles = [base];

  @consume({ context: storefrontContext, subscribe: true })
  @state()
  protected provided?: Storefront;

  /** The element's texts in its UI language: its own table (`x.i18n.ts`) over the shared one. */
  protected abstract readonly localize: Localize<unknown>;

  /** The nearest `<svc-store>`'s storefront, else the one configured by the script tag (undefined: none). */
  protected get storefront(): Storefront | undefined {
    return this.provided ?? defaultStorefront();
  }

  protected get uiLang(): Lang {
    return langOf(this);
  }

  /** A buyer-facing sentence for a failed call. */
  protected errorText(error: unknown): string {
    return this.localize.term(
      error instanceof NetworkError ? 'offline'
        : isApiError(error, 'rate_limited') ? 'busy'
          : isApiError(error, 'out_of_stock') ? 'noStock'
            : isApiError(error) && error.status === 404 ? 'notFound'
              : error instanceof NotConfiguredError ? 'notConfigured' : 'failed',
    );
  }

  /** The storefront, or a rejection the error state explains (no `<svc-store>` and no `data-store-id`). */
  protected requireStorefront(): Storefront {
    const storefront = this.storefront;
    if (!storefront) throw new NotConfiguredError();
    return storefront;
  }
}

export class NotConfiguredError extends Error {}

/** `customElements.define` in its turn, a task of its own (`define-queue.ts`); tolerant of the script being loaded twice. */
export const define = defineInTurn;
