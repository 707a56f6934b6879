import { expect } from '@open-wc/testing';
import { cleanUp, mount, placeDigitalOrder, waitFor } from './support.ts';
// what the runtime's script tag loads beside itself when the order view has a copy button (boot.test.ts checks that)
import './beside/svc-order-extras.js';

/** A digital product (no address) and an order view with the order number and its copy button. */
const PAGE = `<form data-svc-checkout data-svc-redirect="off">
  <label><input type="radio" name="p" data-svc-item value="variant:109" checked> E-book</label>
  <input data-svc-field="customer.name" required><input data-svc-field="customer.phone" required><input type="email" data-svc-field="customer.email" required>
  <label><input type="radio" name="m" data-svc-field="payment_method" value="qris" checked> QRIS</label>
  <output data-svc-summary="gross_revenue">—</output>
  <button type="submit">Pesan</button>
</form><section data-svc-order hidden>
  <p>Nomor pesanan <strong data-svc-order-field="order_number"></strong>
    <button type="button" data-svc-copy="order_number"><svg aria-hidden="true"></svg>Salin</button></p>
</section>`;

const order = (root: HTMLElement) => placeDigitalOrder(root, { orderView: true });

describe('page runtime: data-svc-copy', () => {
  const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
  let written: string[];
  beforeEach(() => {
    written = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } });
  });
  afterEach(() => {
    cleanUp();
    delete (navigator as { clipboard?: unknown }).clipboard;
    Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
    document.documentElement.lang = '';
  });

  it('shows the order number; its button copies it, says "Disalin" for a moment and announces it', async () => {
    document.documentElement.lang = 'id';
    const root = mount(PAGE);
    const placed = await order(root);
    expect(placed.order_number).to.match(/^\d{6}-[0-9A-Z]{6}$/);
    expect(root.querySelector('[data-svc-order-field="order_number"]')!.textContent).to.equal(placed.order_number);

    const button = root.querySelector<HTMLButtonElement>('[data-svc-copy]')!;
    const live = button.nextElementSibling!;
    expect(live.getAttribute('aria-live')).to.equal('polite');
    expect(live.textContent).to.equal('');
    button.click();
    await waitFor(() => written.length === 1, 2000, 'the clipboard write');
    expect(written).to.deep.equal([placed.order_number]);
    expect(button.textContent).to.equal('Disalin');
    expect(live.textContent).to.equal(`Disalin: ${placed.order_number}`);
    // then it offers to copy again, with the page's own content (its icon too)
    await waitFor(() => button.textContent === 'Salin', 4000, 'the button back');
    expect(button.querySelector('svg')).to.not.equal(null);
    expect(live.textContent).to.equal('');
  });

  it('says "Copied" on an English page, for any field of the order', async () => {
    document.documentElement.lang = 'en';
    const root = mount(PAGE.replace('data-svc-copy="order_number">', 'data-svc-copy="public_order_url">'));
    const placed = await order(root);
    const button = root.querySelector<HTMLButtonElement>('[data-svc-copy]')!;
    button.click();
    await waitFor(() => written.length === 1, 2000, 'the clipboard write');
    expect(written).to.deep.equal([placed.public_order_url]);
    expect(button.textContent).to.equal('Copied');
    expect(button.nextElementSibling!.textContent).to.equal(`Copied: ${placed.public_order_url}`);
  });

  it('<ul data-svc-order-accounts data-svc-copy>: a copy button for each bank account number', async () => {
    document.documentElement.lang = 'id';
    const root = mount(PAGE.replace('value="qris" checked> QRIS', 'value="bank_transfer" checked> Transfer')
      .replace('</section>', '<ul data-svc-order-accounts data-svc-copy></ul></section>'));
    const placed = await order(root);
    const accounts = placed.store!.payment_accounts!;
    expect(accounts.length).to.be.greaterThan(1);
    const items = [...root.querySelectorAll('[data-svc-order-accounts] li')];
    expect(items).to.have.length(accounts.length);
    const buttons = items.map((item) => item.querySelector<HTMLButtonElement>('button[data-svc-copy]')!);
    expect(buttons.map((b) => b.textContent)).to.deep.equal(accounts.map(() => 'Salin'));
    buttons[1]!.click();
    await waitFor(() => written.length === 1, 2000, 'the clipboard write');
    expect(written).to.deep.equal([accounts[1]!.account_number]);
    expect(items[1]!.querySelector('[data-svc-part="number"]')!.textContent).to.equal(accounts[1]!.account_number);
    expect(buttons[1]!.textContent).to.equal('Disalin');
    expect(buttons[0]!.textContent).to.equal('Salin');
  });
});
