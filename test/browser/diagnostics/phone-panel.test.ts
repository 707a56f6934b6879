/**
 * The diagnostics panel on a 320 px phone. A file of its own: it sets the viewport, which WebDriver cannot do
 * (test/driver-exclusions.mjs).
 */
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../src/diagnostics/panel.ts';
import { mount, panel, panelShows, reset, waitFor } from './helpers.ts';

describe('diagnostics panel on a phone', () => {
  afterEach(reset);

  it('is a collapsible, accessible corner panel that fits a 320 px phone', async () => {
    mount('<svc-store store-id="demo-store" store-key="sfk_wrong_key_5555"></svc-store><svc-catalog></svc-catalog>');
    await panelShows('Store not found', 'has no store');
    await setViewport({ width: 320, height: 640 });
    try {
      const el = panel()!;
      const box = el.getBoundingClientRect();
      expect(box.left).to.be.at.least(0);
      expect(box.right).to.be.at.most(320);
      const body = el.shadowRoot!.querySelector<HTMLElement>('.body')!;
      expect(body.scrollWidth).to.be.at.most(body.clientWidth);
      const toggle = el.shadowRoot!.querySelector<HTMLElement>('button.toggle')!;
      expect(toggle.getBoundingClientRect().height).to.be.at.least(44);
      await expect(el).to.be.accessible();
      toggle.click();
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(body.hidden).to.equal(true);
      await waitFor(() => el.getBoundingClientRect().height < box.height, 2000, 'the panel to collapse');
      el.shadowRoot!.querySelector<HTMLElement>('button.toggle')!.click();
      expect(el.shadowRoot!.querySelector<HTMLElement>('.body')!.hidden).to.equal(false);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });
});
