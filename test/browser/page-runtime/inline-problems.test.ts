// The checkout form's problems as svc-order-extras.js shows them (page-runtime.js sets `novalidate`): one message
// per field next to it in the page's language, aria-invalid and aria-describedby, focus on the first on submit, the
// elements' phone and e-mail rules, and the server's field errors in the same words.
import { expect } from '@open-wc/testing';
import { orderCount, requestCount, resetServerRequests } from '../support/server.ts';
import { choose, cleanUp, mount, newSvcPage, type, waitFor } from './support.ts';
import './beside/svc-order-extras.js';

/** Author markup as the demo writes it: controls inside their labels, no message slots of its own. */
const FORM = `
<form data-svc-checkout data-svc-redirect="off">
  <label>Produk <select data-svc-item required><option value="">Pilih</option><option value="variant:106">Putih / M</option></select></label>
  <label>Jumlah <input type="number" data-svc-quantity value="1" min="1" max="20"></label>
  <label>Nama <input data-svc-field="customer.name" required></label>
  <label>No. WhatsApp <input data-svc-field="customer.phone" type="tel" required></label>
  <label>E-mail <input data-svc-field="customer.email" type="email"></label>
  <label>Provinsi <select data-svc-field="destination.province_id" required><option value="">Provinsi</option></select></label>
  <label>Kota <select data-svc-field="destination.city_id" required><option value="">Kota</option></select></label>
  <label>Kecamatan <select data-svc-field="destination.location_id" required><option value="">Kecamatan</option></select></label>
  <label>Kode pos <select data-svc-field="destination.postal_code" required><option value="">Kode pos</option></select></label>
  <label>Alamat <textarea data-svc-field="destination.address" required></textarea></label>
  <div data-svc-shipping-options></div>
  <div class="methods">
    <label><input type="radio" name="pay" data-svc-field="payment_method" value="bank_transfer" required> Transfer</label>
    <label><input type="radio" name="pay" data-svc-field="payment_method" value="qris"> QRIS</label>
  </div>
  <output data-svc-summary="gross_revenue">—</output>
  <button type="submit">Pesan</button>
  <p data-svc-error hidden></p><p data-svc-status hidden></p>
</form>`;

const q = <T extends Element = HTMLElement>(root: ParentNode, selector: string) => root.querySelector<T>(selector)!;
const field = <T extends Element = HTMLInputElement>(root: ParentNode, name: string) => q<T>(root, `[data-svc-field="${name}"]`);
/** The message a control is described by (what a screen reader reads with it). */
const messageOf = (control: Element) => (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  .map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
const invalid = (control: Element) => control.getAttribute('aria-invalid') === 'true';

function keys(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  for (let i = 1; i <= value.length; i++) {
    input.value = value.slice(0, i);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
const leave = (input: HTMLElement) => input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));

function bound(html = FORM) {
  const root = mount(html);
  const form = q<HTMLFormElement>(root, 'form');
  newSvcPage({ analytics: [] }).bind(form);
  return { root, form };
}

async function fillAll(root: HTMLElement) {
  await choose(q<HTMLSelectElement>(root, '[data-svc-item]'), 'variant:106');
  type(field(root, 'customer.name'), 'Budi Santoso');
  type(field(root, 'customer.phone'), '0812 3456 7890');
  await choose(field(root, 'destination.province_id'), '32');
  await choose(field(root, 'destination.city_id'), '3273');
  await choose(field(root, 'destination.location_id'), '327302');
  const postal = field<HTMLSelectElement>(root, 'destination.postal_code');
  await waitFor(() => postal.value !== '', 5000, 'the lone postal code');
  type(field(root, 'destination.address'), 'Jl. Dago No. 1');
  q<HTMLInputElement>(root, 'input[value=qris]').click();
  await waitFor(() => q(root, '[data-svc-shipping-options]').dataset.state === 'ready', 5000, 'shipping options');
}

describe('page runtime: inline problems in the page\'s language', () => {
  afterEach(cleanUp);

  it('takes over from the browser\'s bubbles: novalidate, one localized message per field, focus on the first', async () => {
    const { root, form } = bound();
    expect(form.noValidate).to.equal(true);
    await resetServerRequests();
    form.requestSubmit();

    const expected: Record<string, string> = {
      'customer.name': 'Isi nama penerima.',
      'customer.phone': 'Isi nomor HP/WhatsApp.',
      'destination.province_id': 'Pilih provinsi.',
      'destination.city_id': 'Pilih kota/kabupaten.',
      'destination.location_id': 'Pilih kecamatan.',
      'destination.postal_code': 'Pilih kode pos.',
      'destination.address': 'Isi alamat lengkap.',
      payment_method: 'Pilih cara pembayaran.',
    };
    for (const [name, message] of Object.entries(expected)) {
      expect(messageOf(field(root, name)), name).to.equal(message);
      expect(invalid(field(root, name)), name).to.equal(true);
    }
    expect(messageOf(q(root, '[data-svc-item]'))).to.equal('Pilih produk terlebih dahulu.');
    expect(invalid(field(root, 'customer.email')), 'an optional e-mail left empty').to.equal(false);
    // the message sits beside its field, and is its description rather than part of its name
    const nameMessage = document.getElementById(field(root, 'customer.name').getAttribute('aria-describedby')!)!;
    expect(nameMessage.parentElement).to.equal(field(root, 'customer.name').closest('label'));
    expect(nameMessage.getAttribute('aria-hidden')).to.equal('true');
    // a group of radios: one message after the group, every radio described by it
    const radios = root.querySelectorAll('[data-svc-field="payment_method"]');
    expect(q(root, '.methods').nextElementSibling!.textContent).to.equal('Pilih cara pembayaran.');
    expect([...radios].every((radio) => invalid(radio) && messageOf(radio) === 'Pilih cara pembayaran.')).to.equal(true);

    expect(document.activeElement).to.equal(q(root, '[data-svc-item]'));
    expect(q(root, '[data-svc-error]').textContent).to.equal('Ada 9 isian yang perlu diperbaiki.');
    expect(await requestCount('POST', '/v3/pages/demo-page/orders')).to.equal(0);
  });

  it('refuses "0812" and a half-typed e-mail on leaving the field, never while typing, and clears each once fixed', async () => {
    const { root } = bound();
    const phone = field(root, 'customer.phone');
    keys(phone, '0812');
    expect(invalid(phone), 'while typing').to.equal(false);
    leave(phone);
    expect(messageOf(phone)).to.equal('Masukkan nomor HP yang valid, mis. 0812 3456 7890.');
    keys(phone, '0812 3456 78'); // fixed while typing: gone at once
    expect(invalid(phone)).to.equal(false);
    expect(messageOf(phone)).to.equal('');

    const email = field(root, 'customer.email');
    keys(email, 'budi@example');
    expect(invalid(email)).to.equal(false);
    leave(email);
    expect(messageOf(email)).to.equal('Masukkan alamat e-mail yang valid, mis. nama@email.com.');
    keys(email, 'budi@example.com');
    expect(messageOf(email)).to.equal('');

    const quantity = q<HTMLInputElement>(root, '[data-svc-quantity]');
    keys(quantity, '25');
    leave(quantity);
    expect(messageOf(quantity)).to.equal('Isi angka 1–20.');
    keys(quantity, '2');
    expect(invalid(quantity)).to.equal(false);

    // a field merely passed through says nothing; a choice says at once
    leave(field(root, 'customer.name'));
    expect(invalid(field(root, 'customer.name'))).to.equal(false);
    const province = field<HTMLSelectElement>(root, 'destination.province_id');
    await choose(province, '32');
    await choose(province, '');
    expect(messageOf(province)).to.equal('Pilih provinsi.');
  });

  it('speaks English on an English page', async () => {
    const { root, form } = bound(FORM.replace('<form ', '<form lang="en" '));
    form.requestSubmit();
    expect(messageOf(field(root, 'customer.name'))).to.equal('Enter the recipient’s name.');
    expect(messageOf(field(root, 'destination.location_id'))).to.equal('Choose a subdistrict.');
    keys(field(root, 'customer.phone'), '0812');
    expect(messageOf(field(root, 'customer.phone'))).to.equal('Enter a valid phone number, e.g. 0812 3456 7890.');
    expect(q(root, '[data-svc-error]').textContent).to.equal('9 fields need your attention.');
  });

  it('writes into the author\'s [data-svc-error-for] when there is one, and places the order once all is fixed', async () => {
    const { root, form } = bound(FORM.replace('<label>Alamat', '<p data-svc-error-for="destination.address"></p><label>Alamat'));
    form.requestSubmit();
    const slot = q(root, '[data-svc-error-for="destination.address"]');
    expect(slot.textContent).to.equal('Isi alamat lengkap.');
    expect(field(root, 'destination.address').getAttribute('aria-describedby')).to.equal(slot.id);

    await fillAll(root);
    expect(root.querySelectorAll('[aria-invalid="true"]')).to.have.length(0);
    expect(slot.textContent).to.equal('');
    expect(q(root, '[data-svc-error]').hidden, 'the sum of problems goes with the last one').to.equal(true);
    const orders = await orderCount();
    const placed = new Promise((resolve) => form.addEventListener('svc-page-order', resolve, { once: true }));
    form.requestSubmit();
    await placed;
    expect(await orderCount()).to.equal(orders + 1);
  });

  it('puts the server\'s refusal of a field on it in the page\'s words, never the server\'s English', async () => {
    const { root, form } = bound();
    await fillAll(root);
    type(field(root, 'customer.email'), 'budi@example.c'); // passes the page's rule, not the server's
    const failed = new Promise<CustomEvent>((resolve) => form.addEventListener('svc-page-error', resolve as EventListener, { once: true }));
    form.requestSubmit();
    const { detail } = await failed;
    expect(detail.error.fields).to.have.property('customer.email');
    const email = field(root, 'customer.email');
    expect(messageOf(email)).to.equal('Masukkan alamat e-mail yang valid, mis. nama@email.com.');
    expect(document.activeElement).to.equal(email);
    expect(root.textContent).to.not.contain(detail.error.fields['customer.email']);
    expect(root.textContent).to.not.match(/invalid|valid e-mail address/i);
    expect(q(root, '[data-svc-error]').textContent).to.equal('Pesanan belum dibuat. Ada 1 isian yang perlu diperbaiki.');
  });
});
