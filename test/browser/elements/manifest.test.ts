import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/index.ts';
import '../../../src/elements/checkout/checkout.ts';
import '../../../src/elements/order-status/order-status.ts';
import '../../../src/elements/account/account.ts';
import type { SvcCheckout } from '../../../src/elements/checkout/checkout.ts';
import type { SvcLocationPicker } from '../../../src/elements/location-picker/location-picker.ts';
import { BUYER, clearStorage } from '../support/server.ts';
import { BUYER_CONTACT, choose, createPayment, find, findAll, inStore, mount, placeOrder, query, textOf, type, waitFor } from './helpers.ts';

// custom-elements.json (dist/, from `npm run build`, served by the test server) against the rendered elements: every
// part an element renders in the states below is documented, and every svc event fired on the way is documented
// on the element that fired it. The other way round (every documented part is in some template, every documented
// event fired by some code) is checked statically by test/server/element-manifest.test.ts: many parts show only in
// states this test does not reach (errors, expired payments…).
type Named = { name: string };
type Declaration = { tagName?: string; cssParts?: Named[]; events?: Named[] };
let documented: Map<string, { parts: string[]; events: string[] }>;

/** The `part` names in `host`'s own shadow root (not inside nested elements: they document their own). */
const renderedParts = (host: Element) => [...new Set(findAll(host, '[part]').flatMap((e) => e.getAttribute('part')!.split(/\s+/).filter(Boolean)))];

const seen = new Map<string, Set<string>>();
/** Every part `host` renders now is documented (`x-*` covers the parts forwarded from a nested element). */
function expectDocumentedParts(host: Element) {
  const tag = host.localName;
  const parts = documented.get(tag)!.parts;
  const rendered = renderedParts(host);
  expect(rendered.length, `${tag} renders parts`).to.be.greaterThan(0);
  const undocumented = rendered.filter((p) => !parts.some((d) => (d.endsWith('*') ? p.startsWith(d.slice(0, -1)) : d === p)));
  expect(undocumented, `${tag}: rendered but not in custom-elements.json`).to.deep.equal([]);
  const all = seen.get(tag) ?? new Set();
  rendered.forEach((p) => all.add(p));
  seen.set(tag, all);
}

const fired: { type: string; by: string }[] = [];
const record = (event: Event) => {
  if (!event.type.startsWith('svc-')) return;
  const by = event.composedPath().find((n): n is Element => n instanceof Element && n.localName.startsWith('svc-') && n.localName !== 'svc-store');
  if (by) fired.push({ type: event.type, by: by.localName });
};
const TYPES = ['svc-item-select', 'svc-variant-change', 'svc-cart-change', 'svc-checkout-request', 'svc-checkout-submit', 'svc-order-created',
  'svc-payment-created', 'svc-sign-in', 'svc-sign-out', 'svc-error', 'svc-list-change', 'svc-option-change'];

describe('custom-elements.json against rendered elements', () => {
  before(async () => {
    const res = await fetch('/dist/custom-elements.json');
    expect(res.status, 'dist/custom-elements.json: run `npm run build` first').to.equal(200);
    const manifest = (await res.json()) as { modules: { declarations?: Declaration[] }[] };
    documented = new Map(manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName)
      .map((d) => [d.tagName!, { parts: (d.cssParts ?? []).map((p) => p.name), events: (d.events ?? []).map((e) => e.name) }]));
    expect(documented.size).to.equal(15);
    TYPES.forEach((t) => document.addEventListener(t, record, true));
  });
  after(() => TYPES.forEach((t) => document.removeEventListener(t, record, true)));
  beforeEach(() => clearStorage());

  it('catalog, its quick view, product, add-to-cart, cart and cart button', async () => {
    const catalog = await inStore(html`<svc-catalog page-size="4"></svc-catalog>`, 'svc-catalog');
    await find(catalog, '[part~=card]');
    expectDocumentedParts(catalog);
    (await find<HTMLElement>(catalog, '[part~=card]')).click(); // svc-item-select, then the quick view
    const product = await find(catalog, 'svc-product');
    await find(product, '[part~=name]', 6000);
    expectDocumentedParts(catalog);
    expectDocumentedParts(product);

    const scope = await inStore(html`<div><svc-product slug="kaos-polos"></svc-product><svc-cart></svc-cart><svc-cart-button></svc-cart-button></div>`, 'div');
    const page = scope.querySelector('svc-product')!;
    await find(page, '[part~=option]', 6000);
    findAll(page, '[part~=option]').forEach((options) => options.querySelector('input')!.click()); // the first value of each
    const addToCart = await find(page, 'svc-add-to-cart', 6000); // once every option is chosen
    await waitFor(() => !query<HTMLButtonElement>(addToCart, 'button')?.disabled, 4000, 'a variant chosen');
    expectDocumentedParts(page);
    expectDocumentedParts(addToCart);
    query<HTMLButtonElement>(addToCart, 'button')!.click(); // svc-cart-change
    const cart = scope.querySelector('svc-cart')!;
    await find(cart, '[part~=line]', 6000);
    expectDocumentedParts(cart);
    const button = scope.querySelector('svc-cart-button')!;
    (await find<HTMLButtonElement>(button, '[part~=button]')).click();
    await waitFor(() => !!query<HTMLDialogElement>(button, 'dialog')?.open, 2000, 'the drawer');
    expectDocumentedParts(button);
  });

  it('location picker, sign-in, checkout, order status, payment instructions, account', async () => {
    const { storefront, element: checkout } = await mount<SvcCheckout>(html`<svc-checkout></svc-checkout>`);
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    await waitFor(() => findAll(checkout, '[part~=payment-method]').length > 0, 6000, 'payment methods');
    type(query(checkout, '#name'), BUYER_CONTACT.name);
    type(query(checkout, '#phone'), BUYER_CONTACT.phone);
    const picker = query<SvcLocationPicker>(checkout, 'svc-location-picker')!;
    expectDocumentedParts(picker);
    Object.assign(picker, { value: '327302', postalCode: '32208' });
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    type(query(checkout, '#address'), 'Jl. Dago No. 12');
    await waitFor(() => findAll(checkout, '[part~=shipping-option]').length > 0, 6000, 'shipping options');
    choose(checkout, 'payment-method', 'Cash on delivery');
    // the total with shipping (not the estimate before it, "+ shipping"), at rest
    await waitFor(() => !query(checkout, '[part~=total] [part~=total-note]') && !!query(checkout, '[part~=totals][aria-busy=false]'), 6000, 'summary total');
    expectDocumentedParts(checkout);
    query<HTMLFormElement>(checkout, 'form')!.requestSubmit(); // svc-checkout-submit, svc-order-created, svc-payment-created
    await waitFor(() => !!query(checkout, '[part~=order-number]'), 8000, 'the confirmation');
    expectDocumentedParts(checkout);

    const order = await placeOrder('virtual_account', 'bni');
    const status = (await mount(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`)).element;
    await waitFor(() => textOf(status).includes(order.order_number), 6000, 'the order');
    expectDocumentedParts(status);
    const instructions = await fixture(html`<svc-payment-instructions lang="en" .order=${await createPayment(order.secret_slug)}></svc-payment-instructions>`);
    await find(instructions, '[part~=account-number]');
    expectDocumentedParts(instructions);

    const { storefront: signedIn, element: account } = await mount(html`<svc-account></svc-account>`);
    const signIn = await find(account, 'svc-sign-in');
    await find(signIn, 'form');
    expectDocumentedParts(signIn);
    await signedIn.signIn(BUYER);
    await waitFor(() => textOf(account).includes(BUYER.email), 6000, 'the profile');
    expectDocumentedParts(account);
    (await find<HTMLButtonElement>(account, '[part~=sign-out]')).click(); // svc-sign-out
    await waitFor(() => fired.some((e) => e.type === 'svc-sign-out'), 4000, 'sign-out');
  });

  it('the merchant\'s templates: a list, a product context and its variant selector', async () => {
    const scope = await inStore(html`<div><svc-list page-size="2"><template><p class="card">{{ name }}</p></template></svc-list>
      <svc-context type="product" slug="kaos-polos"><template><svc-variant-selector swatches="Warna"></svc-variant-selector>
      <button class="add" data-svc-action="add-to-cart">+</button></template></svc-context></div>`, 'div');
    await waitFor(() => scope.querySelectorAll('svc-list .card').length === 2, 6000, 'the cards'); // svc-list-change
    await waitFor(() => !!scope.querySelector('svc-variant-selector'), 6000, 'the product rendered');
    const selector = scope.querySelector('svc-variant-selector')!;
    await find(selector, '[part~=swatch]', 6000);
    expectDocumentedParts(selector);
    findAll(selector, '[part~=value]')[1]!.querySelector('input')!.click(); // svc-option-change, svc-variant-change
    await waitFor(() => !!query(selector, '[part~=value-selected]')?.textContent?.includes('Putih'), 4000, 'Putih chosen');
    scope.querySelector<HTMLButtonElement>('button.add')!.click(); // svc-cart-change
    await waitFor(() => fired.some((f) => f.type === 'svc-cart-change' && f.by === 'svc-context'), 4000, 'added from the template');
  });

  it('every event fired above is documented on the element that fired it', () => {
    const types = new Set(fired.map((e) => e.type));
    for (const t of ['svc-item-select', 'svc-cart-change', 'svc-checkout-submit', 'svc-order-created', 'svc-sign-out']) expect(types, 'fired').to.include(t);
    const undocumented = fired.filter((e) => !documented.get(e.by)!.events.includes(e.type)).map((e) => `${e.by} ${e.type}`);
    expect([...new Set(undocumented)]).to.deep.equal([]);
    expect([...seen.keys()].sort()).to.have.length(12); // every element with a shadow root (the store and the templates have none)
  });
});
