// What page-runtime.js and svc-order-extras.js tell the buyer before and after the order: the COD fee as its own
// amount the moment COD is chosen, the store's fee named from the first summary, the e-mail a digital item needs
// (refused before any request, and in the page's words when a service that does not mark digital lines refuses
// it), and the order's state in words that fit the payment method.
import { expect } from '@open-wc/testing';
import { http, HttpResponse, bypass, passthrough } from 'msw';
import type { Summary } from '../../../src/contract/checkout.ts';
import { startWorker, worker } from '../support/msw.ts';
import { orderCount, requestCount, resetServerRequests } from '../support/server.ts';
import { choose, cleanUp, mount, newSvcPage, type, waitFor } from './support.ts';
import './beside/svc-order-extras.js';

const q = <T extends Element = HTMLElement>(root: ParentNode, selector: string) => root.querySelector<T>(selector)!;
const field = <T extends Element = HTMLInputElement>(root: ParentNode, name: string) => q<T>(root, `[data-svc-field="${name}"]`);
const messageOf = (control: Element) => (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  .map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
const amount = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** The latest summary the runtime announced on the form. */
function summaries(form: HTMLFormElement) {
  const seen: Summary[] = [];
  form.addEventListener('svc-page-summary', (e) => seen.push((e as CustomEvent<{ summary: Summary }>).detail.summary));
  return seen;
}

const ORDER_VIEW = `<section data-svc-order hidden>
  <span data-svc-order-state>Pesanan diterima</span>
  <p data-svc-if-payment="qris bank_transfer">Total yang perlu dibayar</p><p data-svc-if-payment="cod" hidden>Bayar ke kurir saat paket tiba</p>
</section>`;

describe('page runtime: fees, digital items and the order\'s state', () => {
  before(() => startWorker());
  afterEach(() => (worker.resetHandlers(), cleanUp()));

  it('names the store\'s fee from the first summary and the COD fee as its own amount as soon as COD is chosen', async () => {
    const root = mount(`<form data-svc-checkout data-svc-redirect="off">
      <input type="hidden" data-svc-item="variant:106" value="1">
      <input data-svc-field="customer.name"><input data-svc-field="customer.phone"><div data-svc-shipping-options></div>
      <label><input type="radio" name="pay" data-svc-field="payment_method" value="qris" checked> QRIS</label>
      <label><input type="radio" name="pay" data-svc-field="payment_method" value="cod"> COD</label>
      <dl><div data-svc-hide-zero><dt data-svc-summary="other_income_name">Biaya lain</dt><dd data-svc-summary="other_income"></dd></div>
      <div class="cod" data-svc-hide-zero><dt>termasuk biaya COD</dt><dd data-svc-summary="cod_fee"></dd></div></dl></form>`);
    const form = q<HTMLFormElement>(root, 'form');
    const seen = summaries(form);
    newSvcPage({ analytics: [] }).bind(form);
    await waitFor(() => seen.length > 0, 5000, 'the first summary');
    expect(seen[0]!.shipping_pending, 'before any destination').to.equal(true);
    expect(q(root, '[data-svc-summary="other_income_name"]').textContent).to.equal('Biaya layanan');
    expect(amount(q(root, '[data-svc-summary="other_income"]').textContent)).to.equal(2500);
    const codRow = q(root, '.cod');
    expect(codRow.hidden, 'no COD fee for QRIS').to.equal(true);

    q<HTMLInputElement>(root, 'input[value=cod]').click();
    await waitFor(() => !codRow.hidden, 5000, 'the COD fee line');
    const fee = seen.at(-1)!.cod_fee;
    expect(Number(fee)).to.be.above(0);
    expect(amount(q(root, '[data-svc-summary="cod_fee"]').textContent)).to.equal(Number(fee));

    q<HTMLInputElement>(root, 'input[value=qris]').click();
    await waitFor(() => codRow.hidden, 5000, 'the COD fee line gone with COD');
  });

  it('shows the COD fee when COD is picked while the couriers of another method are on their way', async () => {
    // the couriers asked before COD answer late: their cheapest (not a COD courier) must not be priced with COD
    let release!: () => void;
    const late = new Promise<void>((resolve) => (release = resolve));
    const held: unknown[] = [];
    worker.use(http.post(`${location.origin}/v3/pages/demo-page/checkout/shipping-options`, async ({ request }) => {
      const body = await request.clone().json() as { payment_method?: string; destination: { postal_code?: string } };
      if (body.payment_method !== 'cod') await (held.push(body.destination.postal_code), late);
      return passthrough();
    }));
    const root = mount(`<form data-svc-checkout data-svc-redirect="off">
      <input type="hidden" data-svc-item="variant:106" value="1">
      <input data-svc-field="customer.name"><input data-svc-field="customer.phone">
      <select data-svc-field="destination.province_id"><option value="">Provinsi</option></select>
      <select data-svc-field="destination.city_id"><option value="">Kota</option></select>
      <select data-svc-field="destination.location_id"><option value="">Kecamatan</option></select>
      <select data-svc-field="destination.postal_code"><option value="">Kode pos</option></select>
      <div data-svc-shipping-options></div>
      <label><input type="radio" name="pay" data-svc-field="payment_method" value="bank_transfer" checked> Transfer</label>
      <label><input type="radio" name="pay" data-svc-field="payment_method" value="cod"> COD</label>
      <div class="cod" data-svc-hide-zero><dd data-svc-summary="cod_fee"></dd></div></form>`);
    const form = q<HTMLFormElement>(root, 'form');
    const box = q(root, '[data-svc-shipping-options]');
    newSvcPage({ analytics: [] }).bind(form);
    await choose(field(root, 'destination.province_id'), '32');
    await choose(field(root, 'destination.city_id'), '3273');
    await choose(field(root, 'destination.location_id'), '327302');
    await waitFor(() => field<HTMLSelectElement>(root, 'destination.postal_code').value !== '', 5000, 'the lone postal code');
    await waitFor(() => held.includes(field<HTMLSelectElement>(root, 'destination.postal_code').value), 5000, 'the couriers asked for a transfer');
    await resetServerRequests();
    const seen = summaries(form);
    q<HTMLInputElement>(root, 'input[value=cod]').click();
    release();
    await waitFor(() => seen.some((s) => s.cod_fee && !s.shipping_pending), 5000, 'a summary priced with a COD courier');
    expect(box.dataset.state).to.equal('ready');
    expect(q(root, '.cod').hidden).to.equal(false);
    expect(amount(q(root, '[data-svc-summary="cod_fee"]').textContent)).to.equal(Number(seen.at(-1)!.cod_fee));
    expect(await requestCount('POST', '/v3/pages/demo-page/checkout/summary'), 'no summary of a courier COD does not offer').to.equal(1);
  });

  const DIGITAL = `<form data-svc-checkout data-svc-redirect="off">
    <label><input type="checkbox" data-svc-item value="variant:109"> E-book</label>
    <label>Nama <input data-svc-field="customer.name" value="Sari" required></label>
    <label>HP <input data-svc-field="customer.phone" value="081211112222" required></label>
    <label><span>E-mail <small data-svc-optional>(opsional)</small></span> <input data-svc-field="customer.email" type="email"></label>
    <label><input type="radio" name="pay" data-svc-field="payment_method" value="qris" checked> QRIS</label>
    <button>Beli</button><p data-svc-error hidden></p><p data-svc-status hidden></p>
  </form>${ORDER_VIEW}`;

  it('makes the e-mail required with its reason while a digital item is chosen, and refuses the order before any request', async () => {
    const root = mount(DIGITAL);
    const form = q<HTMLFormElement>(root, 'form');
    const seen = summaries(form);
    newSvcPage({ analytics: [] }).bind(form);
    const email = field(root, 'customer.email');
    const optional = q(root, '[data-svc-optional]');
    expect(email.required).to.equal(false);

    q<HTMLInputElement>(root, '[data-svc-item]').click();
    await waitFor(() => email.required, 5000, 'the e-mail required for the e-book');
    expect(seen.at(-1)!.items!.map((line) => line.item_type)).to.deep.equal(['digital']);
    expect(optional.hidden).to.equal(true);
    expect(messageOf(email)).to.equal('Wajib diisi: “E-book 100 Resep Nusantara” dikirim ke e-mail ini.');

    await resetServerRequests();
    form.requestSubmit();
    expect(messageOf(email)).to.equal('Wajib diisi: “E-book 100 Resep Nusantara” dikirim ke e-mail ini. Isi alamat e-mail.');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(document.activeElement).to.equal(email);
    expect(await requestCount('POST', '/v3/pages/demo-page/orders')).to.equal(0);

    q<HTMLInputElement>(root, '[data-svc-item]').click(); // no digital item any more: optional again, nothing to fix
    await waitFor(() => !email.required, 5000, 'the e-mail optional again');
    expect(optional.hidden).to.equal(false);
    expect(email.hasAttribute('aria-invalid')).to.equal(false);
    expect(messageOf(email)).to.equal('');
  });

  it('puts the service\'s email_required on the e-mail field in the page\'s words when the summary did not say', async () => {
    // a service whose summary lines do not carry item_type: the order's 400 is the first word of the rule
    worker.use(http.post(`${location.origin}/v3/pages/demo-page/checkout/summary`, async ({ request }) => {
      const summary = await (await fetch(bypass(request))).json() as Summary;
      return HttpResponse.json({ ...summary, items: summary.items?.map(({ item_type: _dropped, ...line }) => line) });
    }));
    const root = mount(DIGITAL);
    const form = q<HTMLFormElement>(root, 'form');
    const seen = summaries(form);
    newSvcPage({ analytics: [] }).bind(form);
    q<HTMLInputElement>(root, '[data-svc-item]').click();
    await waitFor(() => seen.some((s) => s.items?.length), 5000, 'a summary with the e-book');
    const email = field(root, 'customer.email');
    expect(email.required).to.equal(false);

    const orders = await orderCount();
    const failed = new Promise<CustomEvent>((resolve) => form.addEventListener('svc-page-error', resolve as EventListener, { once: true }));
    form.requestSubmit();
    const { detail } = await failed;
    expect([detail.error.status, detail.error.code]).to.deep.equal([400, 'email_required']);
    expect(messageOf(email)).to.equal('Isi e-mail: produk digital dikirim ke e-mail ini.');
    expect(document.activeElement).to.equal(email);
    expect(root.textContent).to.not.contain(detail.error.fields['customer.email']);
    expect(q(root, '[data-svc-error]').textContent).to.equal('Pesanan belum dibuat. Ada 1 isian yang perlu diperbaiki.');
    expect(await orderCount()).to.equal(orders);

    type(email, 'sari@example.com');
    expect(messageOf(email)).to.equal('');
    const placed = new Promise((resolve) => form.addEventListener('svc-page-order', resolve, { once: true }));
    form.requestSubmit();
    await placed;
    expect(await orderCount()).to.equal(orders + 1);
    // a QRIS order waits for its payment
    await waitFor(() => q(root, '[data-svc-order-state]').textContent === 'Menunggu pembayaran', 2000, 'the state words');
    expect(q(root, '[data-svc-if-payment="cod"]').hidden).to.equal(true);
    expect(q(root, '[data-svc-if-payment~="qris"]').hidden).to.equal(false);
  });

  it('says a COD order is being processed and paid on arrival, not "awaiting payment"', async () => {
    const root = mount(`<form data-svc-checkout data-svc-redirect="off">
      <input type="hidden" data-svc-item="variant:106" value="1">
      <input data-svc-field="customer.name" value="Budi"><input data-svc-field="customer.phone" value="081234567890">
      <select data-svc-field="destination.province_id"><option value="">Provinsi</option></select>
      <select data-svc-field="destination.city_id"><option value="">Kota</option></select>
      <select data-svc-field="destination.location_id"><option value="">Kecamatan</option></select>
      <select data-svc-field="destination.postal_code"><option value="">Kode pos</option></select>
      <textarea data-svc-field="destination.address">Jl. Dago No. 1</textarea>
      <div data-svc-shipping-options></div>
      <select data-svc-field="payment_method"><option value="cod">COD</option></select>
      <button>Pesan</button><p data-svc-error hidden></p>
    </form>${ORDER_VIEW}`);
    const form = q<HTMLFormElement>(root, 'form');
    newSvcPage({ analytics: [] }).bind(form);
    await choose(field(root, 'destination.province_id'), '32');
    await choose(field(root, 'destination.city_id'), '3273');
    await choose(field(root, 'destination.location_id'), '327302');
    await waitFor(() => field<HTMLSelectElement>(root, 'destination.postal_code').value !== '', 5000, 'the postal code');
    await waitFor(() => q(root, '[data-svc-shipping-options]').dataset.state === 'ready', 5000, 'COD couriers');
    const placed = new Promise((resolve) => form.addEventListener('svc-page-order', resolve, { once: true }));
    form.requestSubmit();
    await placed;
    await waitFor(() => !q(root, '[data-svc-order]').hidden, 2000, 'the order view');
    expect(q(root, '[data-svc-order-state]').textContent).to.equal('Diproses — bayar saat barang tiba');
    expect(q(root, '[data-svc-if-payment="cod"]').hidden).to.equal(false);
    expect(q(root, '[data-svc-if-payment~="qris"]').hidden).to.equal(true);
  });
});
