/**
 * The hostile store through the merchant's templates: every product, variant, option, category and description
 * string is an XSS payload (names with `<script>`, `javascript:` URLs, attribute injection). Bound as text, as
 * attribute values, as `{{ }}` in attributes and URLs, through the description's sanitiser and into the variant
 * selector, nothing runs and nothing active reaches the DOM; the names read as written.
 */
import { expect } from '@open-wc/testing';
import { HOSTILE, XSS_PAYLOADS } from '../support/hostile-store.ts';
import { mountTemplate, waitFor } from './helpers.ts';

const ran: string[] = [];
(window as unknown as { __xss: (what: unknown) => void }).__xss = (what) => ran.push(String(what));

function* deepElements(root: ParentNode): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element.shadowRoot) yield* deepElements(element.shadowRoot);
  }
}

async function assertInert(root: Element) {
  await new Promise((resolve) => setTimeout(resolve, 300)); // an injected handler's chance to fire
  expect(ran, 'no payload ran').to.deep.equal([]);
  for (const element of deepElements(root)) {
    const tag = element.localName;
    const inTemplate = !!element.closest('template');
    if (!inTemplate) expect(['script', 'iframe', 'object', 'embed'], `<${tag}> rendered`).not.to.include(tag);
    for (const attribute of element.attributes) {
      expect(/^on/i.test(attribute.name), `${attribute.name} on <${tag}>`).to.equal(false);
      if (['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster'].includes(attribute.name)) {
        expect(/javascript:/i.test(attribute.value), `${attribute.name}="${attribute.value}" on <${tag}>`).to.equal(false);
      }
    }
  }
}

describe('hostile data in templates', () => {
  it('a list of hostile cards: names as text and as attribute values, inert', async () => {
    const root = await mountTemplate(`<svc-list page-size="24" category="xss" href-template="/p/{slug}"><template>
        <a class="card" href="{{ url }}" title="{{ name }}" data-name="{{ item.name }}" data-svc-attr-aria-label="name">
          <img data-svc-media="image" srcset="{{ image_url }} 1x" alt="{{ name }}"><span data-svc-text="name"></span>
          <i data-svc-attr-href="image_url">{{ category.name }}</i></a></template></svc-list>`, { store: { id: HOSTILE.id, key: HOSTILE.key } });
    await waitFor(() => root.querySelectorAll('a.card').length === XSS_PAYLOADS.length, 8000, 'the hostile cards');
    const cards = [...root.querySelectorAll('a.card')];
    expect(cards.map((card) => card.querySelector('span')!.textContent)).to.have.members([...XSS_PAYLOADS]);
    expect(cards.map((card) => card.getAttribute('title'))).to.have.members([...XSS_PAYLOADS]);
    expect(cards.map((card) => card.getAttribute('data-name'))).to.have.members([...XSS_PAYLOADS]);
    expect(cards.every((card) => !card.querySelector('img')!.hasAttribute('src')), 'javascript: images refused').to.equal(true);
    await assertInert(root);
  });

  it('a hostile product: options, variants, the selector and the sanitised description', async () => {
    for (let i = 0; i < XSS_PAYLOADS.length; i++) {
      const root = await mountTemplate(`<svc-context type="product" slug="xss-${i}"><template>
          <h1 data-svc-text="product.name"></h1><a class="img" href="{{ product.image }}" data-svc-attr-data-src="product.image">x</a>
          <p class="variant" title="{{ variant.name }}">{{ variant.sku }}</p>
          <template data-svc-each="product.options"><fieldset><legend>{{ option.name }}</legend><template data-svc-each="option.values">
            <label><input type="radio" data-svc-option value="{{ value.name }}"> {{ value.name }}</label></template></fieldset></template>
          <svc-variant-selector type="swatches"></svc-variant-selector><svc-variant-selector type="select"></svc-variant-selector>
          <div class="desc" data-svc-html="product.description_html"></div></template></svc-context>`, { store: { id: HOSTILE.id, key: HOSTILE.key } });
      await waitFor(() => root.querySelector('h1')?.textContent === XSS_PAYLOADS[i], 8000, `product ${i}`);
      await waitFor(() => !!root.querySelector('.desc')?.childNodes.length, 4000, `description ${i}`);
      await waitFor(() => !!root.querySelector('svc-variant-selector')?.shadowRoot?.querySelector('[part~=value]'), 4000, `selector ${i}`);
      expect(root.querySelector('a.img')!.hasAttribute('href'), 'a javascript: URL is no href').to.equal(false);
      expect(root.querySelector('p.variant')!.getAttribute('title')).to.equal(XSS_PAYLOADS[(i + 1) % XSS_PAYLOADS.length]);
      expect(root.querySelector('legend')!.textContent).to.equal(XSS_PAYLOADS[(i + 3) % XSS_PAYLOADS.length]);
      await assertInert(root);
    }
  });
});
