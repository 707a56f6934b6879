import { expect } from '@open-wc/testing';
import { choose, cleanUp, mount, newSvcPage, waitFor } from './support.ts';
import './beside/svc-order-extras.js'; // the form's problems are svc-order-extras.js's (loaded by the runtime's tag)

/** Live feedback of the page runtime's checkout form: the same rules as `<svc-checkout>`. */
const FORM = `
<form data-svc-checkout data-svc-redirect="off">
  <input type="hidden" data-svc-item="variant:106" value="2">
  <input data-svc-field="customer.name" required><span data-svc-error-for="customer.name"></span>
  <input data-svc-field="customer.phone" required><span data-svc-error-for="customer.phone"></span>
  <input data-svc-field="customer.email" type="email"><span data-svc-error-for="customer.email"></span>
  <select data-svc-field="destination.province_id"><option value="">Provinsi</option></select>
  <select data-svc-field="destination.city_id"><option value="">Kota</option></select>
  <select data-svc-field="destination.location_id" required><option value="">Kecamatan</option></select>
  <select data-svc-field="destination.postal_code"><option value="">Kode pos</option></select>
  <textarea data-svc-field="destination.address" required></textarea>
  <div data-svc-shipping-options></div>
  <label><input type="radio" name="pay" data-svc-field="payment_method" value="bank_transfer" required> Transfer</label>
  <label><input type="radio" name="pay" data-svc-field="payment_method" value="cod"> COD</label>
  <span data-svc-error-for="payment_method"></span>
  <ul data-svc-summary-items></ul>
  <output data-svc-summary="shipping_cost">—</output><output data-svc-summary="gross_revenue">—</output>
  <button type="submit">Pesan</button>
</form>`;

const q = <T extends Element>(root: ParentNode, selector: string) => root.querySelector<T>(selector)!;
const field = <T extends Element = HTMLInputElement>(root: ParentNode, name: string) => q<T>(root, `[data-svc-field="${name}"]`);
const slot = (root: ParentNode, name: string) => q(root, `[data-svc-error-for="${name}"]`).textContent!;
const amount = (root: ParentNode, key: string) => Number(q(root, `[data-svc-summary="${key}"]`).textContent!.replace(/\D/g, '') || NaN);

/** One keystroke at a time (no `change` until the field is left). */
function keys(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  for (let i = 1; i <= value.length; i++) {
    input.value = value.slice(0, i);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
const leave = (input: HTMLElement) => input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));

async function chooseCoblong(root: HTMLElement) {
  await choose(field(root, 'destination.province_id'), '32');
  await choose(field(root, 'destination.city_id'), '3273');
  await choose(field(root, 'destination.location_id'), '327302');
}

describe('page runtime: live feedback of the checkout form', () => {
  afterEach(cleanUp);

  it('shows problems on submit and takes each away as soon as it is fixed', async () => {
    const root = mount(FORM);
    const form = q<HTMLFormElement>(root, 'form');
    newSvcPage({ analytics: [] }).bind(form);
    form.requestSubmit();
    for (const name of ['customer.name', 'customer.phone', 'payment_method']) expect(slot(root, name), name).to.not.equal('');
    expect(field(root, 'customer.name').getAttribute('aria-invalid')).to.equal('true');

    keys(field(root, 'customer.name'), 'Budi');
    expect(slot(root, 'customer.name')).to.equal('');
    expect(field(root, 'customer.name').hasAttribute('aria-invalid')).to.equal(false);
    keys(field(root, 'customer.phone'), '0812'); // no longer empty, not a phone number yet: the message says so
    expect(slot(root, 'customer.phone')).to.equal('Masukkan nomor HP yang valid, mis. 0812 3456 7890.');
    keys(field(root, 'customer.phone'), '0812 3456 7890');
    expect(slot(root, 'customer.phone')).to.equal('');
    q<HTMLInputElement>(root, 'input[value=bank_transfer]').click();
    expect(slot(root, 'payment_method')).to.equal('');
    expect(field(root, 'payment_method').hasAttribute('aria-invalid')).to.equal(false);
  });

  it('never while typing the first characters: on leaving the field', async () => {
    const root = mount(FORM);
    newSvcPage({ analytics: [] }).bind(q<HTMLFormElement>(root, 'form'));
    const email = field(root, 'customer.email');
    keys(email, 'budi@');
    expect(slot(root, 'customer.email')).to.equal('');
    expect(email.hasAttribute('aria-invalid')).to.equal(false);
    leave(email);
    expect(slot(root, 'customer.email')).to.not.equal('');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    keys(email, 'budi@example.com');
    expect(slot(root, 'customer.email')).to.equal('');
    // a field merely passed through says nothing
    leave(field(root, 'customer.name'));
    expect(slot(root, 'customer.name')).to.equal('');
  });

  it('picks a lone postal code, prices once destination and courier are known (no method yet), lists the items', async () => {
    const root = mount(FORM);
    newSvcPage({ analytics: [] }).bind(q<HTMLFormElement>(root, 'form'));
    // before any destination: the items are listed (a partial summary); shipping and total keep their placeholder
    await waitFor(() => root.querySelectorAll('[data-svc-summary-items] li').length === 1, 5000, 'the items before a destination');
    expect(q(root, '[data-svc-summary="gross_revenue"]').textContent).to.equal('—');
    await chooseCoblong(root);
    const postal = field<HTMLSelectElement>(root, 'destination.postal_code');
    await waitFor(() => postal.value !== '', 5000, 'the lone postal code picked');
    expect(postal.value).to.match(/^\d{5}$/);
    await waitFor(() => amount(root, 'gross_revenue') > 0, 5000, 'a total without a payment method');
    expect(amount(root, 'shipping_cost')).to.be.above(0);
    const items = [...root.querySelectorAll('[data-svc-summary-items] li')];
    expect(items).to.have.length(1);
    expect(q(items[0]!, '[data-svc-part=quantity]').textContent).to.equal('2 ×');
    expect(q(items[0]!, '[data-svc-part=unit-price]').textContent!.replace(/\s/g, ' ')).to.equal('Rp 85.000');
    expect(q(items[0]!, '[data-svc-part=line-total]').textContent!.replace(/\s/g, ' ')).to.equal('Rp 170.000');

    const withoutFee = amount(root, 'gross_revenue');
    q<HTMLInputElement>(root, 'input[value=cod]').click(); // cash on delivery adds its fee
    await waitFor(() => amount(root, 'gross_revenue') > withoutFee, 5000, 'the COD fee in the total');
  });
});
