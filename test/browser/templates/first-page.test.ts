/**
 * `<svc-list>` reads the catalog feed as `<svc-catalog>` does: its first page is asked for by the classic loader
 * while the page is parsed, before any element code, and the list adopts that answer: the server sees one items
 * request. (A list and a catalog of the same page share one request too: contexts.test.ts.)
 */
import { expect } from '@open-wc/testing';
import { requestCount, resetServerRequests, waitFor } from '../support/server.ts';

const ITEMS = '/v3/stores/demo-store/public/items';

describe('a template list\'s first page at t = 0', () => {
  it('comes from the loader\'s early request', async () => {
    await resetServerRequests();
    const frame = document.createElement('iframe');
    frame.src = new URL('./first-page.html', import.meta.url).href;
    document.body.append(frame);
    try {
      const doc = () => frame.contentDocument;
      await waitFor(() => doc()?.querySelectorAll('svc-list .card').length === 3, 10_000, 'the list filled');
      const win = frame.contentWindow as Window & { earlyBeforeElements?: string[] };
      expect(win.earlyBeforeElements).to.deep.equal([`${location.origin}${ITEMS}?category=dapur&page_size=3&store_key=sfk_demo`]);
      await new Promise((resolve) => setTimeout(resolve, 300)); // a second request would have arrived by now
      expect(await requestCount('GET', ITEMS)).to.equal(1);
    } finally {
      frame.remove();
    }
  });
});
