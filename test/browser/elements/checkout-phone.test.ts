import { expect, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import { clearStorage, requestCount, resetServerRequests } from '../support/server.ts';
import { startWorker, worker } from '../support/msw.ts';
import { choose, fillCheckout, findAll, mount, query, textOf, waitFor } from './helpers.ts';

/**
 * `<svc-checkout>` on a phone and on a desktop: the summary bar at the top, the pay bar at the bottom of the screen,
 * every fee named as soon as the service knows it (the e-mail of digital goods: checkout-digital-email.test.ts).
 */

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
});
