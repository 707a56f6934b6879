import { expect } from '@open-wc/testing';
import { mountTemplate, shows, squash } from './helpers.ts';

describe('templates smoke', () => {
  it('renders a product', async () => {
    const root = await mountTemplate(`<svc-context type="product" slug="kaos-polos" href-template="/p/{slug}">
      <template><h1 data-svc-text="product.name">x</h1><a class="go" href="{{ product.url }}">Go {{ product.slug }}</a>
        <p class="price" data-svc-money="variant.price"></p><img data-svc-media="product.image" alt="">
        <p class="sale" data-svc-if="product.on_sale">Sale</p>
        <ul><template data-svc-each="product.options"><li>{{ option.name }}: <template data-svc-each="option.values"><b data-svc-class-on="value.selected">{{ value.name }}</b></template></li></template></ul>
      </template>
      <p data-svc-placeholder>Loading…</p>
    </svc-context>`);
    const h1 = await shows(root, 'h1');
    expect(h1.textContent).to.equal('Kaos Polos Premium');
    expect(root.querySelector('[data-svc-placeholder]')).to.equal(null);
    console.log(root.querySelector('svc-context')!.innerHTML);
    expect(root.querySelector('a.go')!.getAttribute('href')).to.equal('/p/kaos-polos');
    expect(squash(root.querySelector('.price')!.textContent)).to.equal('Rp 85.000');
  });
});
