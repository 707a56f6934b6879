import { aTimeout, expect, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { SvcAddToCart } from '../../../src/elements/add-to-cart/add-to-cart.ts';
import type { SvcCartButton } from '../../../src/elements/cart-button/cart-button.ts';
import type { SvcCart } from '../../../src/elements/cart/cart.ts';
import type { CartChangeEvent, CheckoutRequestEvent } from '../../../src/elements/shared/cart-events.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import { BUYER } from '../support/server.ts';
import { find, findAll, inStore, squash, textOf, waitFor } from './helpers.ts';

const storefrontOf = (el: Element) => el.closest<SvcStore>('svc-store')!.storefront!;
const lines = (cart: SvcCart) => findAll(cart, '[part=line]');
const lineOf = (cart: SvcCart, name: string) => lines(cart).find((l) => l.textContent!.includes(name))!;
const partText = (line: Element, part: string) => squash(line.querySelector(`[part~=${part}]`)?.textContent);
/** How often `text` shows in a line (at quantity 1 its price shows once, not as unit price and total). */
const times = (line: Element, text: string) => squash(line.textContent).split(text).length - 1;
/** The bodies of the checkout summaries sent with guest token `token` (one fixture's cart), recorded through `fetch`. */
function sentSummaries(token: string) {
  const sent: unknown[] & { stop(): void } = Object.assign([], { stop: () => void (window.fetch = original) });
  const original = window.fetch;
  window.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if (String(input).endsWith('/checkout/summary') && headers.get('X-Service-Guest-Token') === token) sent.push(JSON.parse(String(init?.body)));
    return original(input, init);
  };
  return sent;
}
/** Resolves once an IntersectionObserver sees `el` in view (or out of it): what the cart itself watches. */
const seen = (el: Element, inView: boolean) => new Promise<void>((resolve) => {
  const watch = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting === inView) && (watch.disconnect(), resolve()));
  watch.observe(el);
});

/** A cart with Kaos Polos (Hitam/S) × 2 and the e-book × 1 in it. */
async function filledCart(markup = html`<svc-cart></svc-cart>`, select = 'svc-cart') {
  const el = await inStore<HTMLElement>(markup, select);
  const storefront = storefrontOf(el);
  await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 2 });
  await storefront.cart.add({ type: 'variant', variant_id: 109, quantity: 1 });
  return el;
}

describe('<svc-add-to-cart>', () => {
  it('adds its variant with its quantity and fires svc-cart-change', async () => {
    const button = await inStore<SvcAddToCart>(html`<svc-add-to-cart variant-id="126" quantity="3">Beli</svc-add-to-cart>`, 'svc-add-to-cart');
    await expect(button).to.be.accessible();
    const changed = oneEvent(button, 'svc-cart-change') as Promise<CartChangeEvent>;
    (await find<HTMLButtonElement>(button, 'button')).click();
    const { detail } = await changed;
    expect(detail).to.deep.include({ action: 'add', storeId: 'demo-store' });
    expect(detail.cart.items[0]).to.deep.include({ variant_id: 126, quantity: 3, name: 'Kopi Gayo 250 g' });
    await waitFor(() => textOf(button).includes('Masuk keranjang'), 1000, 'confirmation');
  });

  it('adds a bundle price option', async () => {
    const button = await inStore<SvcAddToCart>(html`<svc-add-to-cart bundle-price-option-id="1"></svc-add-to-cart>`, 'svc-add-to-cart');
    (await find<HTMLButtonElement>(button, 'button')).click();
    await waitFor(() => storefrontOf(button).$cart.get().cart?.items[0]?.bundle_price_option_id === 1, 4000, 'bundle line');
  });

  it('explains a refused add', async () => {
    const button = await inStore<SvcAddToCart>(html`<svc-add-to-cart variant-id="111" quantity="50"></svc-add-to-cart>`, 'svc-add-to-cart');
    (await find<HTMLButtonElement>(button, 'button')).click();
    const error = await find(button, '[part=error]');
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.textContent).to.match(/\S/);
  });
});

describe('<svc-cart>', () => {
  it('shows the empty state (slot) without asking the server for a cart', async () => {
    const cart = await inStore<SvcCart>(html`<svc-cart><span slot="empty">Belum ada apa-apa</span></svc-cart>`, 'svc-cart');
    const state = await find(cart, '[part=state]');
    expect(state.querySelector('slot')!.assignedElements()[0].textContent).to.equal('Belum ada apa-apa');
    expect(storefrontOf(cart).client.guestToken()).to.equal(null); // no token was issued for nothing
    await expect(cart).to.be.accessible();
  });

  it('lists lines with prices and the subtotal', async () => {
    const cart = await filledCart() as SvcCart;
    await waitFor(() => lines(cart).length === 2, 4000, 'two lines');
    const text = textOf(cart);
    expect(text).to.contain('Kaos Polos Premium').and.contain('Hitam / S').and.contain('Rp 170.000').and.contain('E-book 100 Resep Nusantara');
    expect(squash(cart.shadowRoot!.querySelector('[part=subtotal]')!.textContent)).to.contain('Rp 219.000');
    expect(text).to.contain('3 barang').and.contain('Ongkos kirim dihitung saat checkout');
    await expect(cart).to.be.accessible();
  });

  it('labels its prices: one at quantity 1, from 2 on the total and "2 × unit"; a sale keeps its former price and the saving', async () => {
    const cart = await filledCart() as SvcCart; // Kaos Polos at Rp 85.000 (was Rp 110.000) × 2, the e-book × 1
    await waitFor(() => lines(cart).length === 2 && !lineOf(cart, 'Kaos').getAttribute('aria-busy')?.includes('true'), 4000, 'two lines');
    const kaos = lineOf(cart, 'Kaos');
    expect(partText(kaos, 'line-total')).to.equal('Rp 170.000 semula Rp 220.000'); // "semula" is for screen readers
    expect(kaos.querySelector('[part~=compare-at-price]')!.tagName).to.equal('S');
    expect(partText(kaos, 'line-unit-price')).to.equal('2 × Rp 85.000');
    expect(partText(kaos, 'line-saving')).to.equal('Hemat Rp 50.000');
    const ebook = lineOf(cart, 'E-book');
    expect(times(ebook, 'Rp 49.000')).to.equal(1);
    expect(ebook.querySelector('[part~=line-unit-price], [part~=compare-at-price], [part~=line-saving]')).to.equal(null);
    await expect(cart).to.be.accessible();

    const line = storefrontOf(cart).$cart.get().cart!.items.find((l) => l.variant_id === 101)!;
    await storefrontOf(cart).cart.update(line.id, 1);
    await waitFor(() => partText(lineOf(cart, 'Kaos'), 'line-saving') === 'Hemat Rp 25.000', 4000, 'the saving of one');
    const one = lineOf(cart, 'Kaos');
    expect(one.querySelector('[part~=line-unit-price]')).to.equal(null);
    expect(times(one, 'Rp 85.000')).to.equal(1);
    expect(partText(one, 'line-total')).to.equal('Rp 85.000 semula Rp 110.000');
  });

  it('names the store\'s fee from the real server, asked once the cart comes into view and again only for other lines', async () => {
    const button = await filledCart(html`<svc-cart-button></svc-cart-button>`, 'svc-cart-button') as SvcCartButton;
    const summaries = sentSummaries(storefrontOf(button).client.guestToken()!);
    try {
      const dialog = await find<HTMLDialogElement>(button, 'dialog');
      const cart = dialog.querySelector<SvcCart>('svc-cart')!;
      await waitFor(() => lines(cart).length === 2, 4000, 'lines in the closed drawer');
      await aTimeout(100);
      expect(summaries, 'nothing asked while the drawer is closed').to.deep.equal([]);
      const open = await find<HTMLButtonElement>(button, '[part=button]');
      open.click();
      const fee = await find(cart, '[part=fee]');
      expect([...fee.children].map((c) => squash(c.textContent))).to.deep.equal(['Biaya layanan', 'Rp 2.500']);
      expect(textOf(cart)).to.contain('Ongkos kirim dihitung saat checkout');
      expect(summaries).to.deep.equal([{ partial: true, items: [
        { type: 'variant', variant_id: 101, quantity: 2 }, { type: 'variant', variant_id: 109, quantity: 1 }] }]);
      await Promise.all(dialog.getAnimations().map((a) => a.finished));
      await expect(button).to.be.accessible();

      button.close();
      await seen(cart, false);
      open.click(); // the same lines: the answer stands
      await seen(cart, true);
      await aTimeout(100);
      expect(summaries).to.have.length(1);
      const line = storefrontOf(button).$cart.get().cart!.items[0]!;
      await storefrontOf(button).cart.update(line.id, line.quantity + 1); // changed in view: asked at the next opening
      await aTimeout(100);
      expect(summaries).to.have.length(1);
      button.close();
      await seen(cart, false);
      open.click();
      await waitFor(() => summaries.length === 2, 4000, 'asked again for the new lines');
      expect(summaries[1]).to.deep.include({ partial: true });
      button.close();
    } finally {
      summaries.stop();
    }
  });

  it('changes quantities with the stepper and the input', async () => {
    const cart = await filledCart() as SvcCart;
    await waitFor(() => lines(cart).length === 2, 4000, 'two lines');
    const first = lines(cart).find((l) => l.textContent!.includes('Kaos'))!;
    const changed = oneEvent(cart, 'svc-cart-change') as Promise<CartChangeEvent>;
    (first.querySelectorAll<HTMLButtonElement>('[part=quantity-button]')[1]).click();
    expect((await changed).detail.action).to.equal('update');
    expect(storefrontOf(cart).$cart.get().cart!.items.find((l) => l.variant_id === 101)!.quantity).to.equal(3);
    const input = first.querySelector<HTMLInputElement>('[part=quantity-input]')!;
    input.value = '5';
    input.dispatchEvent(new Event('change'));
    await waitFor(() => storefrontOf(cart).$cart.get().cart!.items.find((l) => l.variant_id === 101)!.quantity === 5, 4000, 'quantity 5');
    await waitFor(() => squash(cart.shadowRoot!.querySelector('[part=subtotal]')!.textContent).includes('Rp 474.000'), 4000, 'new subtotal');
  });

  it('removes a line and keeps focus inside the cart', async () => {
    const cart = await filledCart() as SvcCart;
    await waitFor(() => lines(cart).length === 2, 4000, 'two lines');
    const remove = lines(cart)[0].querySelector<HTMLButtonElement>('[part=remove]')!;
    expect(remove.getAttribute('aria-label')).to.match(/^Hapus /);
    const changed = oneEvent(cart, 'svc-cart-change') as Promise<CartChangeEvent>;
    remove.focus();
    remove.click();
    expect((await changed).detail.action).to.equal('remove');
    await waitFor(() => lines(cart).length === 1, 4000, 'one line');
    expect(cart.shadowRoot!.activeElement?.getAttribute('part')).to.equal('heading');
  });

  it('fires a cancelable svc-checkout-request and otherwise follows checkout-url', async () => {
    const cart = await filledCart(html`<svc-cart checkout-url="#checkout-page"></svc-cart>`) as SvcCart;
    const checkout = await find<HTMLButtonElement>(cart, '[part=checkout]');
    await waitFor(() => !checkout.disabled, 4000, 'checkout enabled');
    cart.addEventListener('svc-checkout-request', (e) => e.preventDefault(), { once: true });
    const request = oneEvent(cart, 'svc-checkout-request') as Promise<CheckoutRequestEvent>;
    checkout.click();
    expect((await request).detail.cart.item_count).to.equal(3);
    expect(location.hash).to.equal('');
    checkout.click();
    await waitFor(() => location.hash === '#checkout-page', 2000, 'navigation');
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('switches to the customer cart on sign-in, without the element knowing', async () => {
    const cart = await filledCart() as SvcCart;
    const storefront = storefrontOf(cart);
    await waitFor(() => lines(cart).length === 2, 4000, 'guest lines');
    await storefront.signIn(BUYER); // the session merges the guest cart into the customer's
    await waitFor(() => storefront.$cart.get().source === 'customer', 4000, 'customer cart');
    const ours = storefront.$cart.get().cart!.items.filter((l) => l.variant_id === 101 || l.variant_id === 109);
    expect(ours.length).to.equal(2);
    await waitFor(() => lines(cart).length === storefront.$cart.get().cart!.items.length, 4000, 'customer lines shown');
    const added: Record<number, number> = { 101: 2, 109: 1 };
    for (const line of ours) await storefront.cart.update(line.id, line.quantity - added[line.variant_id!]); // leave the shared account as it was
    await storefront.signOut();
  });

  it('speaks English under lang="en"', async () => {
    const cart = await filledCart(html`<svc-cart lang="en"></svc-cart>`) as SvcCart;
    await waitFor(() => lines(cart).length === 2, 4000, 'two lines');
    expect(textOf(cart)).to.contain('Cart').and.contain('3 items').and.contain('Check out').and.contain('Shipping is calculated at checkout')
      .and.contain('You save');
  });
});

describe('<svc-cart-button>', () => {
  it('shows the item count and opens the cart drawer; Escape closes it and focus returns', async () => {
    const button = await filledCart(html`<svc-cart-button></svc-cart-button>`, 'svc-cart-button') as SvcCartButton;
    const open = await find<HTMLButtonElement>(button, '[part=button]');
    await waitFor(() => button.shadowRoot!.querySelector('[part=badge]')?.textContent === '3', 4000, 'badge 3');
    expect(open.getAttribute('aria-label')).to.equal('Keranjang, 3 barang');
    await expect(button).to.be.accessible();
    open.focus();
    open.click();
    const dialog = button.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).to.equal(true);
    const cart = dialog.querySelector<SvcCart>('svc-cart')!;
    await waitFor(() => lines(cart).length === 2, 4000, 'lines in the drawer');
    await Promise.all(dialog.getAnimations().map((a) => a.finished));
    await expect(button).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog.open, 2000, 'closed');
    expect(button.shadowRoot!.activeElement).to.equal(open);
  });

  it('closes the drawer on the way to an in-page checkout, unless a listener cancels the request', async () => {
    const button = await filledCart(html`<svc-cart-button checkout-url="#checkout-here"></svc-cart-button>`, 'svc-cart-button') as SvcCartButton;
    const open = await find<HTMLButtonElement>(button, '[part=button]');
    const dialog = button.shadowRoot!.querySelector('dialog')!;
    const checkout = async () => {
      const cartCheckout = await find<HTMLButtonElement>(dialog.querySelector('svc-cart')!, '[part=checkout]');
      await waitFor(() => !cartCheckout.disabled, 4000, 'checkout enabled');
      cartCheckout.click();
    };
    open.click();
    const cancel = (e: Event) => e.preventDefault();
    document.addEventListener('svc-checkout-request', cancel, { once: true }); // the page's own review step
    await checkout();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.open, 'a cancelled request keeps the drawer').to.equal(true);
    expect(location.hash).to.equal('');

    await checkout();
    await waitFor(() => !dialog.open, 2000, 'the drawer closed');
    expect(location.hash).to.equal('#checkout-here');
    expect(button.shadowRoot!.activeElement, 'focus does not jump back to the cart icon').to.not.equal(open);
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('opens by itself on add with open-on-add, only for its own store', async () => {
    const button = await inStore<SvcCartButton>(html`<svc-cart-button open-on-add></svc-cart-button><svc-add-to-cart variant-id="109"></svc-add-to-cart>`, 'svc-cart-button');
    const dialog = await find<HTMLDialogElement>(button, 'dialog');
    button.dispatchEvent(new CustomEvent('svc-cart-change', { bubbles: true, composed: true, detail: { action: 'add', storeId: 'other-store' } }));
    expect(dialog.open).to.equal(false);
    (await find<HTMLButtonElement>(button.parentElement!.querySelector('svc-add-to-cart')!, 'button')).click();
    await waitFor(() => dialog.open, 4000, 'drawer open');
    button.close();
  });
});
