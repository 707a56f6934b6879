// <svc-location-picker> inside a page-runtime form: put on the page routes, its choice becomes the destination.
import { expect } from '@open-wc/testing';
import '../../../src/elements/location-picker/location-picker.ts';
import { requestCount, resetServerRequests } from '../support/server.ts';
import { cleanUp, mount, newSvcPage, waitFor } from './support.ts';

describe('page runtime: <svc-location-picker> in the form', () => {
  afterEach(cleanUp);

  it('switches the picker to page mode and prices the delivery to the subdistrict it picked', async () => {
    await resetServerRequests();
    const root = mount(`<form data-svc-checkout>
      <input type="hidden" data-svc-item="variant:106" value="1">
      <input data-svc-field="customer.name"><input data-svc-field="customer.phone">
      <svc-location-picker required></svc-location-picker>
      <div data-svc-shipping-options></div>
      <select data-svc-field="payment_method"><option value="bank_transfer">Transfer</option></select>
      <output data-svc-summary="shipping_cost">—</output></form>`);
    const picker = root.querySelector('svc-location-picker') as HTMLElement & { value: string; postalCode: string };
    newSvcPage({ analytics: [] }).bind(root.querySelector('form')!);
    expect(picker.getAttribute('page-id')).to.equal('demo-page');
    expect(picker.getAttribute('page-key')).to.equal('pgk_demo');
    await waitFor(async () => (await requestCount('GET', '/v3/pages/demo-page/locations/provinces')) > 0, 5000, 'the picker on the page routes');

    picker.value = '327302'; // as the buyer's choice would set it
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    const shipping = root.querySelector<HTMLElement>('[data-svc-shipping-options]')!;
    await waitFor(() => shipping.dataset.state === 'ready', 5000, 'shipping options to Coblong');
    await waitFor(() => root.querySelector('output')!.textContent !== '—', 5000, 'a shipping cost');
    expect(root.querySelector('output')!.textContent).to.match(/^Rp\s/);
  });
});
