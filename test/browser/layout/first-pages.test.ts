/**
 * Data at t = 0: the first page of each catalog is asked for before the elements' code runs, and the element adopts
 * that answer instead of asking again: the server sees one items request per catalog, not two. The first row's images
 * are asked for as soon as a page arrives, and the cards' images are those requests.
 */
import { expect } from '@open-wc/testing';
import { requestCount, resetServerRequests, waitFor } from '../support/server.ts';

const ITEMS = '/v3/stores/demo-store/public/items';

describe('first pages asked at t = 0', () => {
  it('are adopted by the catalogs: one items request per catalog', async () => {
    await resetServerRequests();
    const frame = document.createElement('iframe');
    frame.src = new URL('./first-pages.html', import.meta.url).href;
    document.body.append(frame);
    try {
      const cards = (i: number) => frame.contentDocument?.querySelectorAll('svc-catalog')[i]?.shadowRoot?.querySelectorAll('[part=card]').length ?? 0;
      await waitFor(() => cards(0) === 3 && cards(1) === 2, 10_000, 'both catalogs filled');
      const win = frame.contentWindow as Window & { earlyBeforeElements?: string[]; imagesBeforeElements?: string[]; asksBeforeElements: string[]; placeholderFrames?: number; storageWrites: { duringEntry: number; after: number }; __svcEarlyRequests?: Map<string, unknown> };
      // both requests were under way before the elements' code was even imported, with the client's URLs
      expect(win.earlyBeforeElements).to.have.members([
        `${location.origin}${ITEMS}?page_size=3&store_key=sfk_demo`,
        `${location.origin}${ITEMS}?category=digital&page_size=2&store_key=sfk_demo`,
      ]);
      expect([...win.__svcEarlyRequests!.keys()]).to.deep.equal([]); // each taken once
      // the storefront was set up after the entry's evaluation, not during it
      expect(win.storageWrites).to.include({ duringEntry: 0 }).and.to.have.property('after').above(0);
      // the answers arrived read whole: the cards replaced the placeholders before any frame showed the latter
      expect(win.placeholderFrames).to.equal(0);
      // the cards' images (the first row of each) were asked for before the code, and the cards used those answers
      const shown = [...frame.contentDocument!.querySelectorAll('svc-catalog')].flatMap((catalog) =>
        [...catalog.shadowRoot!.querySelectorAll<HTMLImageElement>('img[part=card-image]')].map((img) => img.src));
      expect(shown).to.have.length(5);
      expect(win.imagesBeforeElements).to.have.members([...new Set(shown)]);
      // and the cards fetched none of their own: no image was fetched more often than the loader asked for it.
      // (Chromium fetches each once here; WebKit listed an image twice that both catalogs start with, which the loader
      // asks for twice; Firefox fetches none an earlier test file loaded: its image cache is shared between documents,
      // and those are not in this document's resource timing.)
      const requested = frame.contentWindow!.performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).initiatorType === 'img').map((e) => e.name);
      const times = (list: string[], url: string) => list.filter((item) => item === url).length;
      for (const url of new Set(requested)) expect(times(requested, url), url).to.be.at.most(times(win.asksBeforeElements, url));
      expect(shown, 'nothing fetched that no card shows').to.include.members(requested);
      await new Promise((resolve) => setTimeout(resolve, 300)); // a second request would have arrived by now
      expect(await requestCount('GET', ITEMS)).to.equal(2);
    } finally {
      frame.remove();
    }
  });

  it('are asked by the module tag before the elements are defined, and adopted: one items request', async () => {
    await resetServerRequests();
    const frame = document.createElement('iframe');
    frame.src = new URL('./module-tag-first-page.html', import.meta.url).href;
    document.body.append(frame);
    try {
      const cards = () => frame.contentDocument?.querySelector('svc-catalog')?.shadowRoot?.querySelectorAll('[part=card]').length ?? 0;
      await waitFor(() => cards() === 3, 10_000, 'the catalog filled');
      const win = frame.contentWindow as Window & { itemsAsked: { url: string; catalogDefined: boolean }[] };
      // the entry's first module asked, before the element classes were evaluated (not at the catalog's first update)
      expect(win.itemsAsked).to.deep.equal([{ url: `${ITEMS}?page_size=3&store_key=sfk_demo`, catalogDefined: false }]);
      await new Promise((resolve) => setTimeout(resolve, 300)); // a second request would have arrived by now
      expect(await requestCount('GET', ITEMS)).to.equal(1);
    } finally {
      frame.remove();
    }
  });
});
