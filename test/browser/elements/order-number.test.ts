import { expect, html } from '@open-wc/testing';
import { placeCustomerOrder } from '../../../src/client/index.ts';
import '../../../src/elements/account/account.ts';
import type { SvcAccount } from '../../../src/elements/account/account.ts';
import '../../../src/elements/order-status/order-status.ts';
import type { SvcOrderStatus } from '../../../src/elements/order-status/order-status.ts';
import { BUYER, clearStorage } from '../support/server.ts';
import { expectCopyableNumber } from './copy-helpers.ts';
import { findAll, mount, placeOrder, query, textOf, waitFor } from './helpers.ts';

describe('order number', () => {
  beforeEach(() => clearStorage());

  it('<svc-order-status> shows the order number with a copy button (en)', async () => {
    const order = await placeOrder('bank_transfer');
    expect(order.order_number).to.match(/^\d{6}-[0-9A-Z]{6}$/);
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`);
    await waitFor(() => !!query(el, '[part~=order-number]'), 4000, 'the order');
    await expectCopyableNumber(el, order.order_number, 'en');
    await expect(el).to.be.accessible();
  });

  it('<svc-order-status> in Indonesian: "Salin", then "Disalin"', async () => {
    const order = await placeOrder('bank_transfer');
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`, { lang: 'id' });
    await waitFor(() => !!query(el, '[part~=order-number]'), 4000, 'the order');
    await expectCopyableNumber(el, order.order_number, 'id');
    await expect(el).to.be.accessible();
  });
});

describe('order number in the account', () => {
  beforeEach(() => clearStorage());

  it('<svc-account> lists the customer\'s orders by the number the confirmation showed', async () => {
    // the buyer orders, then opens the orders tab (an order placed past the session, through the client, reaches
    // no list already loaded: the list is read when its tab opens)
    const { storefront, element: el } = await mount<SvcAccount>(html`<svc-account tab="profile"></svc-account>`);
    await storefront.signIn(BUYER);
    const order = await placeCustomerOrder(storefront.client, { items: [{ type: 'variant', variant_id: 109, quantity: 1 }], payment_method: 'qris' });
    expect(order.order_number).to.match(/^\d{6}-[0-9A-Z]{6}$/);
    el.tab = 'orders';
    await waitFor(() => findAll(el, '[part~=order]').length > 0, 4000, 'orders');
    expect(findAll(el, '[part~=order] .order-head h3').map((h) => textOf(h).replace(/^\D*(?=#)/, ''))).to.include(`#${order.order_number}`);
    expect(findAll(el, '[part~=order] .order-head h3').map((h) => textOf(h).replace(/^\D*(?=#)/, ''))).to.include('#1001'); // a migrated order keeps its number
  });
});

describe('payment method names follow the UI language', () => {
  beforeEach(() => clearStorage());

  const methodLine = async (method: string, channel: string | undefined, lang: 'id' | 'en') => {
    const order = await placeOrder(method, channel);
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`, { lang });
    await waitFor(() => textOf(el).includes(lang === 'id' ? 'Metode pembayaran' : 'Payment method'), 4000, 'the order');
    const label = `${lang === 'id' ? 'Metode pembayaran' : 'Payment method'}: `;
    return findAll(el, 'span').map(textOf).find((s) => s.startsWith(label))!.slice(label.length);
  };

  it('<svc-order-status>: ours for the known codes and channels, in id and en', async () => {
    expect(await methodLine('cod', undefined, 'en')).to.equal('Cash on delivery (COD)');
    expect(await methodLine('cod', undefined, 'id')).to.equal('Bayar di tempat (COD)');
    expect(await methodLine('virtual_account', 'bca', 'en')).to.equal('Virtual account · BCA');
    expect(await methodLine('ewallet', 'shopeepay', 'id')).to.equal('E-wallet · ShopeePay');
    expect(await methodLine('bank_transfer', undefined, 'id')).to.equal('Transfer bank');
  });
});
