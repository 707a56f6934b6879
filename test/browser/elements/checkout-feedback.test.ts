import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import type { SvcLocationPicker } from '../../../src/elements/location-picker/location-picker.ts';
import '../../../src/elements/store/store.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import { BUYER, clearStorage, PAGE, requestCount, resetServerRequests } from '../support/server.ts';
import { BUYER_CONTACT, DEST, findAll, mount, query, textOf, waitFor } from './helpers.ts';

/** Live feedback of `<svc-checkout>` in its three modes: problems show on leaving or submitting, go when fixed. */

const errorOf = (el: SvcCheckout, id: string) => textOf(query(el, `#${id}-error`));
const submit = (el: SvcCheckout) => query<HTMLFormElement>(el, 'form')!.requestSubmit();
const total = (el: SvcCheckout) => textOf(query(el, '[part~=total] dd'));
/** The total holds shipping: no "+ shipping" after it. */
const priced = (el: SvcCheckout) => /\d/.test(total(el)) && !query(el, '[part~=total] [part~=total-note]');
/** The value of a totals row: 0 subtotal, 1 shipping (when the items ship). */
const amount = (el: SvcCheckout, index: number) => textOf(findAll(el, '[part~=totals] > div')[index]?.querySelector('dd'));
/** Picks a payment method by its label (`RegExp`) or the first one. */
function pickMethod(el: SvcCheckout, label?: RegExp) {
  const methods = findAll(el, '[part~=payment-method]');
  const method = label ? methods.find((m) => label.test(textOf(m))) : methods[0];
  if (!method) throw new Error(`no payment method ${label}`);
  method.querySelector('input')!.click();
}
const COD = /COD|cash on delivery/i;

/** One keystroke at a time, as a person types (no `change` until the field is left). */
function keys(input: HTMLInputElement | HTMLTextAreaElement | null, value: string) {
  if (!input) throw new Error('no input');
  for (let i = 1; i <= value.length; i++) {
    input.value = value.slice(0, i);
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }
}
/** Leaves a field: `change` (when typed) and focus moving on. */
function leave(input: HTMLElement | null) {
  input!.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  input!.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
}

async function chooseDestination(el: SvcCheckout) {
  const picker = query<SvcLocationPicker>(el, 'svc-location-picker')!;
  Object.assign(picker, { value: String(DEST.location_id), postalCode: DEST.postal_code });
  picker.dispatchEvent(new Event('change', { bubbles: true }));
}

async function fieldsClearOnFix(el: SvcCheckout, typed: Array<'name' | 'phone' | 'address'>, method?: RegExp) {
  await waitFor(() => findAll(el, '[part~=payment-method]').length > 0, 4000, 'payment methods');
  submit(el);
  await waitFor(() => typed.every((id) => errorOf(el, id) !== ''), 4000, 'the errors of the empty fields');
  expect(errorOf(el, 'method')).to.not.equal('');
  const values = { name: BUYER_CONTACT.name, phone: BUYER_CONTACT.phone, address: DEST.address };
  for (const id of typed) {
    keys(query(el, `#${id}`), values[id]);
    await el.updateComplete;
    expect(errorOf(el, id), `${id} fixed`).to.equal('');
  }
  pickMethod(el, method);
  await el.updateComplete;
  expect(errorOf(el, 'method')).to.equal('');
}

describe('<svc-checkout> live feedback', () => {
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });

  it('guest: each problem goes as soon as it is fixed (fields, destination, payment method)', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await el.updateComplete;
    await fieldsClearOnFix(el, ['name', 'phone', 'address']);
    expect(errorOf(el, 'location')).to.not.equal('');
    await chooseDestination(el);
    await el.updateComplete;
    expect(errorOf(el, 'location')).to.equal('');
  });

  it('never while typing the first characters: on leaving the field, or on submit', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await waitFor(() => !!query(el, '#phone'), 4000, 'the form');
    keys(query(el, '#phone'), '08');
    await el.updateComplete;
    expect(errorOf(el, 'phone')).to.equal('');
    leave(query(el, '#phone'));
    await el.updateComplete;
    expect(errorOf(el, 'phone')).to.equal('Enter a valid phone number, e.g. 0812 3456 7890.');
    keys(query(el, '#phone'), '0812345678');
    await el.updateComplete;
    expect(errorOf(el, 'phone')).to.equal('');
    // a field merely passed through says nothing until submit
    leave(query(el, '#name'));
    await el.updateComplete;
    expect(errorOf(el, 'name')).to.equal('');
    submit(el);
    await waitFor(() => errorOf(el, 'name') !== '', 4000, 'the name error on submit');
  });

  it('customer: problems go when fixed', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.signIn(BUYER);
    await storefront.cart.add({ type: 'variant', variant_id: 102, quantity: 1 });
    await waitFor(() => query<HTMLInputElement>(el, '#email')?.value === BUYER.email, 4000, 'the profile contact');
    // the buyer empties the prefilled name and phone (the address comes from their last order)
    await waitFor(() => !!query(el, '[part~=prefilled]') && !!query<HTMLTextAreaElement>(el, '#address')?.value, 4000, 'the last order\'s address');
    query<HTMLInputElement>(el, '#name')!.value = '';
    query<HTMLInputElement>(el, '#phone')!.value = '';
    query(el, '#name')!.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    query(el, '#phone')!.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await fieldsClearOnFix(el, ['name', 'phone'], COD);
    await storefront.signOut();
  });

  it('HTML Mode page: problems go when fixed', async () => {
    const { element: el } = await mount<SvcCheckout>(html`<svc-checkout page-id=${PAGE.id} page-key=${PAGE.key} base-url=${location.origin}
      items='[{"type":"variant","variant_id":101,"quantity":2}]' payment-methods="bank_transfer qris"></svc-checkout>`);
    await waitFor(() => !!query(el, 'svc-location-picker'), 4000, 'the destination fields');
    await fieldsClearOnFix(el, ['name', 'phone', 'address']);
  });

  it('the total shows once destination and courier are known, before any payment method', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await waitFor(() => !!query(el, 'svc-location-picker'), 4000, 'the destination fields');
    // before: an estimate (the items and the store's fee), shipping to come
    await waitFor(() => !!query(el, '[part~=fee]'), 4000, 'the store fee');
    expect(total(el)).to.match(/^Rp\s?87[.,]500 \+ shipping$/);
    await chooseDestination(el);
    await waitFor(() => priced(el), 4000, 'the total without a payment method');
    expect(storefront.$checkout.get().paymentMethod).to.equal(null);
    expect(amount(el, 1)).to.match(/\d/); // shipping
    const withoutFee = storefront.$checkout.get().summary!.gross_revenue;
    pickMethod(el, COD); // cash on delivery adds its fee
    await waitFor(() => storefront.$checkout.get().summary?.gross_revenue !== withoutFee && storefront.$checkout.get().summaryStatus === 'ready', 4000, 'the COD fee');
    expect(Number(storefront.$checkout.get().summary!.gross_revenue)).to.be.above(Number(withoutFee));
  });

  it('buy now and HTML Mode page: the summary lists the items with unit prices and the subtotal', async () => {
    const buyNow = (await mount<SvcCheckout>(html`<svc-checkout items='[{"type":"variant","variant_id":109,"quantity":2}]'></svc-checkout>`)).element;
    await waitFor(() => findAll(buyNow, '[part~=line]').length === 1, 4000, 'the buy-now line');
    expect(textOf(query(buyNow, '[part~=line]'))).to.include('2 × Rp');
    expect(amount(buyNow, 0)).to.match(/98[.,]000/); // 2 × 49.000

    const page = (await mount<SvcCheckout>(html`<svc-checkout page-id=${PAGE.id} page-key=${PAGE.key} base-url=${location.origin}
      items='[{"type":"variant","variant_id":101,"quantity":2}]' payment-methods="bank_transfer"></svc-checkout>`)).element;
    await waitFor(() => !!query(page, 'svc-location-picker'), 4000, 'the destination fields');
    // before any destination: listed, with the subtotal; shipping and total wait for destination and courier
    await waitFor(() => findAll(page, '[part~=line]').length === 1, 4000, 'the page line');
    expect(textOf(query(page, '[part~=line]'))).to.include('Kaos Polos').and.include('2 × Rp');
    expect(amount(page, 0)).to.match(/170[.,]000/);
    expect(total(page)).to.match(/\+ shipping$/);
    await chooseDestination(page);
    await waitFor(() => priced(page), 4000, 'the page total');
    expect(await requestCount('POST', '/v3/pages/demo-page/checkout/summary')).to.be.greaterThan(0);
  });

  it('<svc-store page-id page-key> provides a page storefront: checkout and picker on the page routes', async () => {
    const store = await fixture<SvcStore>(html`<svc-store lang="en" page-id=${PAGE.id} page-key=${PAGE.key} base-url=${location.origin}>
      <svc-checkout items='[{"type":"variant","variant_id":101,"quantity":1}]' payment-methods="bank_transfer"></svc-checkout></svc-store>`);
    await waitFor(() => store.storefront?.scope === 'page', 4000, 'the page storefront');
    const el = store.querySelector('svc-checkout')!;
    await waitFor(() => findAll(el, '[part~=line]').length === 1, 4000, 'the item, priced through the page');
    expect(await requestCount('POST', '/v3/pages/demo-page/checkout/summary')).to.be.greaterThan(0);
    expect(await requestCount('POST', '/v3/stores/demo-store/public/checkout/summary')).to.equal(0);
    const picker = query<SvcLocationPicker>(el, 'svc-location-picker')!;
    await waitFor(() => (picker.shadowRoot?.querySelectorAll('#province option').length ?? 0) > 1, 4000, 'provinces');
    expect(await requestCount('GET', '/v3/pages/demo-page/locations/provinces')).to.be.greaterThan(0);
  });

  it('a subdistrict with one postal code gets it, and the destination is complete', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await waitFor(() => !!query(el, 'svc-location-picker'), 4000, 'the destination fields');
    const picker = query<SvcLocationPicker>(el, 'svc-location-picker')!;
    const pick = async (id: string, value: string) => {
      const select = () => picker.shadowRoot!.querySelector<HTMLSelectElement>(`#${id}`)!;
      await waitFor(() => [...select().options].some((o) => o.value === value), 4000, `${id} ${value}`);
      select().value = value;
      select().dispatchEvent(new Event('change', { bubbles: true }));
    };
    await pick('province', '32');
    await pick('city', '3273');
    await pick('subdistrict', String(DEST.location_id));
    await waitFor(() => storefront.$checkout.get().destination?.postal_code === DEST.postal_code, 4000, 'the single postal code');
    expect(picker.postalCode).to.equal(DEST.postal_code);
  });
});
