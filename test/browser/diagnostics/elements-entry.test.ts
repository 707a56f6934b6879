/**
 * The elements' entry (src/index.ts) loads the panel, a lazy chunk, only when the page asks for it with `?svc-debug`,
 * and the panel lists the elements' own requests with their keys masked.
 */
import { expect } from '@open-wc/testing';
import { mount, panel, panelShows, reset, waitFor } from './helpers.ts';

describe('diagnostics panel: the elements entry', () => {
  afterEach(reset);

  it('stays out of a page that did not ask for it', async () => {
    await import('../../../src/index.ts');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(panel()).to.equal(null);
    expect(customElements.get('svc-debug-panel')).to.equal(undefined);
    expect((window as { __svcDebug?: unknown }).__svcDebug).to.equal(undefined);
  });

  it('opens on ?svc-debug and lists the elements\' requests, keys masked', async () => {
    history.replaceState(null, '', `${location.pathname}${location.search ? `${location.search}&` : '?'}svc-debug`);
    // a fresh evaluation of the entry, as on a page loaded with ?svc-debug
    await import(new URL('../../../src/index.ts?debug', import.meta.url).href);
    await waitFor(() => !!panel(), 5000, 'the panel');
    mount('<svc-store store-id="demo-store" store-key="sfk_demo"><svc-catalog page-size="2"></svc-catalog></svc-store>');
    const text = await panelShows('GET /v3/stores/demo-store/public/items?page_size=2&store_key=****demo', 'No set-up problem found so far.');
    expect(text).not.to.include('sfk_demo');
  });

  it('masks an order\'s secret slug in the request list: the slug opens the order', async () => {
    await import(new URL('../../../src/index.ts?debug', import.meta.url).href); // the panel of the test above
    await waitFor(() => !!panel(), 5000, 'the panel');
    const slug = 'ord-secret-slug-7f3a9c2e';
    mount(`<svc-store store-id="demo-store" store-key="sfk_demo"><svc-order-status secret-slug="${slug}"></svc-order-status></svc-store>`);
    const text = await panelShows('GET /v3/stores/demo-store/public/orders/********9c2e');
    expect(text).not.to.include(slug);
    expect(text).not.to.include('7f3a9c2e');
  });
});
