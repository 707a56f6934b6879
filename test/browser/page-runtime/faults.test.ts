// Faults the real server cannot produce on demand (MSW): malformed answers, plain-text 429, lost connections.
import { expect } from '@open-wc/testing';
import { bypass, http, HttpResponse, passthrough } from 'msw';
import { ApiError, ContractError, NetworkError } from '../../../src/client/errors.ts';
import { startWorker, worker } from '../support/msw.ts';
import { faultRequests, orderCount, serverFault } from '../support/server.ts';
import { cleanUp, mount, newSvcPage, rowsFor, waitFor } from './support.ts';

const url = (path: string) => `${location.origin}/v3/pages/demo-page${path}`;
const EBOOK = [{ type: 'variant' as const, variant_id: 109, quantity: 1 }];
const ORDER = { customer: { name: 'Sari', phone: '081211112222', email: 'sari@example.com' }, items: EBOOK, payment_method: 'qris' };

/** The first `times` matching requests get `fault`; later ones reach the server. Returns what each carried. */
function faultThenPass(path: string, times: number, fault: () => Response) {
  const seen: Request[] = [];
  worker.use(http.post(url(path), ({ request }) => (seen.push(request.clone()), seen.length <= times ? fault() : passthrough())));
  return seen;
}

describe('page runtime: faults', () => {
  before(() => startWorker());
  afterEach(() => (worker.resetHandlers(), cleanUp()));

  it('refuses a 2xx answer of the wrong shape with ContractError', async () => {
    worker.use(http.post(url('/checkout/summary'), () => HttpResponse.json({ total: 'lots' })));
    const error = await newSvcPage({ analytics: [] }).getSummary({ items: EBOOK, payment_method: 'qris' }).catch((e) => e);
    expect(error).to.be.instanceOf(ContractError);
  });

  it('waits out a plain-text 429 for an idempotent order, and never repeats one without a key', async () => {
    const page = newSvcPage({ analytics: [] });
    const seen = faultThenPass('/orders', 1, () => new HttpResponse('slow down', { status: 429, headers: { 'Retry-After': '1' } }));
    const started = performance.now();
    const order = await page.placeOrder(ORDER, { idempotencyKey: `faults-${Date.now()}` });
    expect(order.secret_slug).to.be.a('string');
    expect(performance.now() - started).to.be.at.least(990);
    expect(seen).to.have.length(2);

    worker.resetHandlers();
    const again = faultThenPass('/orders', 1, () => new HttpResponse('slow down', { status: 429 }));
    const error = await page.placeOrder(ORDER).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect([error.status, error.code, error.message]).to.deep.equal([429, 'rate_limited', 'slow down']);
    expect(again).to.have.length(1);
  });

  it('retries a conversion event that could not be delivered, without holding up anything', async () => {
    // Conversion events are keepalive fetches, which Firefox sends around the service worker: MSW never sees them
    // there, so the test server makes the fault. 503 three times: the request's own retries (two) give up, and the
    // event queue sends the event again 2 s later.
    const path = '/v3/pages/demo-page/analytics/meta/events';
    await serverFault('POST', path, 503, 3);
    const page = newSvcPage({ analytics: [{ provider: 'meta', kind: 'meta' }] });
    const id = page.track('AddToCart', { content_ids: ['variant:101'] });
    await waitFor(async () => (await rowsFor(id)).length === 1, 12_000, 'the retried event');
    const seen = await faultRequests('POST', path);
    expect(seen.map((r) => r.faulted)).to.deep.equal([true, true, true, false]);
    expect(seen.every((r) => r.idempotencyKey === `event-${id}`)).to.equal(true);
  });

  it('keeps the idempotency key when a lost answer makes the buyer submit again: one order', async () => {
    const root = mount(`<form data-svc-checkout data-svc-redirect="off">
      <input type="hidden" data-svc-item="variant:109" value="1">
      <input data-svc-field="customer.name" value="Sari"><input data-svc-field="customer.phone" value="081211112222"><input type="email" data-svc-field="customer.email" value="sari@example.com">
      <select data-svc-field="payment_method"><option value="qris">QRIS</option></select>
      <p data-svc-error></p><p data-svc-status></p><button>Beli</button></form>`);
    const form = root.querySelector('form')!;
    newSvcPage({ analytics: [] }).bind(form);
    // the order is created, but the answer never reaches the page
    const seen: Request[] = [];
    worker.use(http.post(url('/orders'), async ({ request }) => {
      seen.push(request.clone());
      const response = await fetch(bypass(request));
      return seen.length === 1 ? (await response.text(), HttpResponse.error()) : response;
    }));
    const orders = await orderCount();
    const failed = new Promise<CustomEvent>((resolve) => form.addEventListener('svc-page-error', resolve as EventListener, { once: true }));
    form.requestSubmit();
    expect((await failed).detail.error).to.be.instanceOf(NetworkError);
    expect(root.querySelector('[data-svc-error]')!.textContent).to.equal('Koneksi terputus. Coba lagi.');
    expect(await orderCount()).to.equal(orders + 1);

    const placed = new Promise<CustomEvent>((resolve) => form.addEventListener('svc-page-order', resolve as EventListener, { once: true }));
    form.requestSubmit();
    await placed;
    expect(await orderCount(), 'the replay answered with the first order').to.equal(orders + 1);
    expect(seen[1]!.headers.get('Idempotency-Key')).to.equal(seen[0]!.headers.get('Idempotency-Key'));
  });
});
