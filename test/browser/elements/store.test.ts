import { expect, fixture, html } from '@open-wc/testing';
import type { SvcCart } from '../../../src/elements/cart/cart.ts';
import type { SvcCatalog } from '../../../src/elements/catalog/catalog.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import { find, findAll, inStore, waitFor } from './helpers.ts';

describe('<svc-store>', () => {
  it('provides its storefront to the elements inside it', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="3" hide-filter></svc-catalog>`, 'svc-catalog');
    await waitFor(() => findAll(catalog, '[part=card]').length === 3, 4000, 'three cards');
  });

  it('keeps two stores on one page independent', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <svc-store id="a" store-id="demo-store" store-key="sfk_demo" base-url=${location.origin} token-storage="memory">
        <svc-add-to-cart variant-id="109"></svc-add-to-cart><svc-cart></svc-cart></svc-store>
      <svc-store id="b" store-id="otp-store" store-key="sfk_otp" base-url=${location.origin} token-storage="memory">
        <svc-catalog hide-filter></svc-catalog><svc-cart></svc-cart></svc-store>
    </div>`);
    const [a, b] = [page.querySelector<SvcStore>('#a')!, page.querySelector<SvcStore>('#b')!];
    expect(a.storefront).to.exist.and.not.equal(b.storefront);
    (await find(a.querySelector('svc-add-to-cart')!, 'button')).click();
    const cartA = a.querySelector<SvcCart>('svc-cart')!;
    await find(cartA, '[part=line]');
    const catalogB = b.querySelector<SvcCatalog>('svc-catalog')!;
    await waitFor(() => findAll(catalogB, '[part=card]').length === 2, 4000, 'the other store\'s two items');
    expect(findAll(b.querySelector('svc-cart')!, '[part=line]')).to.have.length(0);
    expect(b.storefront!.$cart.get().cart?.items.length ?? 0).to.equal(0);
  });

  it('makes a new storefront when another custom token storage is given', async () => {
    const storage = () => {
      const values = new Map<string, string>();
      return { get: (key: string) => values.get(key) ?? null, set: (key: string, value: string) => void values.set(key, value), remove: (key: string) => void values.delete(key) };
    };
    const store = await fixture<SvcStore>(html`<svc-store store-id="demo-store" store-key="sfk_demo" base-url=${location.origin} .tokenStorage=${storage()}></svc-store>`);
    const first = store.storefront;
    expect(first).to.not.equal(undefined);
    store.tokenStorage = storage();
    await store.updateComplete;
    expect(store.storefront).to.exist.and.not.equal(first);
  });

  it('lets elements outside any <svc-store> use the data-* attributes of the script tag', async () => {
    const frame = document.createElement('iframe');
    frame.src = new URL('./script-tag.html', import.meta.url).href;
    document.body.append(frame);
    try {
      await waitFor(() => {
        const catalog = frame.contentDocument?.querySelector('svc-catalog');
        return (catalog?.shadowRoot?.querySelectorAll('[part=card]').length ?? 0) > 0;
      }, 10_000, 'cards in the frame');
    } finally {
      frame.remove();
    }
  });
});
