import { expect, html } from '@open-wc/testing';
import type { SvcCatalog } from '../../../src/elements/catalog/catalog.ts';
import type { SvcProduct } from '../../../src/elements/product/product.ts';
import { find, findAll, inStore, squash, waitFor } from './helpers.ts';

const cards = (catalog: SvcCatalog) => findAll(catalog, '[part=card]');
const loaded = (catalog: SvcCatalog, n: number) => waitFor(() => cards(catalog).length === n, 8000, `${n} cards`);

/** The catalog's quick view on a phone's screen (a viewport of 320 px: see test/driver-exclusions.mjs). */
describe('<svc-catalog> on a phone', () => {
  it('on a phone, the quick view keeps its add button in sight and leaves the size to the buyer', async () => {
    const { setViewport } = await import('@web/test-runner-commands');
    await setViewport({ width: 320, height: 568 });
    try {
      const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="2" hide-filter></svc-catalog>`, 'svc-catalog');
      await loaded(catalog, 2);
      cards(catalog)[0].click();
      const dialog = catalog.shadowRoot!.querySelector('dialog')!;
      await waitFor(() => dialog.open, 2000, 'the quick view');
      const product = dialog.querySelector<SvcProduct>('svc-product')!;
      const inSight = async (label: string) => {
        const button = await find(product, '[part=add-to-cart], svc-add-to-cart');
        await waitFor(() => squash(button.textContent || button.shadowRoot?.textContent).includes(label), 4000, label);
        const box = button.getBoundingClientRect();
        const sheet = dialog.getBoundingClientRect();
        return box.top >= sheet.top && box.bottom <= Math.min(sheet.bottom, innerHeight) && box.height >= 44;
      };
      await find(product, '[part=name]');
      expect(dialog.scrollTop).to.equal(0);
      expect(dialog.scrollHeight, 'the sheet scrolls: the button is kept, not just short content').to.be.greaterThan(dialog.clientHeight);
      expect(await inSight('Pilih ukuran'), '"Pilih ukuran" without scrolling').to.equal(true);
      const size = findAll<HTMLInputElement>(product, 'input[type=radio]').find((r) => r.value === 'M')!;
      size.click();
      dialog.scrollTop = 0;
      expect(await inSight('Tambah ke keranjang'), 'the add button without scrolling').to.equal(true);
      expect(Math.round(dialog.getBoundingClientRect().width), 'a sheet the screen\'s width').to.equal(320);
      await Promise.all(dialog.getAnimations().map((a) => a.finished)); // contrast is measured after the fade-in
      await expect(catalog).to.be.accessible();
      dialog.close();
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });
});
