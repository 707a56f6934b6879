import { html, LitElement, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { TokenStorageOption } from '../../client/storage.ts';
import { provide } from '@lit/context';
import { createStorefront, storefrontContext, type Storefront } from '../shared/storefront.ts';

/**
 * Scopes the elements inside it to one store: creates that store's client and session and provides them through
 * context. Two `<svc-store>` on one page never share a cart (storage keys include the store id). With `page-id` and
 * `page-key` instead, it provides an HTML Mode page's storefront (checkout and locations through the page routes),
 * loaded on demand so that a store's page never downloads it.
 *
 * @summary One storefront (store, key, service address, language) for the elements inside it.
 * @slot - The storefront elements of this store.
 */
export class SvcStore extends LitElement {
  /** The settings the current storefront was made from (a custom token storage by identity, not as text). */
  private configured: unknown[] = [];

  @provide({ context: storefrontContext })
  @state()
  storefront?: Storefront;

  /** Public store id (`unique_id`) or numeric id. */
  @property({ attribute: 'store-id' }) storeId = '';
  /** Publishable storefront API key. */
  @property({ attribute: 'store-key' }) storeKey = '';
  /** Address of the service; defaults to the origin the script came from. */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /** Where the guest and refresh tokens persist: `local` (default), `session` or `memory`. */
  @property({ attribute: 'token-storage' }) tokenStorage?: TokenStorageOption;
  /** HTML Mode page id: with `page-key`, a page's storefront instead of a store's. */
  @property({ attribute: 'page-id' }) pageId?: string;
  @property({ attribute: 'page-key' }) pageKey?: string;

  override createRenderRoot() {
    this.style.display = 'contents'; // a scope, not a box
    return super.createRenderRoot();
  }

  override connectedCallback() {
    super.connectedCallback();
    this.configure();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.storefront?.destroy();
    this.storefront = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if ((['storeId', 'storeKey', 'baseUrl', 'tokenStorage', 'pageId', 'pageKey'] as const).some((name) => changed.has(name))) this.configure();
  }

  private configure() {
    const { storeId, storeKey, baseUrl, tokenStorage, pageId, pageKey } = this;
    const current = this.storefront;
    const settings = [storeId, storeKey, baseUrl, tokenStorage, pageId, pageKey];
    if (current && this.configured.every((value, i) => value === settings[i])) return;
    current?.destroy();
    this.configured = settings;
    this.storefront = storeId && storeKey ? createStorefront({ storeId, storeKey, baseUrl, tokenStorage }) : undefined;
    if (this.storefront || !pageId || !pageKey) return;
    void import('../../session/page-storefront.ts').then(({ createPageStorefront }) => {
      if (this.configured !== settings) return; // changed meanwhile
      this.storefront = createPageStorefront({ pageId, pageKey, baseUrl: baseUrl ?? '' });
    });
  }

  override render() {
    return html`<slot></slot>`;
  }
}

// at once, not in turn (define-queue.ts): the elements inside find their store through context when they upgrade
if (!customElements.get('svc-store')) customElements.define('svc-store', SvcStore);

declare global {
  interface HTMLElementTagNameMap {
    'svc-store': SvcStore;
  }
}
