/**
 * The boxes our elements hold before they are defined equal the boxes they render, so the host page does not move.
 * The elements are put on the page and measured while undefined; only then is the ES entry imported.
 */
import { expect } from '@open-wc/testing';
import { STORE, waitFor } from '../support/server.ts';
import { reserveBoxes, reservedCss } from '../../../src/elements/shared/reserved-boxes.ts';

// phones (two columns), a tablet and a desktop (auto-fill: three and five columns); one card, a ragged last row, full rows
const WIDTHS = [320, 390, 760, 1280];
const PAGE_SIZES = [1, 7, 12, 24];
/** Beyond the defaults: narrower cards (seven columns), no chips. */
const VARIANTS = [
  { width: 1280, size: 10, markup: 'style="--svc-catalog-card-min-width: 10rem"' },
  { width: 900, size: 9, markup: 'hide-filter' },
];

function scope(width: number, markup: string): HTMLElement {
  const box = document.createElement('div');
  box.style.width = `${width}px`;
  box.innerHTML = `<svc-store store-id="${STORE.id}" store-key="${STORE.key}" base-url="${location.origin}" token-storage="memory">${markup}</svc-store>`;
  document.body.append(box);
  return box;
}
const height = (el: Element) => el.getBoundingClientRect().height;
const parts = (el: Element, part: string) => [...(el.shadowRoot?.querySelectorAll(`[part~="${part}"]`) ?? [])];

describe('reserved boxes', () => {
  it('equal the rendered boxes of the catalog, the cart button, an add-to-cart button and the product media', async () => {
    expect(reservedCss()).to.not.match(/attr\(|type\(/); // what only Chromium evaluates
    reserveBoxes(document, reservedCss()); // as the classic loader does
    reserveBoxes(document, reservedCss()); // and the ES entry after it: still one sheet
    expect(document.adoptedStyleSheets.length).to.equal(1);
    const catalogs = [...WIDTHS.flatMap((width) => PAGE_SIZES.map((size) => ({ width, size, markup: '' }))), ...VARIANTS]
      .map(({ width, size, markup }) => ({ width, size, chips: !markup.includes('hide-filter'),
        el: scope(width, `<svc-catalog page-size="${size}" ${markup}></svc-catalog>`).querySelector('svc-catalog')! }));
    const button = scope(300, '<svc-cart-button></svc-cart-button>').querySelector('svc-cart-button')!;
    const add = scope(300, '<svc-add-to-cart variant-id="101">Kaos Polos Hitam S</svc-add-to-cart>').querySelector('svc-add-to-cart')!;
    const products = WIDTHS.map((width) => ({ width, el: scope(width, '<svc-product slug="kaos-polos"></svc-product>').querySelector('svc-product')! }));

    const reserved = new Map<Element, DOMRect>([...catalogs.map((c) => c.el), button, add, ...products.map((p) => p.el)]
      .map((el) => [el, el.getBoundingClientRect()]));
    for (const { el } of catalogs) expect(reserved.get(el)!.height).to.be.greaterThan(250);
    expect(reserved.get(button)!.width).to.be.greaterThan(30);

    await import('../../../src/index.ts');
    await import('../../../src/elements/product/product.ts');
    // skeletons first: already the final box
    for (const { el, size, width } of catalogs) {
      await waitFor(() => parts(el, 'skeleton').length === size || parts(el, 'card').length === size, 4000, `skeletons ${size}`);
      expect(height(el), `catalog ${size} at ${width}px, skeleton`).to.be.closeTo(reserved.get(el)!.height, 1);
    }
    // then the cards, the chips and the count (31 items: every page here has a next one)
    for (const { el, size, width, chips } of catalogs) {
      await waitFor(() => parts(el, 'card').length === size && parts(el, 'filter').length > (chips ? 1 : -1)
        && /31/.test(el.shadowRoot!.querySelector('[part=count]')!.textContent!) && parts(el, 'load-more').length === 1, 8000, `catalog ${size}`);
      expect(height(el), `catalog ${size} at ${width}px, loaded`).to.be.closeTo(reserved.get(el)!.height, 1);
    }
    // the column counts reserved: two on phones, three at 760 px, five at 1,280 px, seven with 10rem cards
    const columns = new Set(catalogs.map(({ el }) => getComputedStyle(el.shadowRoot!.querySelector('.grid')!).gridTemplateColumns.split(' ').length));
    expect([...columns].sort((a, b) => a - b)).to.deep.equal([2, 3, 5, 7]);
    expect(button.getBoundingClientRect().width).to.be.closeTo(reserved.get(button)!.width, 0.5);
    expect(button.getBoundingClientRect().height).to.be.closeTo(reserved.get(button)!.height, 0.5);
    await waitFor(() => !!add.shadowRoot?.querySelector('button:not([disabled])'), 8000, 'add-to-cart ready');
    expect(add.getBoundingClientRect().width, 'add-to-cart width').to.be.closeTo(reserved.get(add)!.width, 1);
    expect(add.getBoundingClientRect().height, 'add-to-cart height').to.be.closeTo(reserved.get(add)!.height, 0.5);
    for (const { el, width } of products) {
      await waitFor(() => parts(el, 'image').length === 1, 8000, 'product image');
      const media = el.shadowRoot!.querySelector('.main')!;
      expect(height(media), `product media at ${width}px`).to.be.closeTo(reserved.get(el)!.height, 1);
    }
  });
});
