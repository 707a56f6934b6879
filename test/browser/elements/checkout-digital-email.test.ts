import { expect, html } from '@open-wc/testing';
import { bypass, http, HttpResponse } from 'msw';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import { clearStorage, requestCount, resetServerRequests } from '../support/server.ts';
import { startWorker, worker } from '../support/msw.ts';
import { choose, fillCheckout, mount, query, textOf, type, waitFor } from './helpers.ts';

/** `<svc-checkout>` and digital goods: the e-mail required, with its reason, before and after the service says so. */

const STORE_PATH = `${location.origin}/v3/stores/demo-store/public`;
const submit = (el: SvcCheckout) => query<HTMLFormElement>(el, 'form')!.requestSubmit();
const cartCheckout = async (lang = 'id') => {
  const { storefront, element } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang });
  await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
  return { storefront, el: element };
};

describe('<svc-checkout>: the e-mail of digital goods', () => {
  before(() => startWorker());
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });
  afterEach(() => worker.resetHandlers());

  it('digital goods: the e-mail is required with its reason, and optional (said so) otherwise', async () => {
    const { el: physical } = await cartCheckout();
    await waitFor(() => !!query(physical, '#email'), 4000, 'the form');
    expect(textOf(query(physical, 'label[for=email]'))).to.equal('E-mail (opsional)');

    const digital = (await mount<SvcCheckout>(html`<svc-checkout shipping="none" items='[{"type":"variant","variant_id":109,"quantity":1}]'></svc-checkout>`,
      { lang: 'id' })).element;
    await waitFor(() => textOf(query(digital, '#email-hint')) === 'E-book 100 Resep Nusantara dikirim ke e-mail ini.', 4000, 'the reason');
    expect(textOf(query(digital, 'label[for=email]'))).to.equal('E-mail');
    expect(query(digital, '#email')!.hasAttribute('required')).to.equal(true);
    type(query(digital, '#name'), 'Siti Aminah');
    type(query(digital, '#phone'), '081234567890');
    choose(digital, 'payment-method', 'Transfer bank');
    await resetServerRequests();
    submit(digital);
    await waitFor(() => textOf(query(digital, '#email-error')) === 'E-mail wajib diisi.', 4000, 'the refusal');
    expect(query(digital, '#email')!.getAttribute('aria-describedby')).to.equal('email-error email-hint'); // read with its reason
    expect(digital.shadowRoot!.activeElement?.id).to.equal('email');
    expect(await requestCount('POST', '/v3/stores/demo-store/public/checkout')).to.equal(0);
  });

  it('the service\'s email_required lands on the e-mail field, in the page\'s language, which is then required', async () => {
    // a summary that does not say which line is digital (another service): only the order is refused
    worker.use(http.post(`${STORE_PATH}/checkout/summary`, async ({ request }) => {
      const summary = await (await fetch(bypass(request))).json() as { items?: Array<Record<string, unknown>> };
      summary.items?.forEach((line) => delete line.item_type);
      return HttpResponse.json(summary);
    }));
    const { element: el } = await mount<SvcCheckout>(html`<svc-checkout
      items='[{"type":"variant","variant_id":101,"quantity":1},{"type":"variant","variant_id":109,"quantity":1}]'></svc-checkout>`, { lang: 'id' });
    await fillCheckout(el);
    expect(textOf(query(el, 'label[for=email]'))).to.equal('E-mail (opsional)');
    choose(el, 'payment-method', 'Transfer bank');
    submit(el);
    await waitFor(() => !!query(el, '#email-error'), 6000, 'the service\'s refusal');
    expect(textOf(query(el, '#email-error'))).to.equal('E-mail wajib diisi: produk digital dikirim ke e-mail ini.');
    expect(textOf(query(el, 'label[for=email]'))).to.equal('E-mail');
    expect(textOf(el)).to.not.include('An e-mail address is required');
  });
});
