// The script tag configures the runtime: this file loads `index.ts` as the page's own <script> would.
import { expect } from '@open-wc/testing';
import { readConfig } from '../../../src/page-runtime/config.ts';
import { rowsFor, waitFor } from './support.ts';

describe('page runtime: start from the script tag', () => {
  it('creates window.svcPage, announces it, sends PageView and puts location pickers on the page routes', async () => {
    document.body.insertAdjacentHTML('beforeend', `
      <script type="text/plain" data-page-id="demo-page" data-page-key="pgk_demo" data-base-url="" data-analytics="facebook kwai"
        src="/test/browser/page-runtime/beside/page-runtime.js"></script>
      <svc-location-picker></svc-location-picker><svc-location-picker page-id="other" page-key="k"></svc-location-picker>
      <div data-svc-order hidden><button type="button" data-svc-copy="order_number">Salin</button></div>`);
    const ready = new Promise<CustomEvent>((resolve) => document.addEventListener('svc-page-ready', resolve as EventListener, { once: true }));
    const module = await import('../../../src/page-runtime/index.ts');
    const { detail } = await ready;
    expect(window.svcPage).to.equal(module.svcPage);
    expect(detail).to.equal(window.svcPage!.config);
    expect(detail).to.include({ pageId: 'demo-page', pageKey: 'pgk_demo', baseUrl: '', consentRequired: false });
    expect(detail.analytics).to.deep.equal([{ provider: 'meta', kind: 'facebook' }, { provider: 'snackvideo', kind: 'kwai' }]);
    expect(Object.isFrozen(detail)).to.equal(true);

    const [auto, configured] = document.querySelectorAll('svc-location-picker');
    expect([auto!.getAttribute('page-id'), auto!.getAttribute('page-key'), auto!.getAttribute('base-url')]).to.deep.equal(['demo-page', 'pgk_demo', '']);
    expect(configured!.getAttribute('page-id')).to.equal('other');

    // a copy button in the order view: the runtime loads svc-order-extras.js beside its tag (src), which gives the
    // button its live region
    await waitFor(() => document.querySelector('[data-svc-copy] + [aria-live="polite"]') !== null, 5000, 'svc-order-extras.js loaded');

    const pageViews = async () => (await fetch('/__reference/outbox').then((r) => r.json())).events
      .filter((e: { payload: { event_name: string; event_source_url: string } }) => e.payload.event_name === 'PageView' && e.payload.event_source_url === location.href);
    await waitFor(async () => (await pageViews()).length === 2, 5000, 'PageView for meta and snackvideo');
    expect((await rowsFor((await pageViews())[0].event_id)).map((r) => r.kind).sort()).to.deep.equal(['facebook', 'kwai']);
  });

  it('explains a script tag without a page key', () => {
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const script = Object.assign(document.createElement('script'), { type: 'text/plain' });
      script.dataset.pageId = 'demo-page';
      expect(readConfig(script)).to.equal(undefined);
      expect(String(logged[0]![0])).to.contain('<script type="text/plain" data-page-id="demo-page">: needs data-page-id and data-page-key');
      expect(logged[0]![1]).to.equal(script);
    } finally {
      console.error = original;
    }
  });
});
