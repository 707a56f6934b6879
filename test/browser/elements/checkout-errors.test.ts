import { expect, html } from '@open-wc/testing';
import { bypass, http, HttpResponse, passthrough } from 'msw';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import { clearStorage, orderCount, PAGE, requestCount, resetServerRequests, STORE } from '../support/server.ts';
import { keepConsole } from '../support/console.ts';
import { startWorker, worker } from '../support/msw.ts';
import { choose, fillCheckout, mount, query, textOf, waitFor } from './helpers.ts';

/**
 * No message of the service reaches a buyer: each error code it can send, forced on an Indonesian page (by the
 * reference server itself where it can produce it, the request rewritten on its way; by MSW for the rest), shows a
 * sentence in Indonesian that says what to do, naming the field, and never the service's English message. A failed
 * "Buat pesanan" says whether an order may exist; "Coba lagi" then sends the same attempt.
 */

const ORDER = `${location.origin}/v3/stores/demo-store/public/checkout`;
const submit = (el: SvcCheckout) => query<HTMLFormElement>(el, 'form')!.requestSubmit();
type Body = Record<string, unknown>;

/** The order request with `change` applied on its way, answered by the reference server. */
const rewritten = (change: (body: Body) => Body) => http.post(ORDER, async ({ request }) => {
  const body = change((await request.clone().json()) as Body);
  return fetch(bypass(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) }));
}, { once: true });
/** The order request answered with `status` and the service's error body (or text). */
const refused = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  http.post(ORDER, () => HttpResponse.json({ error: { code, message, ...(fields && { fields }) } }, { status }), { once: true });

/** A guest cart with a T-shirt, filled in, paying by bank transfer: ready to place, on an Indonesian page. */
async function ready() {
  const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang: 'id' });
  await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
  await fillCheckout(el);
  choose(el, 'payment-method', 'Transfer bank');
  await waitFor(() => !query(el, '[part~=total] [part~=total-note]') && !!query(el, '[part~=totals][aria-busy=false]'), 4000, 'the total');
  return el;
}

/** Places the order; resolves with everything the buyer reads once it failed. */
async function placeAndRead(el: SvcCheckout) {
  const failed = new Promise((resolve) => el.addEventListener('svc-error', resolve, { once: true }));
  submit(el);
  await failed;
  await el.updateComplete;
  return textOf(el);
}

const CASES: Array<{ code: string; english: string; force: () => ReturnType<typeof http.post>; says: string | RegExp; field?: string }> = [
  { code: 'validation_error', english: 'Postal code 99999 is not in',
    force: () => rewritten((b) => ({ ...b, destination: { ...(b.destination as Body), postal_code: '99999' } })),
    says: 'Pilih kode pos yang ada di kecamatan ini.', field: 'location' },
  { code: 'out_of_stock', english: 'left in stock',
    force: () => rewritten((b) => ({ ...b, items: [{ type: 'variant', variant_id: 102, quantity: 999 }] })),
    says: /^Pesanan belum dibuat\. Stok tidak mencukupi\. Kurangi jumlah/ },
  { code: 'payment_method_not_allowed', english: 'Cash on delivery needs something to deliver',
    force: () => rewritten((b) => ({ ...b, items: [{ type: 'variant', variant_id: 109, quantity: 1 }], payment_method: 'cod' })),
    says: 'Metode pembayaran ini tidak bisa dipakai untuk pesanan ini. Pilih metode lain.', field: 'method' },
  { code: 'email_required', english: 'An e-mail address is required',
    force: () => rewritten((b) => ({ ...b, items: [{ type: 'variant', variant_id: 109, quantity: 1 }], customer: { name: 'Siti', phone: '081234567890' } })),
    says: 'E-mail wajib diisi: produk digital dikirim ke e-mail ini.', field: 'email' },
  { code: 'idempotency_conflict', english: 'already used with a different request',
    // the key went out first with other notes: the reference server refuses the same key for this request
    force: () => http.post(ORDER, async ({ request }) => {
      const body = (await request.clone().json()) as Body;
      await fetch(bypass(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify({ ...body, notes: 'lain' }) }));
      return fetch(bypass(request));
    }, { once: true }),
    says: 'Pesanan belum dibuat. Pesanan ini sudah pernah dikirim dengan isian lain.' },
  { code: 'rate_limited', english: 'Too Many Requests',
    force: () => http.post(ORDER, () => new HttpResponse('Too Many Requests', { status: 429, headers: { 'Retry-After': '120' } }), { once: true }),
    says: 'Pesanan belum dibuat. Terlalu banyak permintaan. Tunggu sebentar, lalu coba lagi.' },
  { code: 'not_found', english: 'Cart not found', force: () => refused(404, 'not_found', 'Cart not found'), says: 'Data tidak ditemukan. Muat ulang halaman.' },
  { code: 'unauthorized', english: 'Missing credentials', force: () => refused(401, 'unauthorized', 'Missing credentials'), says: 'Sesi Anda sudah berakhir.' },
  { code: 'forbidden', english: 'Not allowed here', force: () => refused(403, 'forbidden', 'Not allowed here'), says: 'Anda tidak punya akses untuk ini.' },
  { code: 'origin_not_allowed', english: 'Origin is not allowed', force: () => refused(403, 'origin_not_allowed', 'Origin is not allowed'),
    says: 'Situs ini belum diizinkan oleh toko.' },
  { code: 'payload_too_large', english: 'Body too large', force: () => refused(413, 'payload_too_large', 'Body too large'), says: 'Isian terlalu panjang.' },
  { code: 'store_not_found', english: 'Store not found', force: () => refused(404, 'store_not_found', 'Store not found'),
    says: 'Toko ini sedang tidak menerima pesanan. Hubungi penjual.' },
  { code: 'internal_error', english: 'Internal error', force: () => refused(500, 'internal_error', 'Internal error'),
    says: 'pesanan Anda mungkin sudah dibuat, mungkin juga belum' },
  { code: 'an unknown code, naming a known field', english: 'Phone is blocked',
    force: () => refused(400, 'phone_blocked', 'Phone is blocked', { 'customer.phone': 'Phone is blocked' }),
    says: 'Masukkan nomor HP yang valid, mis. 0812 3456 7890.', field: 'phone' },
  { code: 'an unknown code and field', english: 'Weird thing', force: () => refused(400, 'weird', 'Weird thing', { 'customer.nickname': 'Weird thing' }),
    says: 'Pesanan belum dibuat. Periksa kembali: Kontak.' },
];

describe('<svc-checkout> errors in the page\'s language', () => {
  // the client's help for the developer when the store or the page is not found, once per client
  const kept = keepConsole([/^\[svc\] "Store not found" for store "demo-store"/, /^\[svc\] "Page not found" for page "demo-page"/]);
  before(() => startWorker());
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });
  afterEach(() => worker.resetHandlers());

  for (const { code, english, force, says, field } of CASES) {
    it(`${code}: said in Indonesian${field ? ` on the ${field} field` : ''}, never "${english}"`, async () => {
      const el = await ready();
      worker.use(force());
      const seen = await placeAndRead(el);
      expect(seen).to.not.include(english);
      const shown = textOf(query(el, field ? `#${field}-error` : '[part~=error]'));
      if (typeof says === 'string') expect(shown).to.include(says);
      else expect(shown).to.match(says);
      if (field) expect(textOf(query(el, '[part~=error]'))).to.equal('Pesanan belum dibuat. Periksa kembali isian yang ditandai.');
    });
  }

  it('invalid_state when the payment is created: said in Indonesian under the placed order', async () => {
    const el = await ready();
    worker.use(http.post(`${ORDER.replace('/checkout', '')}/orders/:slug/payment`, () =>
      HttpResponse.json({ error: { code: 'invalid_state', message: 'This order has no virtual-account bank' } }, { status: 400 }), { once: true }));
    const seen = await placeAndRead(el);
    expect(seen).to.not.include('virtual-account bank');
    expect(textOf(query(el, '[part~=confirmation] [part~=error]'))).to.include('Pesanan ini tidak bisa diubah atau dibayar lagi.');
  });

  it('a store or page that is not found: the checkout says so in Indonesian where it loads', async () => {
    for (const content of [html`<svc-checkout items='[{"type":"variant","variant_id":101,"quantity":1}]'></svc-checkout>`,
      html`<svc-checkout page-id=${PAGE.id} page-key="pgk_wrong" base-url=${location.origin} payment-methods="bank_transfer"
        items='[{"type":"variant","variant_id":101,"quantity":1}]'></svc-checkout>`]) {
      const { element: el } = await mount<SvcCheckout>(content, { lang: 'id', store: { id: STORE.id, key: 'sfk_wrong' } });
      await waitFor(() => /tidak menerima pesanan/.test(textOf(el)), 4000, 'the refusal, said');
      expect(textOf(el)).to.not.match(/not found/i);
    }
    await kept.printed(/^\[svc\] "Store not found" for store "demo-store"/);
  });

  it('no answer after the service made the order: "may or may not", and "Coba lagi" gets that order back, never a second', async () => {
    const el = await ready();
    const before = await orderCount();
    const keys: string[] = [];
    worker.use(http.post(ORDER, async ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      if (keys.length > 1) return passthrough();
      await fetch(bypass(request)); // the service makes the order; its answer is lost
      return HttpResponse.error();
    }));
    const seen = await placeAndRead(el);
    expect(seen).to.include('Toko belum menjawab, jadi pesanan Anda mungkin sudah dibuat, mungkin juga belum.');
    expect(await orderCount()).to.equal(before + 1);
    query<HTMLButtonElement>(el, '[part~=retry]')!.click();
    await waitFor(() => !!query(el, '[part~=confirmation]'), 6000, 'the order, from the retry');
    expect(keys).to.have.length(2);
    expect(keys[1]).to.equal(keys[0]);
    expect(await orderCount()).to.equal(before + 1);
    expect(await requestCount('POST', '/v3/stores/demo-store/public/checkout')).to.equal(2); // the first and the retry
  });

  it('a refusal says no order was made and what to fix; the fixed order then goes through', async () => {
    const el = await ready();
    worker.use(rewritten((b) => ({ ...b, destination: { ...(b.destination as Body), postal_code: '99999' } })));
    await placeAndRead(el);
    expect(textOf(query(el, '[part~=error]'))).to.equal('Pesanan belum dibuat. Periksa kembali isian yang ditandai.');
    expect(query(el, '[part~=retry]')).to.equal(null);
    const before = await orderCount();
    submit(el);
    await waitFor(() => !!query(el, '[part~=confirmation]'), 6000, 'the order');
    expect(await orderCount()).to.equal(before + 1);
  });
});
