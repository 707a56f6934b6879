import { expect, html } from '@open-wc/testing';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import type { PublicOrder } from '../../../src/contract/order.ts';
import { salesNumber, whatsappMessage } from '../../../src/elements/shared/whatsapp.ts';
import { clearStorage } from '../support/server.ts';
import { choose, fillCheckout, mount, query, waitFor } from '../elements/helpers.ts';

const NUMBERS = '0811000001,0811000002';

/** A cart checkout placed by the buyer with bank transfer; resolves with the created order. */
async function placeWith(attributes: string, lang = 'id') {
  const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang });
  for (const attribute of attributes.split(' ')) {
    const [name, value = ''] = attribute.split('=');
    if (name) el.setAttribute(name, value);
  }
  await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
  await fillCheckout(el);
  choose(el, 'payment-method', lang === 'en' ? 'Bank transfer' : 'Transfer bank');
  await waitFor(() => /\d/.test(query(el, '[part~=total] dd')?.textContent ?? ''), 4000, 'summary');
  let order: PublicOrder | undefined;
  el.addEventListener('svc-order-created', (e) => (order = e.detail.order));
  query<HTMLFormElement>(el, 'form')!.requestSubmit();
  await waitFor(() => !!order && !!query(el, '[part=confirmation]'), 8000, 'confirmation');
  return { el, order: order! };
}

describe('<svc-checkout whatsapp>', () => {
  const open = window.open;
  beforeEach(() => clearStorage());
  afterEach(() => (window.open = open));

  it('the confirmation offers "Konfirmasi via WhatsApp" to the order\'s sales number, with the order prefilled', async () => {
    const { el, order } = await placeWith(`whatsapp=${NUMBERS}`);
    const link = await waitFor(() => !!query(el, '[part=whatsapp]'), 4000, 'whatsapp link').then(() => query<HTMLAnchorElement>(el, '[part=whatsapp]')!);
    expect(link.textContent!.trim()).to.equal('Konfirmasi via WhatsApp');
    expect(link.target).to.equal('_blank');
    const url = new URL(link.href);
    expect(url.pathname).to.equal(`/${salesNumber(NUMBERS, order.order_number)}`);
    const text = url.searchParams.get('text')!;
    expect(text).to.equal(whatsappMessage(order, 'id'));
    expect(text).to.include(order.order_number);
    // the secret order link never goes to wa.me, its redirector, the history or the chat: the number serves
    expect(link.href).not.to.include(order.secret_slug);
    expect(text).not.to.include(order.public_order_url);
    expect(text).to.include('Kaos Polos');
    expect(text).to.include('Pembayaran: Transfer bank');
  });

  it('in English with lang="en"; no link without the attribute', async () => {
    const { el, order } = await placeWith(`whatsapp=${NUMBERS}`, 'en');
    await waitFor(() => !!query(el, '[part=whatsapp]'), 4000, 'whatsapp link');
    expect(query(el, '[part=whatsapp]')!.textContent!.trim()).to.equal('Confirm via WhatsApp');
    expect(new URL(query<HTMLAnchorElement>(el, '[part=whatsapp]')!.href).searchParams.get('text')).to.equal(whatsappMessage(order, 'en'));
    const plain = await placeWith('');
    expect(query(plain.el, '[part=whatsapp]')).to.equal(null);
  });

  it('whatsapp-after-submit opens the chat as soon as the order exists', async () => {
    const opened: unknown[][] = [];
    window.open = ((...args: unknown[]) => (opened.push(args), {} as Window)) as typeof window.open;
    const { order } = await placeWith(`whatsapp=${NUMBERS} whatsapp-after-submit`);
    await waitFor(() => opened.length === 1, 4000, 'window.open');
    expect(opened[0]![1]).to.equal('_blank');
    const url = new URL(opened[0]![0] as string);
    expect(url.pathname).to.equal(`/${salesNumber(NUMBERS, order.order_number)}`);
    expect(url.searchParams.get('text')).to.equal(whatsappMessage(order, 'id'));
  });
});
