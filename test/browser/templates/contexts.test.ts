/**
 * Nested scopes (a list's item, a product's variant, a cart's line read relative paths and their parents' names),
 * the bundle and order contexts, paging a list by cursor (methods, the merchant's buttons, the event, reflected
 * attributes), the placeholder holding the box, and the requests: one per page, none per card, one for a list and a
 * catalog that show the same page.
 */
import { expect } from '@open-wc/testing';
import type { ListChangeEvent } from '../../../src/elements/shared/template-events.ts';
import type { SvcList } from '../../../src/elements/templates/list.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import { placeOrder } from '../elements/helpers.ts';
import { requestCount, resetServerRequests, STORE } from '../support/server.ts';
import { BUNDLE, SHIRT, SIMPLE, SWATCH } from '../support/swatch-store.ts';
import { mountTemplate, shows, squash, waitFor } from './helpers.ts';

const ITEMS = `/v3/stores/${SWATCH.id}/public/items`;
const CARD = `<template><article class="card" data-svc-class-out="!available">
    <a href="{{ url }}" data-svc-text="name"></a><span class="price" data-svc-money="item.price"></span>
    <span class="at">{{ position }}/{{ list.count }}</span><img data-svc-if="has_image" data-svc-media="image" alt="" width="40" height="40">
  </article></template>`;
const names = (root: ParentNode) => [...root.querySelectorAll('.card a')].map((a) => a.textContent);

describe('template contexts', () => {
  it('a list: relative paths, pages by cursor through its methods and the merchant\'s buttons, one request per page', async () => {
    await resetServerRequests();
    const root = await mountTemplate(`<button class="prev" data-svc-action="previous-page" aria-controls="grid">‹</button>
      <svc-list id="grid" page-size="2" href-template="/p/{slug}">${CARD}<article class="card-sk" data-svc-placeholder></article></svc-list>
      <button class="next" data-svc-action="next-page" aria-controls="grid">›</button>`, { store: SWATCH });
    const list = root.querySelector<SvcList>('svc-list')!;
    const pages: ListChangeEvent['detail'][] = [];
    list.addEventListener('svc-list-change', (e) => pages.push(e.detail));
    await shows(root, '.card a');
    expect(names(root)).to.deep.equal([SHIRT.name, 'Gelang Kayu']);
    const first = root.querySelector('.card')!;
    expect(first.querySelector('a')!.getAttribute('href')).to.equal(`/p/${SHIRT.slug}`);
    expect(squash(first.querySelector('.price')!.textContent)).to.equal('Rp 150.000');
    expect(squash(first.querySelector('.at')!.textContent)).to.equal('1/2');
    expect(first.querySelector('img')!.getAttribute('loading')).to.equal('eager');
    expect([list.hasAttribute('has-next'), list.hasAttribute('has-previous')]).to.deep.equal([true, false]);
    expect([root.querySelector('.prev')!.getAttribute('aria-disabled'), root.querySelector('.next')!.getAttribute('aria-disabled')]).to.deep.equal(['true', 'false']);

    root.querySelector<HTMLButtonElement>('.next')!.click();
    await waitFor(() => names(root)[0] === 'Topi Rotan', 4000, 'page 2');
    expect(names(root)).to.deep.equal(['Topi Rotan', 'Tanpa Foto']);
    expect(root.querySelectorAll('.card')[1]!.querySelector('img'), 'no image: the condition leaves it out').to.equal(null);
    expect(list.hasAttribute('has-previous')).to.equal(true);
    expect(pages.map((p) => [p.page, p.hasNext, p.hasPrevious, p.items.length])).to.deep.equal([[1, true, false, 2], [2, true, true, 2]]);

    await list.previous();
    expect(names(root)).to.deep.equal([SHIRT.name, 'Gelang Kayu']);
    await list.more();
    expect(names(root)).to.deep.equal([SHIRT.name, 'Gelang Kayu', 'Topi Rotan', 'Tanpa Foto']);
    await list.more();
    await list.more();
    expect(names(root)).to.deep.equal([SHIRT.name, 'Gelang Kayu', ...SIMPLE.slice(1).map((s) => s.replace('-', ' ').replace(/\b\w/g, (c) => c.toUpperCase())), 'Paket 2 Kemeja Merah M']);
    expect(list.hasAttribute('has-next')).to.equal(false);
    expect(root.querySelector('.next')!.getAttribute('aria-disabled')).to.equal('true');
    // one request per page asked (page 2 again came from the client's short cache), none per card (no product reads)
    expect(await requestCount('GET', ITEMS)).to.equal(5);
    expect(await requestCount('GET', `/v3/stores/${SWATCH.id}/public/products/${SHIRT.slug}`)).to.equal(0);
  });

  it('a list and a catalog of the same page share one request', async () => {
    await resetServerRequests();
    const root = await mountTemplate(`<svc-catalog page-size="3" category="aksesoris" hide-filter hide-count></svc-catalog>
      <svc-list page-size="3" category="aksesoris">${CARD}</svc-list>`, { store: SWATCH });
    await shows(root, '.card a');
    await waitFor(() => (root.querySelector('svc-catalog')!.shadowRoot?.querySelectorAll('[part~=card]').length ?? 0) === 3, 4000, 'catalog cards');
    expect(names(root)).to.deep.equal(['Gelang Kayu', 'Topi Rotan', 'Tanpa Foto']);
    expect(await requestCount('GET', ITEMS)).to.equal(1);
  });

  it('holds a page of the merchant\'s placeholders until the data is there, and says why it is not', async () => {
    const root = await mountTemplate(`<svc-store store-id="${SWATCH.id}" base-url="${location.origin}">
      <svc-list page-size="4">${CARD}<article class="sk" data-svc-placeholder><p data-svc-error hidden></p></article></svc-list></svc-store>`);
    const list = root.querySelector('svc-list')!;
    await waitFor(() => list.getAttribute('data-svc-state') === 'error', 4000, 'the error state');
    expect(list.querySelectorAll('.sk').length, 'a page of placeholders').to.equal(4);
    expect(list.querySelectorAll('.sk[aria-hidden=true]').length).to.equal(3);
    const message = list.querySelector<HTMLElement>('.sk [data-svc-error]')!;
    expect([message.hidden, squash(message.textContent)]).to.deep.equal([false, 'The store is not configured (store-id, store-key).']);
    // the key arrives: the list asks again and the cards replace the placeholders
    (root.querySelector('svc-store') as SvcStore).storeKey = SWATCH.key;
    await shows(list, '.card');
    expect(list.querySelectorAll('.sk').length).to.equal(0);
  });

  it('a product\'s variants and selected variant, a bundle\'s components, the cart\'s lines: relative paths and parents\' names', async () => {
    const root = await mountTemplate(`<svc-context type="product" slug="${SHIRT.slug}"><template>
        <p class="chosen">{{ variant.name }} of {{ name }}</p>
        <ul><template data-svc-each="product.variants"><li data-svc-class-picked="available">{{ variant.name }} · {{ sku }} · {{ product.name }}</li></template></ul>
      </template></svc-context>
      <svc-context type="bundle" slug="${BUNDLE.slug}"><template>
        <h3 data-svc-text="bundle.name"></h3><b class="bp" data-svc-money="price"></b>
        <template data-svc-each="components"><i>{{ quantity }}× {{ component.variant_name }} ({{ bundle.slug }})</i></template>
      </template></svc-context>`, { store: SWATCH });
    await shows(root, '.chosen');
    expect(squash(root.querySelector('.chosen')!.textContent)).to.equal(`Merah / S of ${SHIRT.name}`);
    expect([...root.querySelectorAll('li')].map((li) => squash(li.textContent))).to.deep.equal([
      `Merah / S · KL-RS · ${SHIRT.name}`, `Merah / M · KL-RM · ${SHIRT.name}`, `Biru / S · KL-BS · ${SHIRT.name}`, `Biru / M · KL-BM · ${SHIRT.name}`]);
    expect([...root.querySelectorAll('li.picked')].length, 'in stock: three of four').to.equal(3);
    await shows(root, 'h3');
    expect(squash(root.querySelector('.bp')!.textContent)).to.equal('Rp 280.000');
    expect(squash(root.querySelector('i')!.textContent)).to.equal(`2× Merah / M (${BUNDLE.slug})`);
  });

  it('the cart\'s lines read their own fields and the cart\'s', async () => {
    const root = await mountTemplate(`<svc-context type="cart"><template>
        <p class="count">{{ cart.count }} items</p>
        <ul><template data-svc-each="cart.items"><li>{{ name }} / {{ line.variant_name }} × {{ quantity }} = <b data-svc-money="line_total"></b> of {{ cart.count }}</li></template></ul>
        <p class="empty" data-svc-if="cart.empty">Empty</p>
      </template></svc-context>`, { store: SWATCH });
    const store = root as SvcStore;
    await shows(root, '.empty');
    await store.storefront!.cart.add({ type: 'variant', variant_id: SHIRT.variants.redM, quantity: 2 });
    await store.storefront!.cart.add({ type: 'bundle_price_option', bundle_price_option_id: BUNDLE.id, quantity: 1 });
    await waitFor(() => root.querySelectorAll('li').length === 2 && !root.querySelector('.empty'), 4000, 'two lines');
    expect([...root.querySelectorAll('li')].map((li) => squash(li.textContent))).to.deep.equal([
      `${SHIRT.name} / Merah / M × 2 = Rp 300.000 of 3`, 'Paket 2 Kemeja Merah M / × 1 = Rp 280.000 of 3']);
    expect(squash(root.querySelector('.count')!.textContent)).to.equal('3 items');
  });

  it('an order by its secret slug', async () => {
    const order = await placeOrder('bank_transfer');
    const root = await mountTemplate(`<svc-context type="order" secret="${order.secret_slug}"><template>
        <p class="no">{{ order.order_number }}</p><b class="total" data-svc-money="gross_revenue"></b><p class="unpaid" data-svc-if="!paid">Unpaid</p>
        <template data-svc-each="items"><span class="line">{{ line.quantity }}× {{ line.name }}</span></template>
      </template></svc-context>`, { store: STORE });
    await shows(root, '.no');
    expect(squash(root.querySelector('.no')!.textContent)).to.equal(order.order_number);
    expect(squash(root.querySelector('.total')!.textContent)).to.equal(`Rp ${Number(order.gross_revenue).toLocaleString('id-ID')}`);
    expect(root.querySelector('.unpaid')).to.not.equal(null);
    expect(squash(root.querySelector('.line')!.textContent)).to.equal(`1× ${order.items[0]!.name}`);
  });
});
