import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import '../../../src/elements/store/store.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import { clearStorage, STORE } from '../support/server.ts';
import { choose, fillCheckout, findAll, getOrder, mount, query, textOf, waitFor } from './helpers.ts';
import { expectCopyableNumber } from './copy-helpers.ts';

const methodNames = (el: SvcCheckout) => findAll(el, '[part~=payment-method]').map((m) => textOf(m));

describe('<svc-checkout> details', () => {
  beforeEach(() => clearStorage());

  it('the confirmation shows the order number with a working copy button', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await fillCheckout(el);
    choose(el, 'payment-method', 'Cash on delivery');
    // the total with shipping (not the estimate before it, "+ shipping")
    await waitFor(() => /\d/.test(textOf(query(el, '[part~=total] dd'))) && !query(el, '[part~=total] [part~=total-note]'), 4000, 'summary total');
    query<HTMLFormElement>(el, 'form')!.requestSubmit();
    await waitFor(() => !!query(el, '[part~=order-number]'), 6000, 'the confirmation');

    const slug = new URL(query<HTMLAnchorElement>(el, '[part~=order-link]')!.href).searchParams.get('order')!;
    const placed = await getOrder(slug);
    await expectCopyableNumber(el, placed.order_number, 'en'); // the number the server keeps for this order
    // the placed order's lines and total stay beside the confirmation, where the summary was
    const lines = findAll(el, '[part~=summary] [part~=line]');
    expect(lines).to.have.length(placed.items.length);
    expect(textOf(lines[0])).to.include(placed.items[0].name);
    expect(textOf(query(el, '[part~=summary] [part~=total] dd')).replace(/\D/g, '')).to.equal(String(Math.round(Number(placed.gross_revenue))));
    await waitFor(() => !!query(el, 'svc-payment-instructions'), 4000, 'the instructions');
    await expect(el).to.be.accessible();
  });

  it('payment methods and channels read in the UI language', async () => {
    const { store, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang: 'id' });
    await store.storefront!.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await waitFor(() => methodNames(el).length > 0, 4000, 'payment methods');
    // the demo store names its methods in Indonesian ("Bayar di Tempat (COD)", "Transfer Bank (manual)")
    expect(methodNames(el)).to.deep.equal(['Transfer bank', 'Virtual account', 'QRIS', 'E-wallet', 'Kartu kredit/debit', 'Bayar di tempat (COD)']);
    store.setAttribute('lang', 'en');
    await waitFor(() => methodNames(el).includes('Cash on delivery (COD)'), 2000, 'English names');
    expect(methodNames(el)).to.deep.equal(['Bank transfer', 'Virtual account', 'QRIS', 'E-wallet', 'Credit/debit card', 'Cash on delivery (COD)']);
    choose(el, 'payment-method', 'E-wallet');
    await waitFor(() => findAll(el, '[part~=channel]').length > 0, 2000, 'channels');
    expect(findAll(el, '[part~=channel]').map((c) => textOf(c))).to.deep.equal(['OVO', 'DANA', 'ShopeePay']);
    await expect(el).to.be.accessible();
  });

  it('a method code we do not know keeps the merchant\'s name', async () => {
    const methods = JSON.stringify([
      { code: 'bayar_nanti', type: 'invoice', name: 'Bayar Nanti Kita', channels: [] },
      { code: 'virtual_account', type: 'virtual_account', name: 'VA Bank', channels: [{ code: 'bsi', name: 'Bank Syariah' }, { code: 'nagari', name: 'Bank Nagari' }] },
    ]);
    const { element: el } = await mount<SvcCheckout>(html`<svc-checkout page-id="demo-page" page-key="pgk_demo" base-url=${location.origin}
      shipping="required" items='[{"type":"variant","variant_id":101,"quantity":1}]' payment-methods=${methods}></svc-checkout>`);
    await waitFor(() => methodNames(el).length === 2, 4000, 'payment methods');
    expect(methodNames(el)).to.deep.equal(['Bayar Nanti Kita', 'Virtual account']);
    choose(el, 'payment-method', 'Virtual account');
    await waitFor(() => findAll(el, '[part~=channel]').length === 2, 2000, 'channels');
    expect(findAll(el, '[part~=channel]').map((c) => textOf(c))).to.deep.equal(['BSI', 'Bank Nagari']);
  });

  it('two checkouts on one page: their summaries are landmarks with distinct names', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <svc-store lang="id" store-id=${STORE.id} store-key=${STORE.key} base-url=${location.origin}>
        <svc-checkout id="cart"></svc-checkout>
        <svc-checkout id="ebook" shipping="none" items='[{"type":"variant","variant_id":109,"quantity":1}]'><span slot="heading">Beli E-book 100 Resep</span></svc-checkout>
        <svc-checkout id="digital" shipping="none" items='[{"type":"variant","variant_id":109,"quantity":2}]'></svc-checkout>
      </svc-store></div>`);
    const store = page.querySelector<SvcStore>('svc-store')!;
    await store.storefront!.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    const [cart, ebook, digital] = ['cart', 'ebook', 'digital'].map((id) => page.querySelector<SvcCheckout>(`#${id}`)!);
    const label = (el: SvcCheckout) => query(el, 'aside[part~=summary]')?.getAttribute('aria-label') ?? '';
    await waitFor(() => label(digital).includes('E-book'), 6000, 'the priced buy-now summary');
    expect(label(cart)).to.equal('Ringkasan pesanan — keranjang');
    expect(label(ebook)).to.equal('Ringkasan pesanan — Beli E-book 100 Resep'); // its heading says what it is for
    expect(label(digital)).to.equal('Ringkasan pesanan — E-book 100 Resep Nusantara'); // else its items
    store.setAttribute('lang', 'en');
    await waitFor(() => label(cart) === 'Order summary — cart', 2000, 'English names');
    digital.setAttribute('summary-label', 'Ringkasan pesanan — hadiah');
    await digital.updateComplete;
    expect(label(digital)).to.equal('Ringkasan pesanan — hadiah'); // the page's own name wins
    await expect(page).to.be.accessible(); // axe's landmark-unique included
  });
});
