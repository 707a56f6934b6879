import { expect } from '@open-wc/testing';
import { orderCount } from '../support/server.ts';
import { choose, cleanUp, mount, newSvcPage, rowsFor, sleep, type, waitFor } from './support.ts';
import './beside/svc-order-extras.js'; // as the runtime's tag loads it beside itself on a page with a checkout form

const FORM = `
<form data-svc-checkout data-svc-redirect="off">
  <select data-svc-item>
    <option value="">Pilih varian</option>
    <option value="variant:106" data-content-id="SKU-106" selected>Putih / M</option>
    <option value="bundle_price_option:1">Paket Hemat</option>
  </select>
  <input type="number" data-svc-quantity value="2" min="1">
  <label><input type="checkbox" data-svc-item value="variant:109"> E-book</label>
  <input data-svc-field="customer.name" required>
  <input data-svc-field="customer.phone" required>
  <input data-svc-field="customer.email" type="email">
  <select data-svc-field="destination.province_id"><option value="">Provinsi</option></select>
  <select data-svc-field="destination.city_id"><option value="">Kota</option></select>
  <select data-svc-field="destination.location_id" required><option value="">Kecamatan</option></select>
  <select data-svc-field="destination.postal_code"><option value="">Kode pos</option></select>
  <textarea data-svc-field="destination.address" required></textarea>
  <div data-svc-shipping-options></div>
  <label><input type="radio" name="pay" data-svc-field="payment_method" value="bank_transfer" checked> Transfer</label>
  <label><input type="radio" name="pay" data-svc-field="payment_method" value="virtual_account"> VA</label>
  <select data-svc-field="sub_payment_method" data-svc-if-payment="virtual_account"><option value="bca">BCA</option></select>
  <input data-svc-field="discount_code"><button type="button" data-svc-apply-discount>Pakai</button>
  <p data-svc-discount-message></p>
  <dl>
    <dd data-svc-summary="product_price">—</dd>
    <div data-svc-hide-zero><dd data-svc-summary="discount_amount"></dd></div>
    <dd data-svc-summary="shipping_cost">—</dd>
    <dd data-svc-summary="gross_revenue">—</dd>
  </dl>
  <p data-svc-error hidden></p><p data-svc-status></p>
  <button type="submit">Pesan sekarang</button>
</form>
<section data-svc-order hidden>
  <b data-svc-order-field="gross_revenue"></b> <i data-svc-order-field="customer.name"></i>
  <ul data-svc-order-accounts></ul><a data-svc-order-link>Lihat pesanan</a>
</section>`;

const q = <T extends Element>(root: ParentNode, selector: string) => root.querySelector<T>(selector)!;
const field = <T extends Element>(root: ParentNode, name: string) => q<T>(root, `[data-svc-field="${name}"]`);
const summary = (root: ParentNode, key: string) => q(root, `[data-svc-summary="${key}"]`).textContent!.replace(/\s/g, ' ');

/** Fills the buyer's data and a Bandung (Coblong) address through the cascading selects. */
async function fillAddress(root: HTMLElement) {
  type(field(root, 'customer.name'), 'Budi Santoso');
  type(field(root, 'customer.phone'), '0812-3456-7890');
  type(field(root, 'customer.email'), 'Budi@Example.com ');
  await choose(field(root, 'destination.province_id'), '32');
  await choose(field(root, 'destination.city_id'), '3273');
  await choose(field(root, 'destination.location_id'), '327302');
  const postal = field<HTMLSelectElement>(root, 'destination.postal_code');
  await waitFor(() => postal.options.length > 1, 5000, 'postal codes');
  if (!postal.value) await choose(postal, postal.options[1]!.value);
  type(field(root, 'destination.address'), 'Jl. Dago No. 1');
}

describe('page runtime: the declarative checkout form', () => {
  afterEach(cleanUp);

  it('fills locations and shipping, prices the order, applies a code and places exactly one order', async () => {
    const root = mount(FORM);
    const form = q<HTMLFormElement>(root, 'form');
    const page = newSvcPage();
    page.bind(form);

    await fillAddress(root);
    const shipping = q<HTMLElement>(root, '[data-svc-shipping-options]');
    await waitFor(() => shipping.dataset.state === 'ready', 5000, 'shipping options');
    const radios = shipping.querySelectorAll<HTMLInputElement>('input[type=radio]');
    expect(radios.length).to.be.greaterThan(1);
    expect(radios[0]!.checked, 'the cheapest is preselected').to.equal(true);
    await waitFor(() => summary(root, 'gross_revenue') !== '—', 5000, 'a summary');
    expect(summary(root, 'product_price')).to.equal('Rp 170.000'); // 2 × Rp 85.000 (variant 106: other test files buy 101)
    expect(q<HTMLElement>(root, '[data-svc-hide-zero]').hidden, 'no discount yet').to.equal(true);

    // another courier: the summary follows
    const before = summary(root, 'shipping_cost');
    radios[radios.length - 1]!.click();
    await waitFor(() => summary(root, 'shipping_cost') !== before, 5000, 'new shipping cost');

    type(field(root, 'discount_code'), 'HEMAT10');
    q<HTMLButtonElement>(root, '[data-svc-apply-discount]').click();
    const message = q<HTMLElement>(root, '[data-svc-discount-message]');
    await waitFor(() => message.dataset.state === 'valid', 5000, 'discount accepted');
    await waitFor(() => summary(root, 'discount_amount') === 'Rp 17.000', 5000, 'discount in the summary');
    expect(q<HTMLElement>(root, '[data-svc-hide-zero]').hidden).to.equal(false);
    const total = summary(root, 'gross_revenue');

    const orders = await orderCount();
    const placed = new Promise<CustomEvent>((resolve) => form.addEventListener('svc-page-order', resolve as EventListener, { once: true }));
    form.requestSubmit();
    form.requestSubmit(); // a double click
    const { detail } = await placed;
    await sleep(200);
    expect(await orderCount()).to.equal(orders + 1);
    expect(detail.order.discount_code).to.equal('HEMAT10');
    expect(detail.order.customer).to.deep.equal({ name: 'Budi Santoso', phone: '0812-3456-7890', email: 'Budi@Example.com' }); // as typed, trimmed
    expect(detail.order.items.map((i: { variant_id: number; quantity: number }) => [i.variant_id, i.quantity])).to.deep.equal([[106, 2]]);
    expect(form.dataset.svcState).to.equal('done');
    expect(q<HTMLButtonElement>(root, 'button[type=submit]').disabled).to.equal(true);

    // no payment_url and redirect off: the order view replaces the form
    const view = q<HTMLElement>(root, '[data-svc-order]');
    expect(view.hidden).to.equal(false);
    expect(form.hidden).to.equal(true);
    expect(q(view, '[data-svc-order-field="gross_revenue"]').textContent!.replace(/\s/g, ' ')).to.equal(total);
    expect(q<HTMLAnchorElement>(view, 'a[data-svc-order-link]').href).to.equal(detail.order.public_order_url);
    expect(view.querySelectorAll('[data-svc-order-accounts] li').length, 'bank accounts of a transfer').to.be.greaterThan(0);

    // the Purchase reached the outbox once per provider, with the id derived from the order
    const purchases = async () => (await fetch('/__reference/outbox').then((r) => r.json())).events
      .filter((e: { payload: { event_name: string; custom_data?: { value?: number } } }) => e.payload.event_name === 'Purchase' && e.payload.custom_data?.value === Number(detail.order.gross_revenue));
    await waitFor(async () => (await purchases()).length === 3, 5000, 'three Purchase rows');
    const [row] = await purchases();
    expect(row.event_id).to.match(/^purchase_[0-9a-f]{32}$/);
    expect((await rowsFor(row.event_id)).map((r) => r.provider).sort()).to.deep.equal(['meta', 'snackvideo', 'tiktok']);
  });

  it('prices a digital product at once: no address, no shipping', async () => {
    const root = mount(`<form data-svc-checkout>
      <label><input type="radio" name="p" data-svc-item value="variant:109" checked> E-book</label>
      <input data-svc-field="customer.name"><input data-svc-field="customer.phone">
      <label><input type="radio" name="m" data-svc-field="payment_method" value="qris"> QRIS</label>
      <output data-svc-summary="shipping_cost">—</output><output data-svc-summary="gross_revenue">—</output></form>`);
    newSvcPage({ analytics: [] }).bind(q<HTMLFormElement>(root, 'form'));
    await waitFor(() => summary(root, 'gross_revenue') !== '—', 5000, 'a summary'); // priced before a method is picked
    expect([summary(root, 'shipping_cost'), summary(root, 'gross_revenue')]).to.deep.equal(['Rp 0', 'Rp 51.500']);
  });

  it('shows the payment channels of the chosen method only', async () => {
    const root = mount(FORM);
    newSvcPage().bind(q<HTMLFormElement>(root, 'form'));
    const sub = field<HTMLSelectElement>(root, 'sub_payment_method');
    expect(sub.hidden && sub.disabled).to.equal(true);
    q<HTMLInputElement>(root, 'input[value=virtual_account]').click();
    expect(sub.hidden || sub.disabled).to.equal(false);
  });

  it('puts the server\'s field errors on the fields, in the page\'s language, and lets the buyer submit again', async () => {
    const root = mount(FORM);
    const form = q<HTMLFormElement>(root, 'form');
    newSvcPage().bind(form);
    await fillAddress(root);
    type(field(root, 'customer.email'), 'budi@example.c'); // the page's checks pass it, the server's refuse it
    await waitFor(() => q<HTMLElement>(root, '[data-svc-shipping-options]').dataset.state === 'ready', 5000, 'shipping options');
    const orders = await orderCount();
    const failed = new Promise<CustomEvent>((resolve) => form.addEventListener('svc-page-error', resolve as EventListener, { once: true }));
    form.requestSubmit();
    const { detail } = await failed;
    expect(detail.error.status).to.equal(400);
    const email = field<HTMLInputElement>(root, 'customer.email');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    const message = document.getElementById(email.getAttribute('aria-describedby')!)!;
    expect(message.textContent).to.equal('Masukkan alamat e-mail yang valid, mis. nama@email.com.'); // not the server's English
    expect(q(root, '[data-svc-error]').textContent).to.equal('Pesanan belum dibuat. Ada 1 isian yang perlu diperbaiki.');
    expect(await orderCount()).to.equal(orders);

    type(email, 'budi@example.com'); // fixing it clears the error
    expect(email.hasAttribute('aria-invalid')).to.equal(false);
    expect(message.textContent).to.equal('');
    expect(q<HTMLElement>(root, '[data-svc-error]').hidden).to.equal(true);
    expect(form.dataset.svcState).to.equal('error');
    const placed = new Promise((resolve) => form.addEventListener('svc-page-order', resolve, { once: true }));
    form.requestSubmit();
    await placed;
    expect(await orderCount()).to.equal(orders + 1);
  });

  it('does not send an incomplete form, and a vetoed request sends nothing', async () => {
    const root = mount(FORM);
    const form = q<HTMLFormElement>(root, 'form');
    newSvcPage().bind(form);
    let requests = 0;
    form.addEventListener('svc-page-checkout-request', (event) => (requests++, event.preventDefault()));
    form.requestSubmit(); // name, phone, address missing
    await sleep(100);
    expect(requests).to.equal(0);
    await fillAddress(root);
    await waitFor(() => q<HTMLElement>(root, '[data-svc-shipping-options]').dataset.state === 'ready', 5000, 'shipping options');
    const orders = await orderCount();
    form.requestSubmit();
    await sleep(300);
    expect(requests).to.equal(1);
    expect(await orderCount()).to.equal(orders);
    expect(form.dataset.svcState ?? '').to.equal('');
  });

  it('names the element in a console diagnostic for misconfigured markup', async () => {
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const root = mount(`<form data-svc-checkout>
        <input data-svc-field="custmer.name"><select data-svc-item><option value="varian:1" selected>x</option></select>
        <output data-svc-summary="total"></output></form>`);
      const page = newSvcPage();
      page.bind(q<HTMLFormElement>(root, 'form'));
      const text = errors.map((args) => String(args[0])).join('\n');
      expect(text).to.contain('<input data-svc-field="custmer.name">: unknown data-svc-field');
      expect(text).to.contain('<output data-svc-summary="total">: unknown data-svc-summary');
      expect(text).to.contain('has no data-svc-field="customer.phone"');
      expect(text).to.contain('item "varian:1" must be variant:<id>');
      expect(errors.find((args) => String(args[0]).includes('custmer'))![1]).to.equal(root.querySelector('[data-svc-field]'));
    } finally {
      console.error = original;
    }
  });
});
