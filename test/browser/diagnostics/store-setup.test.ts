/**
 * The diagnostics panel on each store misconfiguration, against the real reference server: a wrong key, an unknown
 * store, a Free-plan store, an origin the store does not allow, a service that is not there, an element outside any
 * store. The panel asks each `<svc-store>` itself (the element need not even be defined for that).
 */
import { expect } from '@open-wc/testing';
import '../../../src/diagnostics/panel.ts';
import { WALLED } from '../support/walled-store.ts';
import { findingTexts, mount, panel, panelShows, reset, waitFor } from './helpers.ts';

// The service on another origin of the same test server: the browser applies CORS (the test page's own origin,
// http://localhost:<port>, is among the demo stores' allowed origins, not the walled store's).
const OTHER_ORIGIN = `http://127.0.0.1:${location.port}`;

describe('diagnostics panel: store set-up', () => {
  afterEach(reset);

  it('names the three causes of "Store not found" for a wrong key, and never shows the key in full', async () => {
    mount('<svc-store store-id="demo-store" store-key="sfk_wrong_key_9876"></svc-store>');
    const text = await panelShows('Store "demo-store": Store not found', 'Wrong store id', 'Wrong or revoked key', 'Plan below Basic');
    expect(text).to.include('9876');
    expect(text).not.to.include('sfk_wrong_key_9876');
    expect(text).to.include('svc-reference-server store show demo-store');
    // the check itself is listed with its answer
    expect(text).to.match(/GET \/v3\/stores\/demo-store\/public\/categories/);
    expect(text).to.include('404 store_not_found');
  });

  it('says a Free-plan store answers "Store not found" whatever its key', async () => {
    mount('<svc-store store-id="free-store" store-key="sfk_free"></svc-store>');
    const text = await panelShows('Store "free-store": Store not found', 'a Free plan store always answers this');
    expect(text).not.to.include('sfk_free');
  });

  it('tells an unknown store by the CORS refusal of a service that does answer', async () => {
    mount(`<svc-store store-id="no-such-store" store-key="sfk_demo" base-url="${OTHER_ORIGIN}"></svc-store>`);
    const text = await panelShows('This origin is not allowed by store "no-such-store"', 'the store id "no-such-store" is wrong');
    expect(text).to.include('no answer (network or CORS)');
  });

  it('shows an origin the store does not allow, with the command that allows it', async () => {
    mount(`<svc-store store-id="${WALLED.store}" store-key="${WALLED.key}" base-url="${OTHER_ORIGIN}"></svc-store>`);
    const text = await panelShows(`This origin is not allowed by store "${WALLED.store}"`);
    expect(text).to.include(`svc-reference-server store add-origin ${WALLED.store} ${location.origin}`);
    expect(text).not.to.include(WALLED.key);
  });

  it('reads "Store not found" for an unknown store when the service shares its answer (same origin)', async () => {
    mount('<svc-store store-id="no-such-store" store-key="sfk_demo"></svc-store>');
    await panelShows('Store "no-such-store": Store not found', 'Wrong store id: "no-such-store"');
  });

  it('is not fooled by a store that is allowed: the same check from another origin passes', async () => {
    mount(`<svc-store store-id="demo-store" store-key="sfk_demo" base-url="${OTHER_ORIGIN}"></svc-store>`);
    await panelShows(`GET ${OTHER_ORIGIN}/v3/stores/demo-store/public/categories`, '· 200 ·');
    expect(findingTexts()).to.deep.equal([]);
  });

  it('reads the service\'s own refusal of a write from an origin the store does not allow', async () => {
    // same origin: the browser hands over the answer, and the store gate refuses the POST itself (403)
    await fetch(`/v3/stores/${WALLED.store}/public/cart/items`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Service-Storefront-Api-Key': WALLED.key }, body: '{}',
    });
    const text = await panelShows(`This origin is not allowed by store "${WALLED.store}"`, `is not an allowed origin of this store`);
    expect(text).to.include(`svc-reference-server store add-origin ${WALLED.store} ${location.origin}`);
    expect(text).to.include('403 origin_not_allowed');
  });

  it('tells a service that does not answer at all from a refusal', async () => {
    mount('<svc-store store-id="demo-store" store-key="sfk_demo" base-url="http://127.0.0.1:9"></svc-store>');
    const text = await panelShows('Service not reachable at http://127.0.0.1:9', 'data-base-url');
    expect(text).not.to.include('This origin is not allowed');
  });

  it('finds nothing wrong with a store that is set up', async () => {
    mount('<svc-store store-id="demo-store" store-key="sfk_demo"><svc-catalog></svc-catalog></svc-store>');
    await panelShows('GET /v3/stores/demo-store/public/categories', '200');
    expect(findingTexts()).to.deep.equal([]);
    expect(await panelShows('No set-up problem found so far.')).to.include('OK');
    // "Check again" asks the store once more (after a merchant's fix)
    const checks = () => (window as { __svcDebug?: { requests: Array<{ url: string }> } }).__svcDebug!.requests.filter((r) => r.url.includes('/public/categories')).length;
    const before = checks();
    panel()!.shadowRoot!.querySelector<HTMLElement>('button.again')!.click();
    await waitFor(() => checks() === before + 1, 5000, 'a second check');
  });

  it('names an element outside any store scope, and not one inside', async () => {
    mount('<svc-catalog page-size="4"></svc-catalog><svc-store store-id="demo-store" store-key="sfk_demo"><svc-cart></svc-cart></svc-store>');
    await panelShows('<svc-catalog page-size="4"> has no store', 'data-store-id');
    expect(findingTexts().filter((text) => text.includes('has no store'))).to.have.length(1);
  });

  it('lists the last requests and analytics events with their ids, as text', async () => {
    mount(`<svc-store store-id="demo-store" store-key="sfk_demo" base-url="${location.origin}"></svc-store>`);
    (window as { __xss?: () => void }).__xss = () => expect.fail('markup from an event ran');
    document.dispatchEvent(new CustomEvent('svc-analytics', { detail: { name: 'add_to_cart', event_id: 'evt_42' } }));
    document.dispatchEvent(new CustomEvent('svc-analytics', { detail: { name: '<img src=x onerror="window.__xss()">', event_id: '<b>x</b>' } }));
    const text = await panelShows('add_to_cart', 'id evt_42', '<img src=x onerror="window.__xss()">', 'id <b>x</b>', 'key ****demo');
    expect(text).not.to.include('sfk_demo');
    expect(panel()!.shadowRoot!.querySelector('img, b')).to.equal(null);
  });

});
