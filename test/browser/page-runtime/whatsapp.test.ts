import { expect } from '@open-wc/testing';
import { salesNumber, whatsappMessage } from '../../../src/elements/shared/whatsapp.ts';
import { cleanUp, mount, placeDigitalOrder, waitFor } from './support.ts';
// what the runtime's script tag loads beside itself on such pages (boot.test.ts checks that it does)
import './beside/svc-order-extras.js';

const NUMBERS = '0811000001, 0811000002';

/** A digital product (no address): name, phone, QRIS, submit. */
const FORM = (attributes: string, extra = '') => `<form data-svc-checkout data-svc-redirect="off" ${attributes}>
  <label><input type="radio" name="p" data-svc-item value="variant:109" checked> E-book</label>
  <input data-svc-field="customer.name" required><input data-svc-field="customer.phone" required><input type="email" data-svc-field="customer.email" required>
  <label><input type="radio" name="m" data-svc-field="payment_method" value="qris" checked> QRIS</label>
  <output data-svc-summary="gross_revenue">—</output>
  <button type="submit">Pesan</button>${extra}
</form><section data-svc-order hidden><a data-svc-order-link>Lihat pesanan</a></section>`;

const order = (root: HTMLElement) => placeDigitalOrder(root);

describe('page runtime: data-whatsapp', () => {
  const open = window.open;
  afterEach(() => {
    cleanUp();
    window.open = open;
    document.documentElement.lang = '';
  });

  it('shows the page\'s own WhatsApp link with the order prefilled, to the order\'s sales number', async () => {
    document.documentElement.lang = 'id';
    const root = mount(FORM(`data-whatsapp="${NUMBERS}"`, '<a data-svc-whatsapp hidden>Chat penjual</a>'));
    const placed = await order(root);
    const link = root.querySelector<HTMLAnchorElement>('a[data-svc-whatsapp]')!;
    await waitFor(() => !link.hidden, 4000, 'the link shown');
    expect(link.textContent).to.equal('Chat penjual'); // the page's words stay
    const url = new URL(link.href);
    expect(url.origin).to.equal('https://wa.me');
    expect(url.pathname).to.equal(`/${salesNumber(NUMBERS, placed.order_number)}`);
    expect(url.searchParams.get('text')).to.equal(whatsappMessage(placed, 'id'));
    expect(url.searchParams.get('text')).to.include(placed.order_number).and.include('Pembayaran: QRIS');
    expect(link.href, 'the secret order link stays out of wa.me and the chat').not.to.include(placed.secret_slug);
    expect(url.searchParams.get('text')).not.to.include(placed.public_order_url);
  });

  it('without a link of the page, adds one to the order view, in the page\'s language', async () => {
    document.documentElement.lang = 'en';
    const root = mount(FORM(`data-whatsapp="${NUMBERS}"`));
    const placed = await order(root);
    await waitFor(() => !!root.querySelector('[data-svc-order] a[data-svc-whatsapp]'), 4000, 'the added link');
    const link = root.querySelector<HTMLAnchorElement>('[data-svc-order] a[data-svc-whatsapp]')!;
    expect(link.textContent).to.equal('Confirm via WhatsApp');
    expect(new URL(link.href).searchParams.get('text')).to.equal(whatsappMessage(placed, 'en'));
  });

  it('data-whatsapp-after-submit opens the chat at once; a form without data-whatsapp gets no link', async () => {
    const opened: unknown[][] = [];
    window.open = ((...args: unknown[]) => (opened.push(args), {} as Window)) as typeof window.open;
    const root = mount(FORM(`data-whatsapp="${NUMBERS}" data-whatsapp-after-submit`));
    const placed = await order(root);
    await waitFor(() => opened.length === 1, 4000, 'window.open');
    expect(new URL(opened[0]![0] as string).pathname).to.equal(`/${salesNumber(NUMBERS, placed.order_number)}`);

    cleanUp();
    const plain = mount(FORM(''));
    await order(plain);
    expect(plain.querySelector('a[data-svc-whatsapp]')).to.equal(null);
    expect(opened).to.have.length(1);
  });
});
