// The checkout's payment step: method cards with marks and a description, channels inside the chosen card, and
// cash on delivery never offered for an order with nothing to deliver (cart, buy now, HTML Mode page).
import { expect, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/elements/checkout/checkout.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import { clearStorage, ENGINE, PAGE, resetServerRequests } from '../support/server.ts';
import { choose, fillCheckout, findAll, mount, query, textOf, waitFor } from './helpers.ts';

const card = (el: SvcCheckout, name: string) => findAll(el, '[part~=payment-option]').find((c) => textOf(c.querySelector('[part~=payment-method]')).includes(name))!;
const radioOf = (option: HTMLElement) => option.querySelector<HTMLInputElement>('input[name=method]')!;
/** A real click at the middle of `target` (what is on top there gets it, as under a finger). */
async function tap(target: Element) {
  target.scrollIntoView({ block: 'center' });
  const r = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}
const methodsShown = (el: SvcCheckout) => waitFor(() => findAll(el, '[part~=payment-method]').length > 0, 4000, 'payment methods');

/** COD is in the list, disabled, and says why; a click on its card chooses nothing. */
async function expectCodRefused(el: SvcCheckout, reason: string) {
  const cod = card(el, 'COD');
  expect(radioOf(cod).disabled).to.equal(true);
  expect(textOf(cod.querySelector('[part~=payment-description]'))).to.equal(reason);
  // the description is the radio's description: a screen reader says why with the name
  expect(cod.querySelector(`#${radioOf(cod).getAttribute('aria-describedby')}`)).to.equal(cod.querySelector('[part~=payment-description]'));
  await tap(cod.querySelector('[part~=payment-description]')!);
  radioOf(cod).click();
  await el.updateComplete;
  expect(radioOf(cod).checked).to.equal(false);
  expect(findAll<HTMLInputElement>(el, 'input[name=method]').some((r) => r.checked)).to.equal(false);
}

describe('<svc-checkout> payment step', () => {
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });

  it('each method is a card with its marks and one line saying what it is; the chosen one holds its channels', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang: 'id' });
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await methodsShown(el);
    const note = (name: string) => textOf(card(el, name).querySelector('[part~=payment-description]'));
    expect(note('Transfer bank')).to.not.equal(note('Virtual account'));
    expect(note('Virtual account')).to.equal('Nomor VA khusus, terverifikasi otomatis');
    expect(note('QRIS')).to.include('GoPay, OVO, DANA, ShopeePay');
    expect(note('COD')).to.equal('Bayar tunai saat paket tiba');
    // the VA card shows its banks' marks before it is chosen (decoration: hidden from the accessibility tree)
    const marks = [...card(el, 'Virtual account').querySelectorAll('[part~=payment-marks] svg')];
    expect(marks.map((m) => textOf(m))).to.deep.equal(['BCA', 'BNI', 'BRI', 'Mandiri']);
    expect(marks.every((m) => m.getAttribute('aria-hidden') === 'true')).to.equal(true);
    expect(findAll(el, '[part~=channel]')).to.have.length(0);

    // a tap anywhere on the card (here its description) chooses the method; the banks appear inside that card
    await tap(card(el, 'Virtual account').querySelector('[part~=payment-description]')!);
    await waitFor(() => findAll(el, '[part~=channel]').length === 4, 2000, 'the banks');
    expect(findAll(el, '[part~=channel]').every((c) => card(el, 'Virtual account').contains(c))).to.equal(true);
    // each bank is its mark, an image named by the bank
    const bca = findAll(el, '[part~=channel]')[0].querySelector('svg')!;
    expect([bca.getAttribute('role'), bca.getAttribute('aria-label')]).to.deep.equal(['img', 'BCA']);
    choose(el, 'channel', 'BNI');
    await el.updateComplete;
    expect(storefront.checkout.$checkout.get()).to.include({ paymentMethod: 'virtual_account', subPaymentMethod: 'bni' });
    expect(findAll(el, '[part~=channel].selected').map((c) => textOf(c))).to.deep.equal(['BNI']);
    await expect(el).to.be.accessible();
  });

  it('a digital-only cart: COD is shown disabled with the reason, in the page language', async () => {
    const { storefront, store, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang: 'id' });
    await storefront.cart.add({ type: 'variant', variant_id: 109, quantity: 1 });
    await waitFor(() => storefront.$cart.get().cart?.requires_shipping === false, 4000, 'the digital cart');
    await methodsShown(el);
    await expectCodRefused(el, 'COD hanya untuk barang yang dikirim');
    store.setAttribute('lang', 'en');
    await waitFor(() => textOf(card(el, 'COD').querySelector('[part~=payment-description]')) === 'COD is only for items that are shipped', 2000, 'English');
    // the other methods still apply
    choose(el, 'payment-method', 'QRIS');
    await el.updateComplete;
    expect(radioOf(card(el, 'QRIS')).checked).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('buy now of a digital item: COD disabled, and the arrow keys pass it by', async () => {
    const { element: el } = await mount<SvcCheckout>(html`<svc-checkout shipping="none" items='[{"type":"variant","variant_id":109,"quantity":1}]'></svc-checkout>`);
    await methodsShown(el);
    await expectCodRefused(el, 'COD is only for items that are shipped');
    // one radio group: arrows move the choice from card to card, from the last usable one back to the first
    radioOf(card(el, 'Credit/debit card')).focus();
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    const cod = radioOf(card(el, 'COD'));
    expect(cod.checked).to.equal(false);
    expect(el.shadowRoot!.activeElement).to.not.equal(cod);
    // Chromium and Firefox wrap to the first card and choose it; WebKit's native radio group stops at the last usable one
    if (ENGINE === 'webkit') expect(el.shadowRoot!.activeElement).to.equal(radioOf(card(el, 'Credit/debit card')));
    else {
      expect(el.shadowRoot!.activeElement).to.equal(radioOf(card(el, 'Bank transfer')));
      expect(radioOf(card(el, 'Bank transfer')).checked).to.equal(true);
    }
  });

  it('HTML Mode page whose author lists COD, for a digital item: COD disabled there too', async () => {
    const { element: el } = await mount<SvcCheckout>(html`<svc-checkout page-id=${PAGE.id} page-key=${PAGE.key} base-url=${location.origin}
      shipping="none" items='[{"type":"variant","variant_id":109,"quantity":1}]' payment-methods="qris cod"></svc-checkout>`);
    await methodsShown(el);
    expect(findAll(el, '[part~=payment-method]').map((m) => textOf(m))).to.deep.equal(['QRIS', 'Cash on delivery (COD)']);
    await expectCodRefused(el, 'COD is only for items that are shipped');
  });

  it('the same page for a shipped item offers COD', async () => {
    const { element: el } = await mount<SvcCheckout>(html`<svc-checkout page-id=${PAGE.id} page-key=${PAGE.key} base-url=${location.origin}
      shipping="required" items='[{"type":"variant","variant_id":101,"quantity":1}]' payment-methods="qris cod"></svc-checkout>`);
    await methodsShown(el);
    const cod = card(el, 'COD');
    expect(radioOf(cod).disabled).to.equal(false);
    await tap(cod.querySelector('[part~=payment-description]')!);
    await el.updateComplete;
    expect(radioOf(cod).checked).to.equal(true);
    expect(query(el, '[part~=payment-option].selected')).to.equal(cod);
  });

  it('a COD order\'s confirmation says it is being processed and paid on arrival', async () => {
    const { storefront, element: el } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`, { lang: 'id' });
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await fillCheckout(el);
    choose(el, 'payment-method', 'COD');
    // the total with its shipping (no "+ ongkir" note), priced with COD
    await waitFor(() => !query(el, '[part~=total] [part~=total-note]') && !!query(el, '[part~=totals][aria-busy=false]'), 4000, 'the total');
    query<HTMLFormElement>(el, 'form')!.requestSubmit();
    await waitFor(() => !!query(el, 'svc-payment-instructions')?.shadowRoot?.querySelector('[part~=status]'), 6000, 'the confirmation');
    const instructions = query(el, 'svc-payment-instructions')!;
    expect(textOf(instructions.shadowRoot!.querySelector('[part~=status]'))).to.equal('Diproses — bayar saat barang tiba');
    expect(textOf(query(el, '[part~=confirmation]')) + textOf(instructions)).to.not.include('Menunggu pembayaran');
  });
});
