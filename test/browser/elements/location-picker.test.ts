import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { SvcLocationPicker } from '../../../src/elements/location-picker/location-picker.ts';
import { pressChord } from '../support/keys.ts';
import { PAGE, requestCount, resetServerRequests } from '../support/server.ts';
import { find, findAll, inStore, textOf, waitFor } from './helpers.ts';

const SEARCH = '/v3/stores/demo-store/public/locations';
/** The picker loads on first use (src/elements/autoload.ts): wait until it is defined and has rendered. */
async function loaded(el: SvcLocationPicker) {
  await customElements.whenDefined('svc-location-picker');
  await el.updateComplete;
  return el;
}
const picker = async (markup = html`<svc-location-picker></svc-location-picker>`) => loaded(await inStore<SvcLocationPicker>(markup, 'svc-location-picker'));
const select = (el: SvcLocationPicker, id: string) => el.shadowRoot!.querySelector<HTMLSelectElement>(`#${id}`)!;
const optionsOf = (el: SvcLocationPicker, id: string) => [...select(el, id).options].filter((o) => o.value);

/** Picks an option of a select the way a buyer does (value + change). */
async function choose(el: SvcLocationPicker, id: string, label: string | RegExp) {
  await waitFor(() => !select(el, id).disabled && optionsOf(el, id).some((o) => o.text.match(label)), 4000, `${id} ${label}`);
  const s = select(el, id);
  s.value = optionsOf(el, id).find((o) => o.text.match(label))!.value;
  s.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

describe('<svc-location-picker>', () => {
  it('cascades province → city → subdistrict → postal code and fires change', async () => {
    const el = await picker();
    await waitFor(() => optionsOf(el, 'province').length === 38, 4000, '38 provinces');
    expect(select(el, 'city').disabled).to.equal(true);
    await expect(el).to.be.accessible();
    await choose(el, 'province', 'Jawa Barat');
    await choose(el, 'city', 'Kota Bandung');
    const change = oneEvent(el, 'change');
    await choose(el, 'subdistrict', 'Coblong');
    await change;
    expect(el.value).to.equal('327302');
    await waitFor(() => el.postalCode !== '', 4000, 'postal code');
    expect(el.postalCode).to.match(/^\d{5}$/);
    expect(el.selection).to.deep.equal({ province: 'Jawa Barat', city: 'Kota Bandung', subdistrict: 'Coblong', postalCode: el.postalCode });
    await choose(el, 'province', 'Bali'); // a new province clears what depended on the old one
    expect(el.value).to.equal('');
    expect(el.postalCode).to.equal('');
  });

  it('searches as a WAI-ARIA combobox, fully by keyboard', async () => {
    const el = await picker();
    const input = await find<HTMLInputElement>(el, 'input[role=combobox]');
    const listbox = el.shadowRoot!.getElementById(input.getAttribute('aria-controls')!)!;
    expect(listbox.getAttribute('role')).to.equal('listbox');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    input.focus();
    await sendKeys({ type: 'coblong' });
    await waitFor(() => input.getAttribute('aria-expanded') === 'true', 4000, 'expanded');
    const options = findAll(el, '[role=option]');
    expect(options.length).to.be.greaterThan(0);
    expect(textOf(el)).to.match(/\d+ hasil/); // announced through the status region
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(input.getAttribute('aria-activedescendant')).to.equal(options[0].id);
    expect(options[0].getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'ArrowUp' }); // wraps to the last
    await el.updateComplete;
    expect(input.getAttribute('aria-activedescendant')).to.equal(findAll(el, '[role=option]').at(-1)!.id);
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    const change = oneEvent(el, 'change');
    await sendKeys({ press: 'Enter' });
    await change;
    expect(el.value).to.equal('327302');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(input.value).to.equal('Coblong, Kota Bandung, Jawa Barat');
    // its one postal code is chosen for the buyer: the search closes into one line, focus on its "Ubah"
    await waitFor(() => el.shadowRoot!.activeElement?.id === 'change', 4000, 'focus on "Ubah"');
    await waitFor(() => select(el, 'city').value === '3273' && select(el, 'subdistrict').value === '327302', 4000, 'selects filled');
  });

  it('closes the list with Escape and clears the box with a second Escape', async () => {
    const el = await picker();
    const input = await find<HTMLInputElement>(el, 'input');
    input.focus();
    await sendKeys({ type: 'bandung' });
    await waitFor(() => input.getAttribute('aria-expanded') === 'true', 4000, 'expanded');
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(input.value).to.equal('bandung');
    await sendKeys({ press: 'Escape' });
    expect(input.value).to.equal('');
    await sendKeys({ type: 'bandung' });
    await waitFor(() => input.getAttribute('aria-expanded') === 'true', 4000, 'expanded again');
    await pressChord('Alt', 'ArrowUp'); // any arrow on an open list keeps it open
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(input.getAttribute('aria-expanded')).to.equal('false');
  });

  it('sends at most one search per 250 ms of typing', async () => {
    const el = await picker();
    const input = await find<HTMLInputElement>(el, 'input');
    await resetServerRequests();
    input.focus();
    for (const letter of 'sukajadi') {
      await sendKeys({ type: letter });
      await aTimeout(60); // a quick typist: 60 ms between keys
    }
    await waitFor(() => input.getAttribute('aria-expanded') === 'true', 4000, 'results');
    await aTimeout(300);
    expect(await requestCount('GET', SEARCH)).to.equal(1);
    const last = el.shadowRoot!.querySelectorAll('[role=option]').length;
    expect(last).to.be.greaterThan(0);
  });

  it('is a form control: value, validity, FormData, reset, disabled fieldset', async () => {
    const form = await inStore<HTMLFormElement>(html`<form><fieldset>
      <svc-location-picker name="tujuan" postal-code-name="kodepos" required></svc-location-picker></fieldset></form>`, 'form');
    const el = form.querySelector('svc-location-picker')!;
    await waitFor(() => optionsOf(el, 'province').length > 0, 4000, 'provinces');
    expect(el.form).to.equal(form);
    expect(form.checkValidity()).to.equal(false);
    expect(el.validity.valueMissing).to.equal(true);
    expect(el.validationMessage).to.equal('Pilih kecamatan dan kode pos.');
    el.value = '327302'; // set from outside: the lists open to it
    await waitFor(() => select(el, 'subdistrict').value === '327302', 4000, 'subdistrict selected');
    await waitFor(() => el.postalCode !== '', 4000, 'single postal code chosen');
    expect(form.checkValidity()).to.equal(true);
    const data = new FormData(form);
    expect(data.get('tujuan')).to.equal('327302');
    expect(data.get('kodepos')).to.equal(el.postalCode);
    form.reset();
    await el.updateComplete;
    expect(el.value).to.equal('');
    expect(new FormData(form).get('tujuan')).to.equal(null);
    form.querySelector('fieldset')!.disabled = true;
    await el.updateComplete;
    expect(select(el, 'province').disabled).to.equal(true);
    expect(el.shadowRoot!.querySelector('input')!.disabled).to.equal(true);
  });

  it('uses the HTML Mode page routes with page-id and page-key', async () => {
    await resetServerRequests();
    const el = await loaded(await fixture<SvcLocationPicker>(html`<svc-location-picker page-id=${PAGE.id} page-key=${PAGE.key} base-url=${location.origin}></svc-location-picker>`));
    await waitFor(() => optionsOf(el, 'province').length === 38, 4000, 'provinces through the page');
    expect(await requestCount('GET', `/v3/pages/${PAGE.id}/locations/provinces`)).to.equal(1);
    await choose(el, 'province', 'Jawa Barat');
    await waitFor(() => optionsOf(el, 'city').length > 0, 4000, 'cities through the page');
    expect(await requestCount('GET', `/v3/pages/${PAGE.id}/locations/cities`)).to.equal(1);
  });

  it('speaks English under lang="en" and takes labels from slots', async () => {
    const el = await picker(html`<svc-location-picker lang="en"><span slot="province-label">State</span></svc-location-picker>`);
    await find(el, '#province');
    const text = textOf(el);
    expect(text).to.contain('Search location').and.contain('City/Regency').and.contain('Subdistrict'); // the postal code comes with a subdistrict
    const slot = el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name=province-label]')!;
    expect(slot.assignedElements()[0].textContent).to.equal('State');
  });
});
