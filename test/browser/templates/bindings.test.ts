/**
 * Every binding kind of a template, against the reference server: text, attributes (URLs, booleans, aria-*, negation),
 * classes, money with and without the symbol, media, conditions (in stock, on sale, has image), `{{ path }}` in text
 * and attributes, repeats, the sanitised description; and the bindings the vocabulary refuses, with the warning.
 */
import { expect } from '@open-wc/testing';
import type { SvcContext } from '../../../src/elements/templates/context.ts';
import { SHIRT, SWATCH } from '../support/swatch-store.ts';
import { mountTemplate, shows, squash, waitFor } from './helpers.ts';

const ran: unknown[] = [];
(window as unknown as { __xss: (what: unknown) => void }).__xss = (what) => ran.push(what);

const PRODUCT = `<svc-context type="product" slug="${SHIRT.slug}" href-template="/produk/{slug}">
  <template>
    <article class="product" data-svc-class-sold-out="!product.available">
      <h1 data-svc-text="product.name">—</h1>
      <p class="category">{{ product.category.name }}</p>
      <a class="link" data-svc-attr-href="product.url" data-svc-attr-aria-label="product.name">Lihat</a>
      <a class="written" href="/p/{{ product.slug }}?v={{ variant.id }}" title="{{ product.name }} ({{ variant.name }})">x</a>
      <img class="main" data-svc-media="product.image" data-svc-attr-alt="product.name" width="600" height="600">
      <img class="set" srcset="{{ product.image }} 1x" alt="">
      <span class="money" data-svc-money="variant.price"></span>
      <span class="amount" data-svc-amount="variant.price"></span>
      <s class="was" data-svc-if="product.on_sale" data-svc-money="variant.compare_at_price"></s>
      <p class="low" data-svc-if="variant.low_stock">Tinggal {{ variant.stock }}</p>
      <p class="out" data-svc-if="!product.available">Habis</p>
      <p class="pictured" data-svc-if="product.has_image">Foto</p>
      <button class="add" type="button" data-svc-action="add-to-cart" data-svc-attr-disabled="!product.available" data-svc-attr-aria-disabled="!product.available">Add</button>
      <div class="desc" data-svc-html="product.description_html"></div>
      <ul class="images"><template data-svc-each="product.images"><li data-svc-attr-data-n="position"><img data-svc-media="image" alt=""></li></template></ul>
    </article>
  </template>
  <div class="wait" data-svc-placeholder>…</div>
</svc-context>`;

const text = (root: ParentNode, selector: string) => squash(root.querySelector(selector)?.textContent);

describe('template bindings', () => {
  it('writes text, attributes, classes, money, media, conditions and repeats from the product', async () => {
    const root = await mountTemplate(PRODUCT, { store: SWATCH });
    const context = root.querySelector<SvcContext>('svc-context')!;
    await shows(root, 'h1');
    expect(root.querySelector('.wait'), 'the placeholder gives way').to.equal(null);
    expect(context.getAttribute('data-svc-state')).to.equal('ready');
    expect(text(root, 'h1')).to.equal(SHIRT.name);
    expect(text(root, '.category')).to.equal('Kemeja');
    const link = root.querySelector('a.link')!;
    expect(link.getAttribute('href')).to.equal(`/produk/${SHIRT.slug}`);
    expect(link.getAttribute('aria-label')).to.equal(SHIRT.name);
    const written = root.querySelector('a.written')!;
    expect(written.getAttribute('href')).to.equal(`/p/${SHIRT.slug}?v=${SHIRT.variants.redS}`);
    expect(written.getAttribute('title')).to.equal(`${SHIRT.name} (Merah / S)`);
    const main = root.querySelector<HTMLImageElement>('img.main')!;
    expect([main.getAttribute('src'), main.alt, main.width, main.getAttribute('loading')]).to.deep.equal([SHIRT.red.image, SHIRT.name, 600, 'eager']);
    expect(root.querySelector('img.set')!.getAttribute('srcset')).to.equal(`${SHIRT.red.image} 1x`);
    expect(text(root, '.money')).to.equal('Rp 150.000');
    expect(text(root, '.amount')).to.equal('150.000');
    expect(text(root, '.was')).to.equal('Rp 180.000');
    expect(text(root, '.low')).to.equal('Tinggal 3'); // the chosen variant's stock, from the availability route
    expect(root.querySelector('.out'), 'in stock: no "sold out"').to.equal(null);
    expect(text(root, '.pictured')).to.equal('Foto');
    const add = root.querySelector('button.add')!;
    expect([add.hasAttribute('disabled'), add.getAttribute('aria-disabled')]).to.deep.equal([false, 'false']);
    expect(root.querySelector('article')!.classList.contains('sold-out')).to.equal(false);
    expect([...root.querySelectorAll('.images li')].map((li) => [li.getAttribute('data-n'), li.querySelector('img')!.getAttribute('src')]))
      .to.deep.equal([['1', SHIRT.red.image]]);
    await waitFor(() => !!root.querySelector('.desc strong'), 4000, 'the sanitised description');
    expect(text(root, '.desc strong')).to.equal('adem');
    expect(root.querySelector('.desc img')!.hasAttribute('onerror'), 'the description goes through the sanitiser').to.equal(false);
    expect(ran).to.deep.equal([]);
  });

  it('follows the chosen variant: a sold-out colour negates, toggles and hides', async () => {
    const root = await mountTemplate(PRODUCT, { store: SWATCH });
    const context = root.querySelector<SvcContext>('svc-context')!;
    await shows(root, 'h1');
    context.choose('Warna', 'Biru'); // Biru / S: sold out
    await waitFor(() => text(root, '.money') === 'Rp 165.000', 4000, 'the blue price');
    expect(root.querySelector('img.main')!.getAttribute('src')).to.equal(SHIRT.blue.image);
    expect(root.querySelector('.was'), 'no compare-at price: no strike-through').to.equal(null);
    expect(text(root, '.out')).to.equal('Habis');
    const add = root.querySelector('button.add')!;
    expect([add.hasAttribute('disabled'), add.getAttribute('aria-disabled')]).to.deep.equal([true, 'true']);
    expect(root.querySelector('article')!.classList.contains('sold-out')).to.equal(true);
    // a condition that goes leaves a marker in its place, so that the element can come back in the same spot
    const markers = [...root.querySelector('article')!.childNodes].filter((n) => n.nodeType === Node.COMMENT_NODE).map((n) => (n as Comment).data);
    expect(markers).to.include('svc-if');
    context.choose('Warna', 'Merah');
    await waitFor(() => text(root, '.money') === 'Rp 150.000', 4000, 'red again');
    expect(root.querySelector('.was')!.previousElementSibling, 'back in its place').to.equal(root.querySelector('.amount'));
  });

  it('refuses data in event handlers, style and non-description HTML, naming the attribute', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
    try {
      const root = await mountTemplate(`<svc-context type="product" slug="${SHIRT.slug}"><template>
          <a class="a" data-svc-attr-onclick="product.name" data-svc-attr-style="product.name" onmouseover="{{ product.name }}" style="color: {{ product.name }}">x</a>
          <p class="b" data-svc-html="product.name"></p><p class="c" data-svc-text="product..name"></p><h2>{{ product.name }}</h2>
        </template></svc-context>`, { store: SWATCH });
      await shows(root, 'h2');
      const a = root.querySelector('a.a')!;
      expect(a.hasAttribute('onclick')).to.equal(false);
      expect(a.getAttribute('style'), 'left as written, not filled').to.equal('color: {{ product.name }}');
      expect(a.getAttribute('onmouseover')).to.equal('{{ product.name }}');
      expect(root.querySelector('p.b')!.innerHTML).to.equal('');
      for (const name of ['data-svc-attr-onclick', 'data-svc-attr-style', 'onmouseover', 'style="color', 'data-svc-html="product.name"', 'product..name']) {
        expect(warnings.some((w) => w.includes(name)), `a warning names ${name}: ${warnings.join(' | ')}`).to.equal(true);
      }
    } finally {
      console.warn = warn;
    }
  });

  it('writes money in either language alike, and nothing for a value that is not a number', async () => {
    const root = await mountTemplate(`<svc-context type="product" slug="${SHIRT.slug}"><template>
        <span class="a" data-svc-money="product.price_max"></span><span class="b" data-svc-amount="product.price_min"></span>
        <span class="c" data-svc-money="product.name"></span><span class="d" data-svc-money="product.nothing"></span>
      </template></svc-context>`, { store: SWATCH, lang: 'id' });
    await shows(root, '.a');
    expect([text(root, '.a'), text(root, '.b'), text(root, '.c'), text(root, '.d')]).to.deep.equal(['Rp 165.000', '150.000', '', '']);
  });
});
