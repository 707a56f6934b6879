import { aTimeout, expect, html, oneEvent } from '@open-wc/testing';
import type { SvcCatalog } from '../../../src/elements/catalog/catalog.ts';
import type { SvcProduct } from '../../../src/elements/product/product.ts';
import type { ItemSelectEvent } from '../../../src/elements/shared/cart-events.ts';
import { keepConsole } from '../support/console.ts';
import { requestCount, resetServerRequests, STORE } from '../support/server.ts';
import { find, findAll, inStore, textOf, waitFor } from './helpers.ts';

const cards = (catalog: SvcCatalog) => findAll(catalog, '[part=card]');
const loaded = (catalog: SvcCatalog, n: number) => waitFor(() => cards(catalog).length === n, 8000, `${n} cards`);

describe('<svc-catalog>', () => {
  const kept = keepConsole([/^\[svc\] "Store not found" for store "demo-store"/]); // the client's help for the developer on a wrong key
  it('shows skeletons, then cards with name, price, badges and the total count', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="40"></svc-catalog>`, 'svc-catalog');
    expect(findAll(catalog, '[part=skeleton]').length).to.be.greaterThan(0);
    await loaded(catalog, 31);
    expect(findAll(catalog, '[part=skeleton]')).to.have.length(0);
    await waitFor(() => /31 produk/.test(textOf(catalog)), 4000, 'count');
    const text = textOf(catalog);
    expect(text).to.contain('Kaos Polos Premium').and.contain('Rp 85.000').and.contain('Rp 90.000'); // a price range
    expect(text).to.contain('Digital').and.contain('Paket'); // badges
    expect(text).to.match(/Rp\s?110\.000/); // compare-at price
    await expect(catalog).to.be.accessible();
  });

  it('two columns as on a phone: a card keeps its category and name whole, a range reads "Mulai Rp 85.000"', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="4" hide-filter style="display:block;width:360px"></svc-catalog>`, 'svc-catalog');
    await loaded(catalog, 4);
    const card = cards(catalog).find((c) => c.textContent!.includes('Kaos Polos'))!;
    const shown = (selector: string) => [...card.querySelectorAll<HTMLElement>(selector)].filter((el) => el.getClientRects().length > 0);
    const name = card.querySelector<HTMLElement>('[part=card-name]')!;
    expect(name.clientHeight, 'the name is not squeezed').to.be.at.least(name.scrollHeight - 1);
    const category = card.querySelector<HTMLElement>('[part=card-category]')!;
    expect(category.clientHeight, 'the category keeps its line').to.be.at.least(category.scrollHeight - 1);
    const price = card.querySelector<HTMLElement>('[part=price]')!;
    const before = getComputedStyle(price, '::before').content; // Firefox answers `attr(data-from)` unresolved
    const priceText = [before.startsWith('attr(') ? price.dataset.from : before.replace(/"/g, ''), ...shown('[part=price] > *').map((el) => el.textContent!.trim())].join(' ');
    expect(priceText).to.match(/^Mulai Rp\s?85\.000$/);
    const wide = await inStore<SvcCatalog>(html`<svc-catalog page-size="4" hide-filter style="display:block;width:1100px"></svc-catalog>`, 'svc-catalog');
    await loaded(wide, 4);
    const wideCard = cards(wide).find((c) => c.textContent!.includes('Kaos Polos'))!;
    expect(getComputedStyle(wideCard.querySelector('[part=price]')!, '::before').content).to.be.oneOf(['none', 'normal']);
    const wideText = [...wideCard.querySelectorAll<HTMLElement>('[part=price] > *')].filter((el) => el.getClientRects().length > 0).map((el) => el.textContent!.trim()).join(' ');
    expect(wideText, 'a wide card shows the range and the old price').to.match(/^Rp\s?85\.000 – Rp\s?90\.000 semula Rp\s?110\.000$/);
  });

  it('asks for the count only when the first page is not the whole feed', async () => {
    const COUNT = '/v3/stores/demo-store/public/items/count';
    await resetServerRequests();
    const whole = await inStore<SvcCatalog>(html`<svc-catalog page-size="40" hide-filter></svc-catalog>`, 'svc-catalog');
    await loaded(whole, 31);
    await waitFor(() => /31 produk/.test(textOf(whole)), 4000, 'count from the cards');
    expect(await requestCount('GET', COUNT)).to.equal(0);

    const paged = await inStore<SvcCatalog>(html`<svc-catalog page-size="12" hide-filter></svc-catalog>`, 'svc-catalog');
    await loaded(paged, 12);
    await waitFor(() => /31 produk/.test(textOf(paged)), 4000, 'count from the count route');
    expect(await requestCount('GET', COUNT)).to.equal(1);
    paged.category = 'digital'; // 4 items: one page
    await loaded(paged, 4);
    await waitFor(() => /\b4 produk/.test(textOf(paged)), 4000, '4 produk');
    expect(await requestCount('GET', COUNT)).to.equal(1);

    paged.category = '';
    paged.hideCount = true;
    await loaded(paged, 12);
    expect(textOf(paged)).not.to.match(/31 produk/);
    paged.hideCount = false;
    await waitFor(() => /31 produk/.test(textOf(paged)), 4000, 'count once shown again');
  });

  it('pages with "load more" until the last cursor and moves focus to the first new card', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="12" hide-filter></svc-catalog>`, 'svc-catalog');
    await loaded(catalog, 12);
    (await find<HTMLButtonElement>(catalog, '[part=load-more]')).click();
    await loaded(catalog, 24);
    await waitFor(() => catalog.shadowRoot!.activeElement === cards(catalog)[12], 2000, 'focus on card 13');
    (await find<HTMLButtonElement>(catalog, '[part=load-more]')).click();
    await loaded(catalog, 31);
    await waitFor(() => !catalog.shadowRoot!.querySelector('[part=load-more]'), 2000, 'no more button');
    const names = cards(catalog).map((c) => c.querySelector('[part=card-name]')!.textContent);
    expect(new Set(names).size).to.equal(31); // no duplicates across pages
    expect(textOf(catalog)).to.contain('Menampilkan 31 dari 31');
  });

  it('loads the next page by itself with `infinite` when the end scrolls into view', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="4" infinite hide-filter></svc-catalog>`, 'svc-catalog');
    // the end may already be in view, so the second page can follow the first at once: no click either way
    await waitFor(() => cards(catalog).length >= 4, 8000, 'the first page');
    (await find(catalog, '[part=load-more]')).scrollIntoView();
    await waitFor(() => cards(catalog).length >= 8, 8000, 'a second page');
  });

  it('filters by category with the chips and counts that category', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="24"></svc-catalog>`, 'svc-catalog');
    await loaded(catalog, 24);
    const chip = (await waitFor(() => findAll(catalog, '[part=filter]').length > 1, 4000, 'chips'), findAll(catalog, '[part=filter]'))
      .find((c) => c.textContent!.trim() === 'Produk Digital')!;
    chip.click();
    await loaded(catalog, 4);
    expect(catalog.category).to.equal('digital');
    expect(chip.getAttribute('aria-pressed')).to.equal('true');
    await waitFor(() => /\b4 produk/.test(textOf(catalog)), 4000, '4 produk');
    expect(cards(catalog).every((c) => c.textContent!.includes('Digital'))).to.equal(true);
  });

  it('shows the empty state (slot) for a category with nothing in it', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog category="no-such-category"><p slot="empty">Kosong!</p></svc-catalog>`, 'svc-catalog');
    const state = await find(catalog, '[part=state]');
    expect(state.querySelector('slot')!.assignedElements()[0].textContent).to.equal('Kosong!');
  });

  it('shows an error with a retry that works once the store answers', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog hide-filter hide-count></svc-catalog>`, 'svc-catalog', { id: STORE.id, key: 'wrong-key' });
    const retry = await find<HTMLButtonElement>(catalog, '[part=retry]');
    expect(textOf(catalog)).to.contain('tidak ditemukan');
    await kept.printed(/^\[svc\] "Store not found" for store "demo-store"/);
    await expect(catalog).to.be.accessible();
    catalog.closest('svc-store')!.setAttribute('store-key', STORE.key); // the merchant fixes the key
    retry.click();
    await waitFor(() => cards(catalog).length > 0, 4000, 'cards after retry');
  });

  it('fires a cancelable svc-item-select; cancelled, nothing opens', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="2" hide-filter></svc-catalog>`, 'svc-catalog');
    await loaded(catalog, 2);
    catalog.addEventListener('svc-item-select', (e) => e.preventDefault(), { once: true });
    const event = oneEvent(catalog, 'svc-item-select') as Promise<ItemSelectEvent>;
    cards(catalog)[0].click();
    const { detail } = await event;
    expect(detail.item.slug).to.equal('kaos-polos');
    await aTimeout(50);
    expect(catalog.shadowRoot!.querySelector('dialog')!.open).to.equal(false);
  });

  it('opens the product view in a dialog by default and gives focus back on close', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="2" hide-filter></svc-catalog>`, 'svc-catalog');
    await loaded(catalog, 2);
    const card = cards(catalog)[0];
    card.focus();
    card.click();
    const dialog = catalog.shadowRoot!.querySelector('dialog')!;
    await waitFor(() => dialog.open, 2000, 'dialog open');
    const product = dialog.querySelector<SvcProduct>('svc-product')!;
    expect(product.getAttribute('slug')).to.equal('kaos-polos'); // (its property waits for the lazy chunk)
    await find(product, '[part=name]');
    await Promise.all(dialog.getAnimations().map((a) => a.finished)); // contrast is measured after the fade-in
    await expect(catalog).to.be.accessible();
    (dialog.querySelector('[part=close]') as HTMLButtonElement).click();
    await waitFor(() => !dialog.open, 2000, 'dialog closed');
    expect(catalog.shadowRoot!.activeElement).to.equal(card);
  });

  it('renders links from href-template and leaves navigation to them', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="2" hide-filter href-template="/p/{type}/{slug}?id={id}"></svc-catalog>`, 'svc-catalog');
    await loaded(catalog, 2);
    const link = cards(catalog)[0] as HTMLAnchorElement;
    expect(link.tagName).to.equal('A');
    expect(new URL(link.href).pathname + new URL(link.href).search).to.match(/^\/p\/product\/kaos-polos\?id=\d+$/);
    catalog.addEventListener('svc-item-select', (e) => e.preventDefault(), { once: true }); // keep the test page here
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).to.equal(true); // cancelling the select event cancels the navigation
  });

  it('speaks English under lang="en"', async () => {
    const catalog = await inStore<SvcCatalog>(html`<div lang="en"><svc-catalog page-size="2"></svc-catalog></div>`, 'svc-catalog');
    await loaded(catalog, 2);
    await waitFor(() => /31 products/.test(textOf(catalog)), 4000, 'English count');
    // prices read as en-ID writes them, the same as id-ID's (not Intl's en-ID here: WebKitGTK has no data for it,
    // test/browser/elements/format.test.ts)
    expect(textOf(catalog)).to.contain('Products').and.contain('Load more').and.contain('Rp 85.000');
    catalog.parentElement!.setAttribute('lang', 'id'); // a lang change re-renders
    await waitFor(() => textOf(catalog).includes('Muat lebih banyak'), 2000, 'Indonesian again');
  });
});
