import { aTimeout, expect, html, oneEvent } from '@open-wc/testing';
import { http, HttpResponse } from 'msw';
import type { SvcProduct } from '../../../src/elements/product/product.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import type { CartChangeEvent, VariantChangeEvent } from '../../../src/elements/shared/cart-events.ts';
import { startWorker, worker } from '../support/msw.ts';
import { requestCount, resetServerRequests } from '../support/server.ts';
import { find, findAll, inStore, squash, textOf, waitFor } from './helpers.ts';

const PRODUCTS = '/v3/stores/demo-store/public/products';
/** Mounted, with its chunk loaded (the autoloader fetches it when the tag appears). */
async function product(markup: ReturnType<typeof html>) {
  const el = await inStore<SvcProduct>(markup, 'svc-product');
  await customElements.whenDefined('svc-product');
  await el.updateComplete;
  return el;
}
const ready = (el: SvcProduct) => find(el, '[part=name]');
const radio = (el: SvcProduct, value: string) => findAll<HTMLInputElement>(el, 'input[type=radio]').find((r) => r.value === value)!;
const addButton = async (el: SvcProduct) => find<HTMLButtonElement>((await find(el, 'svc-add-to-cart')), 'button');
const storeOf = (el: Element) => el.closest<SvcStore>('svc-store')!.storefront!;

describe('<svc-product>', () => {
  before(() => startWorker());
  afterEach(() => worker.resetHandlers());

  it('renders the detail with options, live price, availability and description', async () => {
    await resetServerRequests();
    const el = await product(html`<svc-product slug="kaos-polos" variant-id="101"></svc-product>`);
    expect(findAll(el, '[part=skeleton]')).to.have.length(1);
    await ready(el);
    await waitFor(() => textOf(el).includes('Stok tersedia'), 4000, 'availability');
    const text = textOf(el);
    expect(text).to.contain('Kaos Polos Premium').and.contain('Kaos & Atasan').and.contain('Rp 85.000').and.contain('Rp 110.000');
    expect(findAll(el, 'fieldset legend').map((l) => l.textContent!.split(':')[0])).to.deep.equal(['Warna', 'Ukuran']);
    expect(el.variant?.id).to.equal(101);
    expect((await find(el, '[part=description] strong')).textContent).to.equal('combed 30s');
    expect(await requestCount('GET', '/v3/stores/demo-store/public/variants/pricing')).to.equal(1);
    expect(await requestCount('GET', '/v3/stores/demo-store/public/variants/101/availability')).to.equal(1);
    await expect(el).to.be.accessible();
  });

  it('leaves the size to the buyer: the colour (a photo each) starts chosen, the button names the size and leads to it', async () => {
    const el = await product(html`<svc-product slug="kaos-polos"></svc-product>`);
    await ready(el);
    expect(radio(el, 'Hitam').checked).to.equal(true);
    expect(['S', 'M', 'L', 'XL'].map((size) => radio(el, size).checked)).to.deep.equal([false, false, false, false]);
    expect(el.variant).to.equal(undefined);
    await waitFor(() => /^Rp 85\.000 ?– ?Rp 90\.000/.test(squash(el.shadowRoot!.querySelector('.info > [part=price]')!.textContent)), 4000, 'the range');
    expect(findAll(el, 'svc-add-to-cart')).to.have.length(0);
    expect(findAll(el, '[part=availability]')).to.have.length(0);
    const choose = await find<HTMLButtonElement>(el, '[part=add-to-cart]');
    expect(choose.textContent!.trim()).to.equal('Pilih ukuran');
    expect(choose.disabled, 'a button a screen reader can reach and press').to.equal(false);
    choose.click();
    const why = await find(el, '[part=option-error]');
    expect(why.getAttribute('role')).to.equal('alert');
    expect(why.textContent).to.contain('Pilih ukuran');
    expect(why.closest('fieldset')!.querySelector('legend')!.textContent).to.contain('Ukuran');
    expect(el.shadowRoot!.activeElement).to.equal(radio(el, 'S'));
    await expect(el).to.be.accessible();
    radio(el, 'L').click();
    await waitFor(() => findAll(el, 'svc-add-to-cart').length === 1, 2000, 'the add button');
    expect(el.variant!.id).to.equal(103);
    expect(findAll(el, '[part=option-error]')).to.have.length(0);
    expect(storeOf(el).$cart.get().cart?.items.length ?? 0, 'nothing was added before the size').to.equal(0);
  });

  it('shows the chosen variant\'s own photo, and a colour change leaves the size unchosen', async () => {
    const el = await product(html`<svc-product slug="kaos-polos"></svc-product>`);
    await ready(el);
    const photo = () => new URL(el.shadowRoot!.querySelector<HTMLImageElement>('[part=image]')!.src).pathname;
    expect(photo()).to.equal('/demo/img/kaos-polos.webp');
    radio(el, 'Putih').click();
    await el.updateComplete;
    expect(photo()).to.equal('/demo/img/kaos-polos-putih.webp');
    expect(el.variant, 'no size chosen for the buyer').to.equal(undefined);
    radio(el, 'M').click();
    await el.updateComplete;
    expect(el.variant!.id).to.equal(106);
    expect(photo()).to.equal('/demo/img/kaos-polos-putih.webp');
    radio(el, 'Hitam').click();
    await el.updateComplete;
    expect([el.variant!.id, photo()]).to.deep.equal([102, '/demo/img/kaos-polos.webp']);
  });

  it('puts the chosen variant\'s photo on its cart line', async () => {
    const el = await product(html`<svc-product slug="kaos-polos"></svc-product><svc-cart></svc-cart>`);
    await ready(el);
    radio(el, 'Putih').click();
    radio(el, 'S').click();
    await el.updateComplete;
    (await addButton(el)).click();
    const cart = el.parentElement!.querySelector('svc-cart')!;
    await waitFor(() => findAll(cart, '[part=line]').length === 1 && storeOf(el).$cart.get().pending === 0, 4000, 'the line');
    const image = await find<HTMLImageElement>(cart, '[part=line-image]');
    expect(new URL(image.src).pathname).to.equal('/demo/img/kaos-polos-putih.webp');
    expect(textOf(cart)).to.contain('Putih / S');
  });

  it('preselects every option of variant-id, and a product with one value has nothing to choose', async () => {
    const chosen = await product(html`<svc-product slug="kaos-polos" variant-id="107"></svc-product>`);
    await ready(chosen);
    expect(chosen.variant!.options).to.deep.equal({ Warna: 'Putih', Ukuran: 'L' });
    await find(chosen, 'svc-add-to-cart');
    const single = await product(html`<svc-product slug="topi-terbatas"></svc-product>`);
    await ready(single);
    expect(single.variant?.id).to.equal(111);
    await find(single, 'svc-add-to-cart');
  });

  it('selects variants with the option radios and fires svc-variant-change', async () => {
    const el = await product(html`<svc-product slug="kaos-polos"></svc-product>`);
    await ready(el);
    const change = oneEvent(el, 'svc-variant-change') as Promise<VariantChangeEvent>;
    radio(el, 'XL').click();
    expect((await change).detail.variant!.id).to.equal(104);
    await waitFor(() => textOf(el).includes('Rp 90.000'), 2000, 'XL price');
    radio(el, 'Putih').click();
    expect(el.variant!.options).to.deep.equal({ Warna: 'Putih', Ukuran: 'XL' });
    expect(el.variant!.id).to.equal(108);
    expect(radio(el, 'Putih').checked).to.equal(true);
  });

  it('moves between options with the arrow keys (native radio groups)', async () => {
    const el = await product(html`<svc-product slug="kaos-polos"></svc-product>`);
    await ready(el);
    radio(el, 'S').focus();
    const { sendKeys } = await import('@web/test-runner-commands');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => el.variant?.options.Ukuran === 'M', 2000, 'size M');
  });

  it('shows the price of the pricing route, not the cached detail', async () => {
    worker.use(http.get('*/v3/stores/demo-store/public/variants/pricing', () =>
      HttpResponse.json([101, 102, 103, 104, 105, 106, 107, 108].map((id) => ({ variant_id: id, product_id: 1, price: '79000', compare_at_price: null, currency: 'IDR' })))));
    const el = await product(html`<svc-product slug="kaos-polos"></svc-product>`);
    await waitFor(() => el.shadowRoot!.querySelector('.info > [part=price]')?.textContent!.includes('79.000') ?? false, 4000, 'live price');
    expect(el.shadowRoot!.querySelector('.info > [part=price] s')).to.equal(null); // the live answer has no compare-at price
  });

  it('caps the quantity by availability and says how many are left', async () => {
    const el = await product(html`<svc-product slug="topi-terbatas"></svc-product>`);
    await waitFor(() => textOf(el).includes('Sisa 3 lagi'), 4000, 'low stock');
    const input = await find<HTMLInputElement>(el, '[part=quantity-input]');
    expect(input.max).to.equal('3');
    const plus = findAll<HTMLButtonElement>(el, '[part=quantity-button]')[1];
    plus.click();
    await aTimeout(0);
    plus.click();
    await aTimeout(0);
    expect(input.value).to.equal('3');
    expect(plus.disabled).to.equal(true);
  });

  it('disables buying a sold-out product', async () => {
    const el = await product(html`<svc-product slug="masker-kain"></svc-product>`);
    await waitFor(() => textOf(el).includes('Habis'), 4000, 'sold out');
    expect((await addButton(el)).disabled).to.equal(true);
  });

  it('adds the chosen variant and quantity to the cart', async () => {
    const el = await product(html`<svc-product slug="kaos-polos"></svc-product>`);
    await ready(el);
    radio(el, 'M').click();
    findAll<HTMLButtonElement>(el, '[part=quantity-button]')[1].click();
    await el.updateComplete;
    const added = oneEvent(el, 'svc-cart-change') as Promise<CartChangeEvent>;
    (await addButton(el)).click();
    const { detail } = await added;
    expect(detail.action).to.equal('add');
    expect(detail.item).to.deep.include({ type: 'variant', variant_id: 102, quantity: 2 });
    expect(detail.cart.items.map((l) => [l.variant_id, l.quantity])).to.deep.equal([[102, 2]]);
    expect(storeOf(el).$cart.get().cart!.item_count).to.equal(2);
  });

  it('opens and sells a product hidden from the catalog', async () => {
    const el = await product(html`<svc-product slug="produk-rahasia"></svc-product>`);
    await ready(el);
    expect(textOf(el)).to.contain('Produk Rahasia');
    (await addButton(el)).click();
    await waitFor(() => storeOf(el).$cart.get().cart?.items.length === 1, 4000, 'a line');
  });

  it('shows a bundle price option with its contents and adds it', async () => {
    const el = await product(html`<svc-product bundle-slug="paket-hemat"></svc-product>`);
    await ready(el);
    expect(textOf(el)).to.contain('Paket Hemat').and.contain('Isi paket').and.contain('3× Kaos Polos Premium — Hitam / M').and.contain('Rp 225.000');
    await expect(el).to.be.accessible();
    (await addButton(el)).click();
    await waitFor(() => storeOf(el).$cart.get().cart?.items[0]?.type === 'bundle_price_option', 4000, 'a bundle line');
  });

  it('says when the product does not exist', async () => {
    const el = await product(html`<svc-product slug="no-such-product"></svc-product>`);
    await find(el, '[part=state]');
    expect(textOf(el)).to.contain('Produk tidak ditemukan');
  });

  it('renders a hostile name as text and the description without anything active', async () => {
    const real = await (await fetch(`${PRODUCTS}/kaos-polos`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } })).json();
    const name = '<img src=x onerror="window.__xss=1">Kaos';
    worker.use(http.get(`*${PRODUCTS}/xss`, () => HttpResponse.json({
      ...real, slug: 'xss', name,
      description_html: '<p>Aman</p><img src=x onerror="window.__xss=2"><script>window.__xss=3</script>'
        + '<a href="javascript:window.__xss=4">tautan</a><iframe src="javascript:window.__xss=5"></iframe><form><input></form>'
        + '<svg><script>window.__xss=6</script></svg><style>*{display:none}</style>',
      options: [{ name: '<b onmouseover=alert(1)>Warna</b>', values: ['Hitam'] }],
      variants: real.variants.slice(0, 1).map((v: object) => ({ ...v, options: { '<b onmouseover=alert(1)>Warna</b>': 'Hitam' } })),
    })));
    const el = await product(html`<svc-product slug="xss"></svc-product>`);
    const heading = await ready(el);
    expect(heading.textContent).to.equal(name);
    expect(heading.children).to.have.length(0);
    const description = await find(el, '[part=description]');
    expect(description.textContent).to.contain('Aman');
    expect(description.querySelectorAll('script, iframe, form, input, style')).to.have.length(0);
    expect([...description.querySelectorAll('*')].some((n) => [...n.attributes].some((a) => a.name.startsWith('on')))).to.equal(false);
    expect(description.querySelector('a')?.getAttribute('href') ?? '').not.to.match(/javascript:/i);
    expect(el.shadowRoot!.querySelector('legend b')).to.equal(null);
    await aTimeout(100);
    expect((window as { __xss?: number }).__xss).to.equal(undefined);
  });

  it('speaks English under lang="en"', async () => {
    const el = await product(html`<svc-product lang="en" slug="topi-terbatas"></svc-product>`);
    await waitFor(() => textOf(el).includes('Only 3 left'), 4000, 'English availability');
    expect(textOf(el)).to.contain('Add to cart');
  });
});
