import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/checkout/checkout.ts';
import '../../../src/elements/sign-in/sign-in.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import type { SvcLocationPicker } from '../../../src/elements/location-picker/location-picker.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import { createStorefront } from '../../../src/session/index.ts';
import { BUYER, clearStorage, PAGE, STORE } from '../support/server.ts';
import { findAll, mount, query, textOf, waitFor } from './helpers.ts';

/** A returning buyer: signed in, their checkout starts from their last order; a guest is offered to sign in. */

const LAST = { location_id: 327302, postal_code: '32208', address: 'Jl. Tubagus Ismail No. 7 (pesanan terakhir)' };

/** Signs the buyer in (the session stays in this page's storage) and places an order to LAST with the last courier offered. */
async function previousOrder() {
  const sf = createStorefront({ baseUrl: location.origin, storeId: STORE.id, storeKey: STORE.key, catalogCacheMs: 0 });
  await sf.signIn(BUYER);
  const checkout = sf.createCheckout();
  checkout.update({ items: [{ type: 'variant', variant_id: 101, quantity: 1 }], contact: { name: 'Budi Santoso', phone: '081234567890' },
    destination: LAST, paymentMethod: 'bank_transfer' });
  const options = await checkout.loadShippingOptions();
  const last = options.at(-1)!;
  expect(options.indexOf(last), 'not the option chosen by default').to.be.above(0);
  checkout.update({ shippingOption: { courier: last.courier, courier_service: last.courier_service, warehouse_id: last.warehouse_id } });
  await checkout.placeOrder();
  checkout.destroy();
  sf.destroy();
  return last;
}

describe('<svc-checkout> for a returning buyer', () => {
  beforeEach(() => clearStorage());

  it('a signed-in buyer starts from the address and courier of their latest order', async () => {
    const courier = await previousOrder();
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang: 'id' });
    await waitFor(() => storefront.$session.get().customer !== null, 4000, 'the session restored');
    await storefront.cart.add({ type: 'variant', variant_id: 102, quantity: 1 });
    await waitFor(() => textOf(query(el, '[part~=prefilled]')) === 'Alamat dan kurir dari pesanan terakhir Anda.', 4000, 'the last order\'s address');
    const picker = query<SvcLocationPicker>(el, 'svc-location-picker')!;
    expect([picker.value, picker.postalCode]).to.deep.equal([String(LAST.location_id), LAST.postal_code]);
    expect(query<HTMLTextAreaElement>(el, '#address')!.value).to.equal(LAST.address);
    await waitFor(() => findAll(el, '[part~=shipping-option] input').some((i) => (i as HTMLInputElement).checked), 4000, 'a courier chosen');
    const chosen = findAll(el, '[part~=shipping-option]').find((o) => o.querySelector<HTMLInputElement>('input')!.checked)!;
    expect(textOf(chosen)).to.include(`${courier.courier_name} · ${courier.service_name}`);
    expect(storefront.$checkout.get().shippingOption).to.include({ courier: courier.courier, courier_service: courier.courier_service });
    expect(query(el, '[part~=sign-in]'), 'no sign-in for a signed-in buyer').to.equal(null);
    await storefront.signOut();
  });

  it('a guest is offered to sign in: at `sign-in-url`, or on the page\'s <svc-sign-in>; never on an HTML Mode page', async () => {
    const linked = (await mount<SvcCheckout>(html`<svc-checkout sign-in-url="/akun"></svc-checkout>`, { lang: 'id' }));
    await linked.storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    const link = await waitFor(() => !!query(linked.element, '[part~=sign-in]'), 4000, 'the link').then(() => query<HTMLAnchorElement>(linked.element, '[part~=sign-in]')!);
    expect(textOf(link.parentElement)).to.equal('Sudah punya akun? Masuk');
    expect(link.getAttribute('href')).to.equal('/akun');

    const store = await fixture<SvcStore>(html`<svc-store lang="en" store-id=${STORE.id} store-key=${STORE.key} base-url=${location.origin}>
      <svc-sign-in></svc-sign-in><svc-checkout></svc-checkout></svc-store>`);
    await store.storefront!.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    const checkout = store.querySelector('svc-checkout')!;
    await waitFor(() => !!query(checkout, 'button[part~=sign-in]'), 4000, 'the button to the sign-in form');
    expect(textOf(query(checkout, '.account'))).to.equal('Have an account? Sign in');
    query<HTMLButtonElement>(checkout, '[part~=sign-in]')!.click();
    const signIn = store.querySelector('svc-sign-in')!;
    await waitFor(() => signIn.shadowRoot!.activeElement?.id === 'email', 2000, 'the sign-in\'s e-mail focused');

    const page = (await mount<SvcCheckout>(html`<svc-checkout page-id=${PAGE.id} page-key=${PAGE.key} base-url=${location.origin} sign-in-url="/akun"
      items='[{"type":"variant","variant_id":101,"quantity":1}]' payment-methods="bank_transfer"></svc-checkout>`)).element;
    await waitFor(() => !!query(page, '#name'), 4000, 'the page form');
    expect(query(page, '[part~=sign-in]'), 'pages have no customers').to.equal(null);
  });
});
