/**
 * The merchant's own controls: choosing a variant (the selector's swatches and pills, a merchant's select, radios and
 * buttons) drives price, image, stock and add-to-cart; quantities; add to cart and buy now; a cart line's quantity
 * and removal; the cart drawer; busy and error states on the control and in the scope; and the analytics funnel.
 */
import { expect, oneEvent } from '@open-wc/testing';
import { http, passthrough } from 'msw';
import type { FunnelEvent } from '../../../src/analytics/funnel.ts';
import type { CheckoutRequestEvent } from '../../../src/elements/shared/cart-events.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import type { SvcVariantSelector } from '../../../src/elements/variant-selector/variant-selector.ts';
import { startWorker, worker } from '../support/msw.ts';
import { SHIRT, SWATCH } from '../support/swatch-store.ts';
import { mountTemplate, shows, squash, waitFor } from './helpers.ts';

const STORE_PATH = `/v3/stores/${SWATCH.id}`;
const PRODUCT = (controls: string) => `<svc-context type="product" slug="${SHIRT.slug}"><template>
    <img class="main" data-svc-media="product.image" alt="">
    <p class="price" data-svc-money="product.price"></p>
    <p class="stock" data-svc-if="variant.available">{{ variant.stock }} left</p><p class="out" data-svc-if="!product.available">Sold out</p>
    ${controls}
    <button class="minus" type="button" data-svc-action="decrement">−</button>
    <input class="qty" type="number" data-svc-quantity aria-label="Quantity">
    <button class="plus" type="button" data-svc-action="increment">+</button>
    <button class="add" type="button" data-svc-action="add-to-cart" data-svc-attr-disabled="!product.available">Add <span data-svc-if="busy">…</span></button>
    <p class="problem" data-svc-error hidden></p>
  </template></svc-context>
  <svc-context type="cart"><template>
    <ul><template data-svc-each="cart.items"><li class="line">{{ line.variant_name }} × {{ line.quantity }}</li></template></ul>
  </template></svc-context>`;

const text = (root: ParentNode, selector: string) => squash(root.querySelector(selector)?.textContent);
const lines = (root: ParentNode) => [...root.querySelectorAll('li.line')].map((li) => squash(li.textContent));

/** Clicks the selector's value labelled `label` (inside its shadow root). */
function pick(selector: SvcVariantSelector, label: string) {
  const value = [...selector.shadowRoot!.querySelectorAll<HTMLLabelElement>('[part~=value]')].find((l) => squash(l.textContent).startsWith(label));
  if (!value) throw new Error(`no value ${label}`);
  value.querySelector('input')!.click();
}

describe('template actions', () => {
  before(() => startWorker());
  afterEach(() => worker.resetHandlers());

  it('the variant selector drives price, image, stock and what is added', async () => {
    const root = await mountTemplate(PRODUCT(`<svc-variant-selector type="swatches" option="Warna"></svc-variant-selector>
      <svc-variant-selector option="Ukuran"></svc-variant-selector>`), { store: SWATCH });
    await shows(root, 'svc-variant-selector');
    const [colours, sizes] = [...root.querySelectorAll<SvcVariantSelector>('svc-variant-selector')];
    await waitFor(() => !!colours!.shadowRoot?.querySelector('[part~=swatch-merah]'), 6000, 'the swatches');
    expect(text(root, '.price')).to.equal('Rp 150.000');
    expect(text(root, '.stock')).to.equal('3 left');
    const changes: unknown[] = [];
    root.addEventListener('svc-variant-change', (e) => changes.push(e.detail.variant?.id));
    pick(colours!, 'Biru');
    await waitFor(() => text(root, '.price') === 'Rp 165.000', 4000, 'the blue price');
    expect(root.querySelector('img.main')!.getAttribute('src')).to.equal(SHIRT.blue.image);
    expect(text(root, '.out')).to.equal('Sold out'); // Biru / S
    expect(root.querySelector('button.add')!.hasAttribute('disabled')).to.equal(true);
    expect(sizes!.shadowRoot!.querySelector('[part~=value-selected]')!.textContent).to.include('S');
    pick(sizes!, 'M');
    await waitFor(() => text(root, '.stock') === '20 left', 4000, 'Biru / M in stock, its own stock');
    expect(changes).to.deep.equal([SHIRT.variants.blueS, SHIRT.variants.blueM]);
    root.querySelector<HTMLButtonElement>('button.add')!.click();
    await waitFor(() => lines(root).join() === 'Biru / M × 1', 4000, 'the line');
  });

  it('a merchant\'s select, radios and buttons choose too; quantity controls stay within the stock', async () => {
    const root = await mountTemplate(PRODUCT(`<select class="size" data-svc-option="Ukuran"><option>S</option><option>M</option></select>
      <label><input type="radio" name="c" data-svc-option="Warna" value="Merah"> Merah</label><label><input type="radio" name="c" data-svc-option="Warna" value="Biru"> Biru</label>
      <template data-svc-each="product.options"><div class="opt"><template data-svc-each="option.values"><button type="button" class="v" data-svc-action="choose"
        data-svc-attr-aria-pressed="value.selected" data-svc-class-gone="!value.available">{{ value.name }}</button></template></div></template>`), { store: SWATCH });
    await shows(root, 'select.size');
    const select = root.querySelector<HTMLSelectElement>('select.size')!;
    const radios = [...root.querySelectorAll<HTMLInputElement>('input[type=radio]')];
    expect([select.value, radios[0]!.checked, radios[1]!.checked]).to.deep.equal(['S', true, false]);
    select.value = 'M';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => text(root, '.stock') === '10 left', 4000, 'Merah / M');
    radios[1]!.click();
    await waitFor(() => text(root, '.stock') === '20 left', 4000, 'Biru / M');
    const pressed = () => [...root.querySelectorAll('button.v')].map((b) => `${squash(b.textContent)}:${b.getAttribute('aria-pressed')}`);
    expect(pressed()).to.deep.equal(['Merah:false', 'Biru:true', 'S:false', 'M:true']);
    expect(root.querySelector('button.v.gone')!.textContent, 'with Biru, S is sold out').to.equal('S');
    [...root.querySelectorAll<HTMLButtonElement>('button.v')][0]!.click();
    await waitFor(() => text(root, '.stock') === '10 left', 4000, 'Merah / M again');
    expect([select.value, radios[0]!.checked]).to.deep.equal(['M', true]);
    // the quantity: Merah / S has 3 left
    [...root.querySelectorAll<HTMLButtonElement>('button.v')][2]!.click();
    await waitFor(() => text(root, '.stock') === '3 left', 4000, 'Merah / S');
    const quantity = root.querySelector<HTMLInputElement>('input.qty')!;
    expect([quantity.value, quantity.max]).to.deep.equal(['1', '3']);
    for (let i = 0; i < 4; i++) root.querySelector<HTMLButtonElement>('button.plus')!.click();
    expect(quantity.value).to.equal('3');
    root.querySelector<HTMLButtonElement>('button.minus')!.click();
    quantity.value = '7';
    quantity.dispatchEvent(new Event('change', { bubbles: true }));
    expect(quantity.value, 'typed beyond the stock').to.equal('3');
    root.querySelector<HTMLButtonElement>('button.add')!.click();
    await waitFor(() => lines(root).join() === 'Merah / S × 3', 4000, 'three added');
  });

  it('busy while the cart answers, then an error the template shows; the control says both', async () => {
    const root = await mountTemplate(PRODUCT(''), { store: SWATCH });
    const add = await shows<HTMLButtonElement>(root, 'button.add');
    await (root as SvcStore).storefront!.cart.add({ type: 'variant', variant_id: SHIRT.variants.redS, quantity: 3 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    worker.use(http.post(`${location.origin}${STORE_PATH}/public/cart/items`, async () => (await held, passthrough()), { once: true }));
    const failed = oneEvent(root, 'svc-error');
    add.click();
    expect([add.getAttribute('data-svc-state'), add.getAttribute('aria-busy'), text(add, 'span')]).to.deep.equal(['busy', 'true', '…']);
    add.click(); // a second press while busy does nothing
    release();
    const { detail } = await failed;
    expect(detail.message).to.equal('Not enough stock.'); // 4 of 3
    const problem = root.querySelector<HTMLElement>('.problem')!;
    expect([problem.hidden, squash(problem.textContent)]).to.deep.equal([false, 'Not enough stock.']);
    expect([add.getAttribute('data-svc-state'), add.hasAttribute('aria-busy'), add.querySelector('span')]).to.deep.equal(['error', false, null]);
    expect(lines(root).join()).to.equal('Merah / S × 3');
  });

  it('a cart line\'s quantity and removal, busy per line; checkout from the drawer', async () => {
    const root = await mountTemplate(`<button class="open" data-svc-action="open-cart">Cart</button>
      <dialog data-svc-cart-drawer data-svc-open-on-add checkout-url="/nowhere"><svc-context type="cart"><template>
        <template data-svc-each="cart.items"><div class="row"><span class="name">{{ line.variant_name }}</span>
          <button class="less" data-svc-action="decrement">−</button><input class="n" type="number" data-svc-quantity aria-label="Jumlah">
          <button class="more" data-svc-action="increment">+</button><button class="rm" data-svc-action="remove">Remove</button>
          <em data-svc-if="busy">saving</em></div></template>
        <b class="sum" data-svc-money="cart.subtotal"></b><button class="pay" data-svc-action="checkout">Checkout</button>
        <button class="x" data-svc-action="close-cart">Close</button></template></svc-context></dialog>
      ${PRODUCT('').replace(/<svc-context type="cart">[^]*$/, '')}`, { store: SWATCH });
    const dialog = root.querySelector('dialog')!;
    await shows(root, 'button.add');
    root.querySelector<HTMLButtonElement>('button.add')!.click();
    await waitFor(() => dialog.open && !!root.querySelector('.row'), 4000, 'the drawer opens on add');
    expect(text(root, '.sum')).to.equal('Rp 150.000');
    root.querySelector<HTMLButtonElement>('.x')!.click();
    expect(dialog.open).to.equal(false);
    root.querySelector<HTMLButtonElement>('button.open')!.click();
    expect(dialog.open).to.equal(true);

    const more = root.querySelector<HTMLButtonElement>('.more')!;
    more.click();
    expect([more.getAttribute('data-svc-state'), text(root, '.row em')]).to.deep.equal(['busy', 'saving']);
    await waitFor(() => text(root, '.sum') === 'Rp 300.000' && !root.querySelector('.row em'), 4000, 'two');
    const input = root.querySelector<HTMLInputElement>('input.n')!;
    expect(input.value).to.equal('2');
    input.value = '3';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => text(root, '.sum') === 'Rp 450.000', 4000, 'three');
    root.querySelector<HTMLButtonElement>('.less')!.click();
    await waitFor(() => text(root, '.sum') === 'Rp 300.000', 4000, 'two again');

    const request = oneEvent(root, 'svc-checkout-request') as Promise<CheckoutRequestEvent>;
    root.addEventListener('svc-checkout-request', (e) => e.preventDefault(), { once: true }); // stay on the test page
    root.querySelector<HTMLButtonElement>('.pay')!.click();
    expect((await request).detail.cart.item_count).to.equal(2);
    root.querySelector<HTMLButtonElement>('.rm')!.click();
    await waitFor(() => !root.querySelector('.row'), 4000, 'removed');
  });

  it('buy now adds, then asks to check out', async () => {
    const root = await mountTemplate(PRODUCT('<a class="buy" href="/checkout-page" data-svc-action="buy-now">Buy now</a>'), { store: SWATCH });
    const buy = await shows<HTMLAnchorElement>(root, 'a.buy');
    const request = oneEvent(root, 'svc-checkout-request') as Promise<CheckoutRequestEvent>;
    root.addEventListener('svc-checkout-request', (e) => e.preventDefault(), { once: true });
    buy.click();
    const { detail } = await request;
    expect(detail.cart.items.map((l) => l.variant_id)).to.deep.equal([SHIRT.variants.redS]);
  });

  it('reports the funnel as the elements do: view_item_list, select_item, view_item, add_to_cart', async () => {
    const seen: string[] = [];
    const record = (e: FunnelEvent) => seen.push(`${e.detail.name}:${e.detail.params.items.map((i) => i.item_id).join(',')}`);
    document.addEventListener('svc-analytics', record);
    try {
      const root = await mountTemplate(`<svc-list page-size="2" href-template="#p-{slug}"><template><a class="card" href="{{ url }}">{{ name }}</a></template></svc-list>
        ${PRODUCT('')}`, { store: SWATCH });
      await shows(root, 'a.card');
      await shows(root, 'button.add');
      root.addEventListener('svc-item-select', (e) => e.preventDefault(), { once: true });
      root.querySelectorAll<HTMLAnchorElement>('a.card')[1]!.click();
      expect(location.hash, 'cancelled: the link is not followed').to.equal('');
      root.querySelector<HTMLButtonElement>('button.add')!.click();
      await waitFor(() => seen.some((s) => s.startsWith('add_to_cart')), 4000, 'add_to_cart');
      expect(seen).to.include.members([
        'view_item_list:product:7001,product:7002', 'select_item:product:7002', `view_item:variant:${SHIRT.variants.redS}`, `add_to_cart:variant:${SHIRT.variants.redS}`]);
      expect(seen.filter((s) => s.startsWith('view_item:'))).to.have.length(1);
    } finally {
      document.removeEventListener('svc-analytics', record);
    }
  });
});
