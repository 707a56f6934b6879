// The script-tag entry defines what a catalog page shows at once and loads every other element on first use.
import { expect } from '@open-wc/testing';
import { html, type LitElement } from 'lit';
import { defineAll } from '../../../src/index.ts';
import { find, inStore } from './helpers.ts';

const EAGER = ['svc-store', 'svc-catalog', 'svc-add-to-cart', 'svc-cart-button'];
const LAZY = ['svc-cart', 'svc-product', 'svc-location-picker', 'svc-sign-in', 'svc-checkout', 'svc-order-status', 'svc-payment-instructions', 'svc-account'];

describe('elements loaded on first use', () => {
  it('defines the catalog elements at once, and another one when its tag appears', async () => {
    for (const tag of EAGER) expect(customElements.get(tag), tag).to.not.equal(undefined);
    for (const tag of LAZY) expect(customElements.get(tag), tag).to.equal(undefined);

    const signIn = await inStore<LitElement>(html`<svc-sign-in lang="en"></svc-sign-in>`, 'svc-sign-in');
    await customElements.whenDefined('svc-sign-in');
    await find(signIn, 'form');
    expect(customElements.get('svc-location-picker'), 'only what appeared').to.equal(undefined);
  });

  it('fetches the quick view\'s <svc-product> once the pointer reaches the catalog\'s cards, before any click', async () => {
    const catalog = await inStore<LitElement>(html`<svc-catalog page-size="2" hide-filter hide-count></svc-catalog>`, 'svc-catalog');
    const card = await find(catalog, '[part=card]');
    expect(customElements.get('svc-product')).to.equal(undefined);
    card.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
    await customElements.whenDefined('svc-product');
  });

  it('fetches the cart drawer\'s <svc-cart> when the shopper reaches for the cart button, and opens it with its lines', async () => {
    const button = await inStore<LitElement>(html`<svc-cart-button></svc-cart-button>`, 'svc-cart-button');
    const open = await find<HTMLButtonElement>(button, '[part=button]');
    open.dispatchEvent(new PointerEvent('pointerenter'));
    await customElements.whenDefined('svc-cart');
    open.click();
    const dialog = button.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).to.equal(true);
    await find(dialog.querySelector<LitElement>('svc-cart')!, '[part=base]');
    dialog.close();
  });

  it('defines all of them with defineAll() (for tags inside shadow roots)', async () => {
    await defineAll();
    for (const tag of LAZY) expect(customElements.get(tag), tag).to.not.equal(undefined);
  });
});
