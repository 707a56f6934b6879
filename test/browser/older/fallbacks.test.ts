/**
 * The guards for what Safari 15.4 lacks: the page has lost constructed stylesheets, ElementInternals and
 * AbortSignal.timeout before anything else loads, and the elements, the reserved boxes, the diagnostics panel and the
 * client's timeouts still work (Lit falls back to `<style>` elements on its own).
 */
import './before-safari-16-4.ts';
import { expect, fixture, html } from '@open-wc/testing';
import { timeoutSignal } from '../../../src/client/timeout-signal.ts';
import { reserveBoxes, reservedCss } from '../../../src/elements/shared/reserved-boxes.ts';
import type { SvcLocationPicker } from '../../../src/elements/location-picker/location-picker.ts';
import { STORE, waitFor } from '../support/server.ts';

describe('without the APIs Safari 15.4 lacks', () => {
  it('the page really lacks them', () => {
    expect('adoptedStyleSheets' in document).to.equal(false);
    expect('attachInternals' in HTMLElement.prototype).to.equal(false);
    expect(typeof AbortSignal.timeout).to.equal('undefined');
  });

  it('a timeout signal aborts with a TimeoutError', async () => {
    const signal = timeoutSignal(20);
    expect(signal.aborted).to.equal(false);
    await waitFor(() => signal.aborted, 2000, 'aborted');
    expect((signal.reason as DOMException).name).to.equal('TimeoutError');
  });

  it('the reserved boxes arrive as a <style> element and hold their box', () => {
    const before = document.head.querySelectorAll('style').length;
    reserveBoxes(document, reservedCss());
    expect(document.head.querySelectorAll('style').length).to.equal(before + 1);
    const button = document.createElement('svc-cart-button'); // not defined on this page
    document.body.append(button);
    expect(button.getBoundingClientRect().width).to.equal(44);
    expect(button.getBoundingClientRect().height).to.equal(44);
    button.remove();
  });

  it('the location picker renders, keeps its value and answers validity without ElementInternals', async () => {
    await import('../../../src/elements/store/store.ts');
    await import('../../../src/elements/location-picker/location-picker.ts');
    const form = document.createElement('form');
    document.body.append(form);
    const store = await fixture(html`<svc-store store-id=${STORE.id} store-key=${STORE.key} base-url=${location.origin} token-storage="memory">
      <svc-location-picker required></svc-location-picker></svc-store>`);
    const el = store.querySelector<SvcLocationPicker>('svc-location-picker')!;
    await customElements.whenDefined('svc-location-picker');
    await el.updateComplete;
    const select = () => el.shadowRoot!.querySelector<HTMLSelectElement>('#province')!;
    await waitFor(() => !!select() && select().options.length > 30, 8000, 'provinces');
    // Lit's own fallback: its styles are <style> elements in the shadow root, and they apply
    expect(el.shadowRoot!.querySelectorAll('style').length).to.be.greaterThan(0);
    expect(getComputedStyle(select()).fontSize).to.equal('16px');
    expect(el.checkValidity()).to.equal(false);
    expect(el.validity.valueMissing).to.equal(true);
    expect(el.validationMessage).to.not.equal('');
    expect(el.form).to.equal(null);
    form.append(store);
    expect(el.form).to.equal(form);
    form.remove();
  });

  it('the diagnostics panel styles itself with a <style> element', async () => {
    await import('../../../src/diagnostics/panel.ts');
    const panel = document.querySelector('svc-debug-panel')!;
    await waitFor(() => !!panel.shadowRoot?.querySelector('[part=base]'), 4000, 'panel');
    expect(panel.shadowRoot!.querySelector('style')).to.not.equal(null);
    expect(getComputedStyle(panel).position).to.equal('fixed');
  });
});
