import { expect, html } from '@open-wc/testing';
import type { SvcCart } from '../../../src/elements/cart/cart.ts';
import type { SvcCatalog } from '../../../src/elements/catalog/catalog.ts';
import type { SvcStore } from '../../../src/elements/store/store.ts';
import { find, findAll, inStore, squash, waitFor } from './helpers.ts';

type Axe = {
  setup(node: Node): unknown;
  teardown(): void;
  utils: { getNodeFromTree(node: Node): unknown };
  commons: { text: { accessibleTextVirtual(node: unknown): string } };
};

/**
 * The accessible name of `node` as axe-core computes it (the accessible-name algorithm over the flattened tree,
 * shadow roots included). axe is on the page once a `to.be.accessible()` check ran.
 */
function accessibleName(node: Element): string {
  const axe = (window as unknown as { axe: Axe }).axe;
  axe.setup(document);
  try {
    return squash(axe.commons.text.accessibleTextVirtual(axe.utils.getNodeFromTree(node)));
  } finally {
    axe.teardown();
  }
}

describe('screen-reader names', () => {
  it('a catalog card reads its name first, then its price, the old price marked "semula"/"was"; it looks as before', async () => {
    const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="40"></svc-catalog>`, 'svc-catalog');
    await waitFor(() => findAll(catalog, '[part=card]').length > 0, 8000, 'cards');
    await expect(catalog).to.be.accessible();
    const card = (name: string) => findAll(catalog, '[part=card]').find((c) => c.querySelector('[part=card-name]')!.textContent === name)!;

    // name, price, the old price marked, the category, then the badges
    expect(accessibleName(card('Kaos Polos Premium'))).to.equal('Kaos Polos Premium Rp 85.000–Rp 90.000 semula Rp 110.000 Kaos & Atasan Hemat');
    expect(accessibleName(card('E-book 100 Resep Nusantara'))).to.equal('E-book 100 Resep Nusantara Rp 49.000 Produk Digital Digital'); // no old price
    expect(accessibleName(card('Masker Kain'))).to.match(/^Masker Kain Rp [\d.]+ Aksesoris Habis$/);
    // a sighted buyer still sees the image and its badges on top, the category above the name
    const kaos = card('Kaos Polos Premium');
    const top = (part: string) => kaos.querySelector(`[part~=${part}]`)!.getBoundingClientRect().top;
    expect(top('card-media')).to.be.below(top('card-category'));
    expect(top('card-category')).to.be.below(top('card-name'));
    expect(top('card-name')).to.be.below(top('price'));
    expect(squash(kaos.querySelector('[part=compare-at-price]')!.textContent)).to.equal('semula Rp 110.000'); // "semula" is sr-only

    catalog.closest<SvcStore>('svc-store')!.setAttribute('lang', 'en');
    await waitFor(() => accessibleName(card('Kaos Polos Premium')).includes('was Rp 110.000'), 2000, 'the English name');
    expect(accessibleName(card('Kaos Polos Premium'))).to.equal('Kaos Polos Premium Rp 85.000–Rp 90.000 was Rp 110.000 Kaos & Atasan Sale');
    await expect(catalog).to.be.accessible();
  });

  it('the cart\'s −, + and remove buttons name their line, in id and en', async () => {
    const cart = await inStore<SvcCart>(html`<svc-cart></svc-cart>`, 'svc-cart');
    const storefront = cart.closest<SvcStore>('svc-store')!.storefront!;
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 2 });
    await storefront.cart.add({ type: 'variant', variant_id: 109, quantity: 1 });
    await waitFor(() => findAll(cart, '[part=line]').length === 2, 4000, 'two lines');
    await expect(cart).to.be.accessible();
    const names = () => findAll(cart, '[part=line]').map((line) => [...line.querySelectorAll('button, input')].map(accessibleName));
    const kaos = 'Kaos Polos Premium (Hitam / S)';
    const ebook = 'E-book 100 Resep Nusantara (PDF)';
    expect(names()).to.deep.equal([
      [`Kurangi satu ${kaos}`, `Jumlah: ${kaos}`, `Tambah satu ${kaos}`, `Hapus ${kaos}`],
      [`Kurangi satu ${ebook}`, `Jumlah: ${ebook}`, `Tambah satu ${ebook}`, `Hapus ${ebook}`],
    ]);

    cart.closest<SvcStore>('svc-store')!.setAttribute('lang', 'en');
    await waitFor(() => names()[0]![0]!.startsWith('Remove one'), 2000, 'the English names');
    expect(names()[0]).to.deep.equal([`Remove one ${kaos}`, `Quantity: ${kaos}`, `Add one ${kaos}`, `Remove ${kaos}`]);
    await expect(cart).to.be.accessible();

    // the named button does what it says
    (await find<HTMLButtonElement>(cart, `[part=quantity-button][aria-label="Add one ${kaos}"]`)).click();
    await waitFor(() => storefront.$cart.get().cart!.items.find((l) => l.variant_id === 101)!.quantity === 3, 4000, 'one more Kaos');
  });
});
