import { ContextConsumer, ContextProvider, createContext } from '@lit/context';
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import type { SvcCatalog } from '../../../src/elements/catalog/catalog.ts';
import type { Storefront } from '../../../src/session/index.ts';
import { findAll, inStore, waitFor } from './helpers.ts';

/**
 * A merchant's components, with their own copy of the context (`createContext('svc-storefront')`, as a second copy of
 * our script would have), read `<svc-store>`'s storefront and provide one to our elements: the key is a string.
 */
const storefrontContext = createContext<Storefront>('svc-storefront');

class MerchantBadge extends LitElement {
  readonly store = new ContextConsumer(this, { context: storefrontContext, subscribe: true });
}
customElements.define('merchant-badge', MerchantBadge);

class MerchantShop extends LitElement {
  readonly provider = new ContextProvider(this, { context: storefrontContext });
  override render() {
    return html`<slot></slot>`;
  }
}
customElements.define('merchant-shop', MerchantShop);

describe('the storefront context across copies of @lit/context', () => {
  it('a @lit/context consumer inside <svc-store> gets its storefront', async () => {
    const badge = await inStore<MerchantBadge>(html`<merchant-badge></merchant-badge>`, 'merchant-badge');
    const store = badge.closest<SvcStore>('svc-store')!;
    await waitFor(() => badge.store.value !== undefined, 2000, 'the storefront');
    expect(badge.store.value).to.equal(store.storefront);
  });

  it('our elements inside a @lit/context provider use the storefront it provides', async () => {
    const store = await fixture<SvcStore>(html`<svc-store store-id="demo-store" store-key="sfk_demo" base-url=${location.origin} token-storage="memory"></svc-store>`);
    await waitFor(() => !!store.storefront, 2000, 'a storefront to hand over');
    const shop = await fixture<MerchantShop>(html`<merchant-shop><svc-catalog page-size="2" hide-filter hide-count></svc-catalog></merchant-shop>`);
    shop.provider.setValue(store.storefront!);
    const catalog = shop.querySelector<SvcCatalog>('svc-catalog')!;
    await waitFor(() => findAll(catalog, '[part=card]').length === 2, 4000, 'cards through the provided storefront');
    expect((catalog as unknown as { storefront: Storefront }).storefront).to.equal(store.storefront);
  });
});
