import { expect, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { bypass, http, HttpResponse } from 'msw';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import { clearStorage, requestCount, resetServerRequests } from '../support/server.ts';
import { startWorker, worker } from '../support/msw.ts';
import { choose, fillCheckout, findAll, mount, query, textOf, type, waitFor } from './helpers.ts';

/**
 * `<svc-checkout>` on a phone and on a desktop: the summary bar at the top, the pay bar at the bottom of the screen,
 * every fee named as soon as the service knows it, and the e-mail required (with its reason) for digital goods.
 */

const STORE_PATH = `${location.origin}/v3/stores/demo-store/public`;
const submit = (el: SvcCheckout) => query<HTMLFormElement>(el, 'form')!.requestSubmit();
const payBar = (el: SvcCheckout) => query(el, '[part~=pay-bar]');
const frames = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};
const cartCheckout = async (lang = 'id') => {
  const { storefront, element } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang });
  await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
  return { storefront, el: element };
};

describe('<svc-checkout> on a phone', () => {
  before(() => startWorker());
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
    await setViewport({ width: 390, height: 700 });
    window.scrollTo(0, 0);
  });
  afterEach(() => worker.resetHandlers());
  after(() => setViewport({ width: 800, height: 600 }));

  it('the summary bar shows the estimate and the store\'s fee from the start, and expands in place', async () => {
    await setViewport({ width: 390, height: 360 }); // a short screen: the open panel pushes the form out of it
    const { el } = await cartCheckout();
    const toggle = await waitFor(() => /87[.,]500 \+ ongkir/.test(textOf(query(el, '[part~=summary-toggle]'))), 4000, 'the estimate')
      .then(() => query<HTMLButtonElement>(el, '[part~=summary-toggle]')!);
    expect(textOf(toggle)).to.match(/Ringkasan pesanan.*1 barang.*Rp\s?87[.,]500 \+ ongkir/); // 85.000 and the store's 2.500
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(query(el, '[part~=summary-panel]')!.hidden).to.equal(true);
    toggle.click();
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    await frames(3); // the observers have seen the new layout
    expect(payBar(el), 'the pay bar, the panel open above the form').to.not.equal(null);
    const panel = textOf(query(el, '[part~=summary-panel]'));
    expect(panel).to.include('Kaos Polos').and.include('Biaya layanan').and.match(/Rp\s?2[.,]500/).and.include('Dihitung setelah alamat');
    // the summary column, after the form here, names the fee too
    expect(textOf(query(el, '[part~=summary] [part~=fee]'))).to.match(/Biaya layanan\s*Rp\s?2[.,]500/);
    await expect(el).to.be.accessible();
  });

  it('the pay bar holds the total and the button while the form\'s own button is out of view, and is gone once placed', async () => {
    const { el } = await cartCheckout('en');
    await waitFor(() => !!payBar(el), 4000, 'the pay bar on the first screen');
    await waitFor(() => /Rp\s?87[.,]500 \+ shipping/.test(textOf(query(el, '[part~=pay-bar-total]'))), 4000, 'its estimate');
    expect(payBar(el)!.getBoundingClientRect().bottom).to.be.closeTo(window.innerHeight, 1); // fixed to the screen's bottom
    query(el, '[part~=submit]')!.scrollIntoView({ block: 'center' });
    await waitFor(() => !payBar(el), 4000, 'no bar beside the form\'s own button');
    window.scrollTo(0, 0);
    await waitFor(() => !!payBar(el), 4000, 'the bar again');

    // its button submits the form: the problems show, the first field to fix gets the focus
    query<HTMLButtonElement>(el, '[part~=pay-bar-submit]')!.click();
    await waitFor(() => textOf(query(el, '#name-error')) === 'Full name is required.', 4000, 'the named problem');
    await fillCheckout(el);
    choose(el, 'payment-method', 'Bank transfer');
    await waitFor(() => !query(el, '[part~=total] [part~=total-note]') && !!query(el, '[part~=totals][aria-busy=false]'), 4000, 'the total');
    window.scrollTo(0, 0);
    await waitFor(() => !!payBar(el), 4000, 'the bar');
    expect(textOf(query(el, '[part~=pay-bar-total]')).replace(/^Total\s*/, '')).to.equal(textOf(query(el, '[part~=total] dd')));
    query<HTMLButtonElement>(el, '[part~=pay-bar-submit]')!.click();
    await waitFor(() => !!query(el, '[part~=confirmation]'), 6000, 'the order');
    window.scrollTo(0, 0);
    await frames(2);
    expect(payBar(el), 'no bar once placed').to.equal(null);
    expect(await requestCount('POST', '/v3/stores/demo-store/public/checkout')).to.equal(1);
  });

  it('on a desktop the summary is a sticky column beside the form, with the button: no bars', async () => {
    await setViewport({ width: 1280, height: 800 });
    const { el } = await cartCheckout();
    await waitFor(() => !!query(el, '[part~=summary] [part~=fee]'), 4000, 'the summary');
    const main = query(el, '.main')!.getBoundingClientRect();
    const summary = query(el, '[part~=summary]')!;
    expect(summary.getBoundingClientRect().left).to.be.at.least(main.right);
    expect(getComputedStyle(summary).position).to.equal('sticky');
    expect(getComputedStyle(query(el, '[part~=summary-bar]')!).display).to.equal('none');
    await frames(2);
    expect(payBar(el)).to.equal(null);
  });

  it('cash on delivery: its fee is named the moment it is chosen, before and after the courier', async () => {
    const { storefront, el } = await cartCheckout();
    await waitFor(() => findAll(el, '[part~=payment-method]').length > 0, 4000, 'the methods');
    choose(el, 'payment-method', 'COD');
    // before an address: a row of its own, and in the estimate
    await waitFor(() => !!storefront.$checkout.get().summary?.cod_fee && !!query(el, '[part~=summary] [part~=cod-fee]'), 4000, 'the COD fee');
    const fee = storefront.$checkout.get().summary!.cod_fee!;
    const amount = new RegExp(`Rp\\s?${Number(fee).toLocaleString('id-ID').replace('.', '[.,]')}`);
    expect(textOf(query(el, '[part~=summary] [part~=cod-fee]'))).to.match(/^Biaya COD/).and.match(amount);
    expect(textOf(query(el, '[part~=total] dd'))).to.match(new RegExp(`${(87_500 + Number(fee)).toLocaleString('id-ID').replace('.', '[.,]')} \\+ ongkir`));
    await waitFor(() => amount.test(textOf(query(el, '[part~=pay-bar-total] [part~=cod-fee]'))), 4000, 'the fee in the pay bar');
    expect(textOf(query(el, '[part~=pay-bar-total] [part~=cod-fee]'))).to.match(/^termasuk COD/);
    // with a courier: inside the shipping cost, named under it
    await fillCheckout(el);
    await waitFor(() => !query(el, '[part~=total] [part~=total-note]') && !!query(el, '[part~=totals][aria-busy=false]'), 4000, 'the total');
    expect(textOf(query(el, '[part~=summary] [part~=cod-fee]'))).to.match(/^termasuk biaya COD/).and.match(amount);
  });

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
