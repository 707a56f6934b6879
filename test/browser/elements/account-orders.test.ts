// <svc-account>'s orders as cards (products, state, courier and tracking number), "Beli lagi" into the real server's
// cart (the tabs on a phone: account-tabs-phone.test.ts).
import { expect, html, oneEvent } from '@open-wc/testing';
import '../../../src/elements/account/account.ts';
import type { SvcAccount } from '../../../src/elements/account/account.ts';
import type { CartChangeEvent } from '../../../src/elements/shared/cart-events.ts';
import type { Storefront } from '../../../src/session/storefront.ts';
import { BUYER, clearStorage } from '../support/server.ts';
import { findAll, mount, textOf, waitFor } from './helpers.ts';

/** The merchant's side, through the business API (this test plays the merchant's server: its key is secret). */
const business = (method: string, path: string, body?: unknown) =>
  fetch(`/v3/stores/demo-store${path}`, {
    method, headers: { 'X-Service-Api-Key': 'bk_demo', ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  }).then(async (res) => ({ status: res.status, json: await res.json() as { stock: number } }));

const TEH_MELATI = 127; // in the "Paket Sarapan: Kopi + Teh" bundle of the buyer's seeded order
const KAOS_HITAM_M = 102;

async function signedIn(tab = 'orders', lang = 'id') {
  const mounted = await mount<SvcAccount>(html`<svc-account tab=${tab} lang=${lang}></svc-account>`);
  await mounted.storefront.signIn(BUYER);
  await waitFor(() => mounted.storefront.$cart.get().status === 'ready', 4000, 'the customer cart');
  return mounted;
}
const orderCard = (el: SvcAccount, text: string) => findAll(el, '[part~=order]').find((o) => textOf(o).includes(text));
const quantities = (storefront: Storefront) => new Map((storefront.$cart.get().cart?.items ?? []).map((l) => [`${l.type}:${l.variant_id ?? l.bundle_price_option_id}`, l.quantity]));

describe('<svc-account>: orders', () => {
  beforeEach(() => clearStorage());

  it('each order shows its products (with their variants), its state, the total, the courier and a copyable tracking number', async () => {
    const { element: el } = await signedIn();
    await waitFor(() => !!orderCard(el, 'Paket Sarapan'), 4000, 'the seeded orders');
    const card = orderCard(el, 'Paket Sarapan')!;
    const names = [...card.querySelectorAll('[part~=line] > span:not(.price, .ph)')]
      .map((n) => [...n.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.textContent).join('').trim());
    expect(names, JSON.stringify(names)).to.include('Kaos Polos Premium (Hitam / M)').and.include('Paket Sarapan: Kopi + Teh');
    expect(card.querySelector('[part~=line] img')!.getAttribute('src')).to.match(/\.webp$/); // a thumbnail, where the order has one
    expect(textOf(card.querySelector('[part~=status]'))).to.equal('Selesai');
    expect(textOf(card.querySelector('.order-total'))).to.match(/^Total\s*Rp\s289\.500$/);
    expect(textOf(card.querySelector('[part~=tracking]'))).to.match(/^JNE Reguler No\. resi\s*JNE0001001 Salin nomor resi$/);
    const copy = card.querySelector<HTMLButtonElement>('[part~=tracking-copy]')!;
    expect(copy.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Salin nomor resi');
    copy.click();
    await waitFor(() => textOf(card).includes('Nomor resi JNE0001001 disalin.'), 4000, 'copied');
    expect(card.querySelector<HTMLDetailsElement>('[part~=order-details]')!.open).to.equal(false); // totals and address folded
    await expect(el).to.be.accessible();
  });

  it('"Beli lagi" puts the order\'s items back into the cart and names the one no longer available', async () => {
    const { storefront, element: el } = await signedIn();
    await waitFor(() => !!orderCard(el, 'Paket Sarapan'), 4000, 'the seeded orders');
    const before = quantities(storefront);
    const { json: teh } = await business('GET', `/variants/${TEH_MELATI}`);
    expect((await business('POST', `/variants/${TEH_MELATI}/stock-adjustments`, { delta: -teh.stock, reason: 'test: sold out' })).status).to.equal(200);
    try {
      const card = orderCard(el, 'Paket Sarapan')!;
      const changed = oneEvent(el, 'svc-cart-change') as Promise<CartChangeEvent>;
      card.querySelector<HTMLButtonElement>('[part~=buy-again]')!.click();
      const event = await changed;
      expect(event.detail.action).to.equal('add');
      await waitFor(() => textOf(card.querySelector('[part~=buy-again-message]')) !== '', 4000, 'what it did');
      expect(textOf(card.querySelector('[part~=buy-again-message]'))).to.equal('1 produk dimasukkan ke keranjang. Tidak tersedia lagi: Paket Sarapan: Kopi + Teh.');
      // the server's cart, through the session's cart action
      const after = quantities(storefront);
      expect(after.get(`variant:${KAOS_HITAM_M}`)).to.equal((before.get(`variant:${KAOS_HITAM_M}`) ?? 0) + 2);
      expect(after.get('bundle_price_option:2')).to.equal(before.get('bundle_price_option:2'));
      expect(storefront.$cart.get().source).to.equal('customer');
    } finally {
      await business('POST', `/variants/${TEH_MELATI}/stock-adjustments`, { delta: teh.stock, reason: 'test: restocked' });
      // leave the buyer's cart as it was for the tests after this one
      for (const line of storefront.$cart.get().cart?.items ?? []) {
        const was = before.get(`${line.type}:${line.variant_id ?? line.bundle_price_option_id}`) ?? 0;
        if (line.quantity !== was) await storefront.cart.update(line.id, was);
      }
    }
  });
});
