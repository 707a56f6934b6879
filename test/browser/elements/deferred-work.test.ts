// Work split for a phone's CPU (docs/decisions.md #27) still happens: an element below the fold loads and renders
// once scrolled to, an element with instances is defined in a task of its own, a catalog below the fold
// renders its cards when it is reached and reports its list once.
import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import '../../../src/index.ts';
import { defineInTurn } from '../../../src/elements/shared/define-queue.ts';
import { STORE } from '../support/server.ts';
import { find, findAll, inStore, waitFor } from './helpers.ts';

/** Resolves once the browser has computed whether `element` intersects the viewport (its first observation). */
const observed = (element: Element) => new Promise<boolean>((resolve) => {
  const observer = new IntersectionObserver(([entry]) => (observer.disconnect(), resolve(entry!.isIntersecting)));
  observer.observe(element);
});

/** A page taller than the screen, with `content` at its foot inside the demo store. */
const belowTheFold = (content: ReturnType<typeof html>) => fixture<HTMLElement>(html`<div>
  <div style="height: ${innerHeight * 3}px"></div>
  <svc-store store-id=${STORE.id} store-key=${STORE.key} base-url=${location.origin} token-storage="memory">${content}</svc-store>
</div>`);

describe('deferred work still happens', () => {
  afterEach(() => scrollTo(0, 0));

  it('loads a lazy element below the fold once it is scrolled to, not before', async () => {
    const page = await belowTheFold(html`<svc-location-picker lang="en"></svc-location-picker>`);
    const picker = page.querySelector('svc-location-picker')!;
    expect(await observed(picker), 'off screen').to.equal(false);
    expect(customElements.get('svc-location-picker'), 'not loaded while off screen').to.equal(undefined);
    picker.scrollIntoView();
    await customElements.whenDefined('svc-location-picker');
    await find(picker, 'input');
  });

  it('defines an element that has instances in the document in a task of its own, not within the call', async () => {
    await belowTheFold(html`<x-deferred-probe></x-deferred-probe>`);
    defineInTurn('x-deferred-probe', class extends HTMLElement {});
    expect(customElements.get('x-deferred-probe'), 'an instance to upgrade: not defined at once').to.equal(undefined);
    await customElements.whenDefined('x-deferred-probe');
    defineInTurn('x-unused-probe', class extends HTMLElement {});
    expect(customElements.get('x-unused-probe'), 'nothing to upgrade: defined at once').to.not.equal(undefined);
  });

  it('renders the first screen\'s cards first and the rest of the page in later tasks, in the same box', async () => {
    const seen: number[] = [];
    const catalog = await inStore<HTMLElement>(html`<svc-catalog page-size="12" hide-filter hide-count></svc-catalog>`, 'svc-catalog');
    const watch = new MutationObserver(() => seen.push(findAll(catalog, '[part~=card]').length));
    watch.observe(catalog.shadowRoot!, { childList: true, subtree: true });
    await waitFor(() => findAll(catalog, '[part~=card]').length === 12, 4000, '12 cards');
    watch.disconnect();
    const first = seen.find((count) => count > 0);
    expect(first, `cards at each change: ${seen.join(' ')}`).to.equal(4);
    expect(findAll(catalog, '[part~=skeleton]')).to.have.length(0);
  });

  it('puts the first cards where the loading placeholders were: no placeholder is drawn again for the cards to come', async () => {
    // every mutation in order: whether it added a card, and how many placeholders it added (nested ones too)
    const added: { cards: number; skeletons: number }[] = [];
    const count = (nodes: NodeList, selector: string) => [...nodes].filter((n): n is Element => n instanceof Element)
      .reduce((sum, n) => sum + (n.matches(selector) ? 1 : 0) + n.querySelectorAll(selector).length, 0);
    const watch = new MutationObserver((records) => records.forEach((r) =>
      added.push({ cards: count(r.addedNodes, '[part~=card]'), skeletons: count(r.addedNodes, '[part~=skeleton]') })));
    const catalog = document.createElement('svc-catalog');
    for (const [name, value] of [['page-size', '12'], ['hide-filter', ''], ['hide-count', '']]) catalog.setAttribute(name, value!);
    const place = await inStore<HTMLElement>(html`<div></div>`, 'div'); // inside the demo store
    place.append(catalog); // connected: its shadow root is there, its first render a microtask away
    watch.observe(catalog.shadowRoot!, { childList: true, subtree: true });
    await waitFor(() => findAll(catalog, '[part~=card]').length === 12, 4000, '12 cards');
    watch.disconnect();
    const firstCards = added.findIndex((a) => a.cards > 0);
    expect(added.slice(0, firstCards).reduce((sum, a) => sum + a.skeletons, 0), 'the loading state drew its placeholders').to.equal(12);
    expect(added.slice(firstCards).reduce((sum, a) => sum + a.skeletons, 0), 'none drawn again with or after the cards').to.equal(0);
  });

  it('asks for the first screen\'s images first, at high priority, and for the count and the chips once they are shown', async () => {
    // the eager images' decoding held until released: the count and categories requests must wait for it
    const decode = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'decode')!;
    let release!: () => void;
    const shown = new Promise<void>((resolve) => (release = resolve));
    HTMLImageElement.prototype.decode = function (this: HTMLImageElement) {
      return shown.then(() => (decode.value as () => Promise<void>).call(this));
    };
    const fetch = window.fetch;
    const asked: string[] = [];
    window.fetch = (input, init) => (asked.push(String(input instanceof Request ? input.url : input)), fetch(input, init));
    try {
      const catalog = await inStore<HTMLElement>(html`<svc-catalog page-size="12"></svc-catalog>`, 'svc-catalog');
      await waitFor(() => findAll(catalog, '[part~=card]').length === 12, 4000, '12 cards');
      const images = findAll<HTMLImageElement>(catalog, 'img[part=card-image]');
      expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).to.deep.equal([
        ...Array.from({ length: 4 }, () => ['eager', 'high']), ...Array.from({ length: 8 }, () => ['lazy', null])]);
      for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      const secondary = () => asked.filter((url) => /\/items\/count|\/categories/.test(url));
      expect(secondary(), 'nothing but the first page while the first images are not shown').to.deep.equal([]);
      release();
      await waitFor(() => findAll(catalog, '[part~=filter]').length > 1 && /31 produk/.test(catalog.shadowRoot!.textContent ?? ''), 4000, 'chips and count');
      expect(secondary()).to.have.length(2);
    } finally {
      Object.defineProperty(HTMLImageElement.prototype, 'decode', decode);
      window.fetch = fetch;
    }
  });

  it('renders the cards of a catalog below the fold when it is scrolled to, and reports its list once', async () => {
    const listed: unknown[] = [];
    const record = (event: Event) => (event as Event & { detail: { name: string } }).detail.name === 'view_item_list' && listed.push(event);
    document.addEventListener('svc-analytics', record);
    try {
      const page = await belowTheFold(html`<svc-catalog page-size="4" hide-filter hide-count></svc-catalog>`);
      const catalog = page.querySelector('svc-catalog')!;
      catalog.scrollIntoView();
      await find(catalog, '[part~=card]');
      await catalog.updateComplete;
      expect(findAll(catalog, '[part~=card]')).to.have.length(4);
      expect(listed).to.have.length(1);
    } finally {
      document.removeEventListener('svc-analytics', record);
    }
  });
});
