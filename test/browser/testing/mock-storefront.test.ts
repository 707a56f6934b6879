// `svc-storefront/testing` as a merchant would use it: the elements on a page, their API answered by the MSW
// handlers in a service worker (no reference server), on another origin than the page, as in production.
import { expect, fixture, html } from '@open-wc/testing';
import { setupWorker } from 'msw/browser';
import '../../../src/index.ts';
import type { SvcCartButton } from '../../../src/elements/cart-button/cart-button.ts';
import type { SvcCatalog } from '../../../src/elements/catalog/catalog.ts';
import { createMockStorefront, faults } from '../../../src/testing/index.ts';
import { find, findAll, textOf, waitFor } from '../elements/helpers.ts';
import { keepConsole } from '../support/console.ts';

const API = 'https://api.shop.example';
const store = createMockStorefront({ baseUrl: API });
const worker = setupWorker(...store.handlers);

async function mount() {
  const scope = await fixture(html`<svc-store store-id="demo-store" store-key="sfk_demo" base-url=${API} token-storage="memory">
    <svc-cart-button></svc-cart-button><svc-catalog page-size="4"></svc-catalog></svc-store>`);
  return { catalog: scope.querySelector<SvcCatalog>('svc-catalog')!, button: scope.querySelector<SvcCartButton>('svc-cart-button')! };
}
const cards = (catalog: SvcCatalog) => findAll(catalog, '[part~=card]');

describe('svc-storefront/testing: MSW handlers behind the elements', () => {
  // the client's help for the developer, once per client (the handlers are reset before the console is given back)
  const kept = keepConsole([/^\[svc\] "Store not found" for store "demo-store"/]);
  before(() => worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true }));
  after(() => worker.stop());
  afterEach(() => (worker.resetHandlers(), store.reset()));

  it('renders the catalog, pages it, and adds to the cart from the quick view', async () => {
    const { catalog, button } = await mount();
    await waitFor(() => cards(catalog).length === 4, 4000, '4 cards');
    await waitFor(() => /6 produk/.test(textOf(catalog)), 4000, 'the count');
    (await find<HTMLButtonElement>(catalog, '[part~=load-more]')).click();
    await waitFor(() => cards(catalog).length === 6, 4000, 'all 6 cards');

    cards(catalog).find((c) => c.textContent!.includes('Kopi Gayo'))!.click();
    const product = await find(catalog, 'svc-product');
    const add = await find(product, 'svc-add-to-cart');
    await waitFor(() => !!add.shadowRoot?.querySelector<HTMLButtonElement>('[part~=button]:not([disabled])'), 4000, 'an enabled button');
    add.shadowRoot!.querySelector<HTMLButtonElement>('[part~=button]')!.click();
    await waitFor(() => textOf(button.shadowRoot?.querySelector('[part~=badge]')) === '1', 4000, 'badge 1');
    const [cart] = [...store.state.carts.values()];
    expect(cart!.map((l) => l.item)).to.deep.equal([{ type: 'variant', variant_id: 126, quantity: 1 }]);
    expect(kept.lines).to.deep.equal([]);
  });

  it('waits out a plain-text 429 and shows Store not found as an error', async () => {
    worker.use(faults.rateLimited({ route: '/public/items', retryAfterSeconds: 1, once: true }));
    const first = await mount();
    await waitFor(() => cards(first.catalog).length === 4, 6000, 'cards after the retry');

    worker.use(faults.storeNotFound());
    const second = await mount();
    await find(second.catalog, '[part~=state][role=alert]');
    expect(cards(second.catalog)).to.have.length(0);
    await kept.printed(/^\[svc\] "Store not found" for store "demo-store"/);
  });
});
