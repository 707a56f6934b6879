// The page runtime sends the buyer only to https (or loopback http) payment and order URLs. The real server never
// answers a hostile payment_url, so MSW rewrites the real order's answer (a fault injected on purpose).
import { expect } from '@open-wc/testing';
import { bypass, http, HttpResponse } from 'msw';
import { startWorker, worker } from '../support/msw.ts';
import { cleanUp, mount, newSvcPage } from './support.ts';

const FORM = `<form data-svc-checkout>
  <input type="hidden" data-svc-item="variant:109" value="1">
  <input data-svc-field="customer.name" value="Sari"><input data-svc-field="customer.phone" value="081211112222"><input type="email" data-svc-field="customer.email" value="sari@example.com">
  <select data-svc-field="payment_method"><option value="qris">QRIS</option></select>
  <p data-svc-error></p><p data-svc-status></p><button>Beli</button></form>
  <section data-svc-order hidden><a data-svc-order-link>Lihat pesanan</a></section>`;

describe('page runtime: where an order may send the buyer', () => {
  before(() => startWorker());
  afterEach(() => (worker.resetHandlers(), cleanUp()));

  for (const hostile of ['javascript:window.__svcHijacked=1', 'http://evil.example/pay']) {
    it(`never navigates to ${hostile} (payment_url and public_order_url)`, async () => {
      worker.use(http.post(`${location.origin}/v3/pages/demo-page/orders`, async ({ request }) => {
        const order = await (await fetch(bypass(request))).json();
        return HttpResponse.json({ ...order, payment_url: hostile, public_order_url: hostile }, { status: 201 });
      }));
      const root = mount(FORM);
      const form = root.querySelector('form')!;
      newSvcPage({ analytics: [] }).bind(form);
      const placed = new Promise<CustomEvent>((resolve) => form.addEventListener('svc-page-order', resolve as EventListener, { once: true }));
      form.requestSubmit();
      await placed;
      await new Promise((resolve) => setTimeout(resolve, 100)); // a navigation would have started by now
      const view = root.querySelector<HTMLElement>('[data-svc-order]')!;
      expect(view.hidden, 'the order is shown on the page instead').to.equal(false);
      expect(root.querySelector('a[data-svc-order-link]')!.hasAttribute('href'), 'no link to the hostile order URL').to.equal(false);
      expect((window as { __svcHijacked?: number }).__svcHijacked).to.equal(undefined);
    });
  }
});
