import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { combine } from '../../../src/elements/shared/combine.ts';
import { Localize, type Terms } from '../../../src/elements/shared/localize.ts';

const GREETING: Terms<{ hello: string; items: (n: number) => string }> = {
  id: { hello: 'Halo', items: (n) => `${n} barang` },
  en: { hello: 'Hello', items: (n) => `${n} ${n === 1 ? 'item' : 'items'}` },
};

class LocalizeProbe extends LitElement {
  readonly localize = new Localize(this, GREETING);
  override render() {
    const { term } = this.localize;
    return html`${term('hello')}, ${term('items', 2)}`;
  }
}
customElements.define('localize-probe', LocalizeProbe);

describe('Localize', () => {
  it('reads the nearest lang, across shadow roots, and re-renders when it changes', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div lang="en"><localize-probe></localize-probe></div>`);
    const probe = wrapper.querySelector<LocalizeProbe>('localize-probe')!;
    await probe.updateComplete;
    expect(probe.shadowRoot!.textContent).to.contain('Hello, 2 items');

    wrapper.setAttribute('lang', 'id-ID');
    await new Promise((resolve) => setTimeout(resolve)); // the MutationObserver's turn
    await probe.updateComplete;
    expect(probe.shadowRoot!.textContent).to.contain('Halo, 2 barang');

    const host = document.createElement('div');
    host.setAttribute('lang', 'en');
    wrapper.append(host);
    host.attachShadow({ mode: 'open' }).append(probe); // moved into a shadow root: the host's lang applies
    await probe.updateComplete;
    expect(probe.localize.term('hello')).to.equal('Hello');
  });

  it('types terms: a missing term or a wrong argument fails the type check (checked by tsc)', () => {
    expect(new LocalizeProbe().localize.term('items', 1)).to.equal('1 barang'); // no lang anywhere: Indonesian
    const { term } = new LocalizeProbe().localize;
    // @ts-expect-error: no such term
    term('goodbye');
    // @ts-expect-error: `items` takes a count
    term('items');
    // @ts-expect-error: `hello` takes no argument
    term('hello', 1);
  });

  it('reads the shared terms behind the element\'s own, and refuses a table that redefines one', () => {
    const probe = new LocalizeProbe();
    expect(probe.localize.term('retry')).to.equal('Coba lagi');
    // @ts-expect-error: `retry` is a shared term (SHOP_TERMS): an element's table cannot shadow it
    new Localize(probe, { id: { retry: 'Ulangi' }, en: { retry: 'Again' } });
  });

  it('combines tables that share no term', () => {
    const both = combine(GREETING, { id: { bye: 'Dah' }, en: { bye: 'Bye' } });
    expect(both.en).to.include({ hello: 'Hello', bye: 'Bye' });
    // @ts-expect-error: `hello` is already in the first table
    combine(GREETING, { id: { hello: 'Hai' }, en: { hello: 'Hi' } });
    const three = combine(GREETING, { id: { bye: 'Dah' }, en: { bye: 'Bye' } }, { id: { thanks: 'Makasih' }, en: { thanks: 'Thanks' } });
    expect(three.id).to.include({ hello: 'Halo', bye: 'Dah', thanks: 'Makasih' });
    // @ts-expect-error: `bye` is already in the second table
    combine(GREETING, { id: { bye: 'Dah' }, en: { bye: 'Bye' } }, { id: { bye: 'Sampai' }, en: { bye: 'See you' } });
  });
});
