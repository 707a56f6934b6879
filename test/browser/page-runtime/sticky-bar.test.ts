// The landing page's sticky order bar (`data-svc-sticky`, svc-order-extras.js): hidden while the form's submit
// button is on screen and while the buyer types, gone for good once the order exists; a tap leads to the first
// field still to fill, or to the submit button when all is filled, never back to the top of a filled form.
import { expect } from '@open-wc/testing';
import { cleanUp, mount, newSvcPage, type, waitFor } from './support.ts';
import './beside/svc-order-extras.js';

const PAGE = `
<div style="height: 1500px">Hero</div>
<form data-svc-checkout data-svc-redirect="off" id="pesan">
  <label><input type="radio" name="p" data-svc-item value="variant:109" checked> E-book</label>
  <label>Nama <input data-svc-field="customer.name" required></label>
  <label>HP <input data-svc-field="customer.phone" required></label>
  <div style="height: 1500px"></div>
  <label>E-mail <input data-svc-field="customer.email" type="email"></label>
  <label><input type="radio" name="pay" data-svc-field="payment_method" value="qris" checked> QRIS</label>
  <output data-svc-summary="gross_revenue">—</output>
  <button type="submit">Pesan sekarang</button>
</form>
<div data-svc-order hidden><p>Terima kasih</p><a data-svc-order-link>Lihat status pesanan</a></div>
<div style="height: 1500px"></div>
<nav data-svc-sticky style="position: fixed; bottom: 0; left: 0; right: 0"><a href="#pesan">Pesan sekarang</a></nav>`;

const q = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

describe('page runtime: the sticky order bar', () => {
  afterEach(() => (cleanUp(), scrollTo(0, 0)));

  it('steps aside for the submit button and the typing buyer, leads to what is left to fill, and goes once ordered', async () => {
    mount(PAGE);
    const form = q<HTMLFormElement>('form');
    const priced = new Promise((resolve) => form.addEventListener('svc-page-summary', resolve, { once: true }));
    newSvcPage({ analytics: [] }).bind(form);
    await priced; // the bar now watches this form's submit button
    const bar = q('[data-svc-sticky]');
    await waitFor(() => !bar.hidden, 2000, 'the bar at the top of the page');

    q('button[type=submit]').scrollIntoView();
    await waitFor(() => bar.hidden, 2000, 'the bar hidden over the submit button');
    scrollTo(0, 0);
    await waitFor(() => !bar.hidden, 2000, 'the bar back once the button is off screen');

    // a tap leads to the first field still empty (the name), not to the top of the form
    q('[data-svc-sticky] a').click();
    expect(document.activeElement).to.equal(q('[data-svc-field="customer.name"]'));
    expect(location.hash, 'the link did not jump').to.equal('');
    expect(bar.hidden, 'hidden while the buyer types').to.equal(true);
    type(q('[data-svc-field="customer.name"]'), 'Sari');
    type(q('[data-svc-field="customer.phone"]'), '081211112222');
    (document.activeElement as HTMLElement).blur();
    await waitFor(() => !bar.hidden, 2000, 'the bar back after typing');

    // all filled (the e-book needs the e-mail: the runtime learnt it from the summary)
    q('[data-svc-sticky] a').click();
    expect(document.activeElement).to.equal(q('[data-svc-field="customer.email"]'));
    type(q('[data-svc-field="customer.email"]'), 'sari@example.com');
    (document.activeElement as HTMLElement).blur();
    scrollTo(0, 0);
    await waitFor(() => !bar.hidden, 2000, 'the bar at the top again');
    q('[data-svc-sticky] a').click();
    expect(document.activeElement).to.equal(q('button[type=submit]'));
    await waitFor(() => bar.hidden, 4000, 'the bar hidden once the button is on screen');

    const placed = new Promise((resolve) => form.addEventListener('svc-page-order', resolve, { once: true }));
    q<HTMLButtonElement>('button[type=submit]').click();
    await placed;
    await waitFor(() => !q('[data-svc-order]').hidden, 2000, 'the thank-you view');
    scrollTo(0, 0);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(bar.hidden, 'gone for good after the order').to.equal(true);
  });
});
