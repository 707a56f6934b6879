// <svc-account>'s tabs all on screen at 390 px (a phone's viewport: see test/driver-exclusions.mjs).
import { expect, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/elements/account/account.ts';
import type { SvcAccount } from '../../../src/elements/account/account.ts';
import { BUYER, clearStorage } from '../support/server.ts';
import { findAll, mount, query, textOf, waitFor } from './helpers.ts';

async function signedIn(tab = 'orders', lang = 'id') {
  const mounted = await mount<SvcAccount>(html`<svc-account tab=${tab} lang=${lang}></svc-account>`);
  await mounted.storefront.signIn(BUYER);
  await waitFor(() => mounted.storefront.$cart.get().status === 'ready', 4000, 'the customer cart');
  return mounted;
}

describe('<svc-account>: tabs on a phone', () => {
  beforeEach(() => clearStorage());
  afterEach(() => setViewport({ width: 800, height: 600 }));

  it('at 390 px every tab is on screen (they wrap, in either language), and the arrow keys reach them all', async () => {
    await setViewport({ width: 390, height: 800 });
    const { element: el } = await signedIn('profile', 'en');
    for (const lang of ['en', 'id']) {
      el.lang = lang;
      await el.updateComplete;
      await waitFor(() => findAll(el, '[role=tab]').length === 4, 4000, 'the tabs');
      const box = el.getBoundingClientRect();
      const list = query(el, '[role=tablist]')!;
      expect(list.scrollWidth, `${lang}: the tab list scrolls`).to.be.at.most(list.clientWidth);
      for (const tab of findAll(el, '[role=tab]')) {
        const r = tab.getBoundingClientRect();
        expect(r.left, textOf(tab)).to.be.at.least(box.left);
        expect(r.right, textOf(tab)).to.be.at.most(box.right);
        expect(r.height, textOf(tab)).to.be.at.least(44);
        // the tab itself is what a tap at its centre reaches: nothing covers or clips it
        const hit = el.shadowRoot!.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        expect(hit === tab || tab.contains(hit), textOf(tab)).to.equal(true);
      }
    }
    query<HTMLButtonElement>(el, '#tab-profile')!.focus();
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(el.tab).to.equal('courses');
    expect(el.shadowRoot!.activeElement?.id).to.equal('tab-courses');
    await sendKeys({ press: 'ArrowRight' }); // wraps to the first
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement?.id).to.equal('tab-profile');
    await expect(el).to.be.accessible();
  });
});
