import { Task, TaskStatus } from '@lit/task';
import { html, nothing, svg, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { Client } from '../../client/client.ts';
import { listCities, listPostalCodes, listProvinces, listSubdistricts } from '../../client/routes/locations.ts';
import type { Location } from '../../contract/location.ts';
import { define, SvcElement } from '../shared/element.ts';
import { pageStorefront } from '../shared/page-storefront.ts';
import { base } from '../shared/styles.ts';
import { ariaBool } from '../shared/templates.ts';
import { Localize } from '../shared/localize.ts';
import { LOCATION_PICKER_TERMS } from './location-picker.i18n.ts';
import { pickerStyles } from './location-picker.styles.ts';
import { LocationSearch, type Api } from './location-search.ts';
import { postalAreas, renderPostalChoice, renderPostalCode, type PostalArea } from './postal-areas.ts';

type Option = { value: string; label: string };
type Level = 'province' | 'city' | 'subdistrict' | 'postal';

const pin = svg`<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"
  stroke-linejoin="round" aria-hidden="true"><path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z"/><circle cx="12" cy="9.5" r="2.5"/></svg>`;

/**
 * Delivery destination: province → city → subdistrict → postal code, plus a search box that fills them all at once
 * (WAI-ARIA combobox: arrows, Enter, Escape; one request per 250 ms of typing at most). Once a subdistrict comes from
 * the search (or from outside, as `value`), one line names the place with an "Ubah" button that reopens the search
 * and the selects; a postal code is chosen among radio cards naming its villages only when there are several. A
 * form control: inside a `<form>` it submits `name` = subdistrict id and `postal-code-name` = postal code, supports
 * `required`, reset and `disabled` fieldsets, and fires `change`; `aria-invalid="true"` on it (or a failed
 * validation) outlines what is missing in the error colour. With `page-id` and `page-key` it uses the page routes.
 *
 * @summary Indonesian delivery-location picker (form-associated).
 * @slot search-label - Label of the search box.
 * @slot province-label - Label of the province select.
 * @slot city-label - Label of the city/regency select.
 * @slot subdistrict-label - Label of the subdistrict select.
 * @slot postal-code-label - Label of the postal code.
 * @fires change - The subdistrict or postal code changed through the buyer.
 * @csspart base - The wrapper.
 * @csspart search - The search box wrapper; `search-input`, `listbox`, `option` inside it.
 * @csspart field - A label + select pair; `label`, `select` inside it.
 * @csspart chosen - The chosen place on one line; `place` and `change` inside it.
 * @csspart place - The chosen place's name and postal code.
 * @csspart change - The "Ubah" button that reopens the search and the selects.
 * @csspart postal - The postal code: its text when there is one, the radio group when there are several.
 * @csspart postal-option - One postal code to choose (a radio card naming its villages).
 * @csspart error - A failed lookup.
 * @csspart search-input - The search input.
 * @csspart listbox - The search results.
 * @csspart option - A search result.
 * @csspart label - A select's label (and the search box's).
 * @csspart select - A select (province, city, subdistrict).
 */
export class SvcLocationPicker extends SvcElement {
  static override styles = [base, pickerStyles];
  static formAssociated = true;
  static override shadowRootOptions = { ...SvcElement.shadowRootOptions, delegatesFocus: true };
  protected override readonly localize = new Localize(this, LOCATION_PICKER_TERMS);

  /** Form association (Safari 16.4+). Without it the picker still works: the form around it reads `value` (as the checkout does). */
  // eslint-disable-next-line no-restricted-syntax -- guarded
  private readonly internals = 'attachInternals' in HTMLElement.prototype ? this.attachInternals() : undefined;
  /** A required choice left unmade, for the validity answers where there are no internals. */
  private missing = false;
  /** The last `api` answer, reused while its client is the same so that task arguments stay equal. */
  private lastApi?: Api;
  private formDisabled = false;
  /** Set by the buyer's actions; a postal code filled in automatically after one of them is also a buyer change. */
  private interacted = false;
  /** The next `value` change comes from the buyer (a select or the search), not from outside. */
  private ownChange = false;
  /** The search hit the buyer picked: names the place before the lists that name it have loaded. */
  private picked?: { id: string; label: string };

  private readonly provinces = new Task(this, {
    args: () => [this.api] as const,
    task: ([api], { signal }) => (api ? listProvinces(api.client, {}, { via: api.via, signal }) : Promise.resolve([])),
  });

  private readonly cities = new Task(this, {
    args: () => [this.api, this.provinceId] as const,
    task: ([api, id], { signal }) => (api && id ? listCities(api.client, { province_id: id }, { via: api.via, signal }) : Promise.resolve([])),
  });

  private readonly subdistricts = new Task(this, {
    args: () => [this.api, this.cityId] as const,
    task: ([api, id], { signal }) => (api && id ? listSubdistricts(api.client, { city_id: id }, { via: api.via, signal }) : Promise.resolve([])),
  });

  private readonly postalCodes = new Task(this, {
    args: () => [this.api, this.value] as const,
    task: async ([api, id], { signal }): Promise<PostalArea[]> => {
      if (!api || !id) return [];
      const areas = postalAreas(await listPostalCodes(api.client, id, {}, { via: api.via, signal }));
      if (areas.length === 1 && !this.postalCode) {
        this.postalCode = areas[0].code;
        this.commit(this.interacted);
      }
      return areas;
    },
  });

  private readonly search = new LocationSearch(this, { api: () => this.api, input: () => this.input, pick: (hit) => void this.pick(hit) });
  @query('#search') private input?: HTMLInputElement;

  @state() private provinceId?: number;
  @state() private cityId?: number;
  /** The search and the selects are shown; otherwise the chosen place on one line with "Ubah". */
  @state() private editing = true;
  /** A validation found the choice incomplete (a form submit, `reportValidity()`); cleared once it is complete. */
  @state() private failedValidation = false;

  /** Subdistrict (kecamatan) id: the delivery `location_id`. Empty until one is chosen. */
  @property() value = '';
  /** Five-digit postal code of the chosen subdistrict. */
  @property({ attribute: 'postal-code' }) postalCode = '';
  /** Form field name of the subdistrict id. */
  @property() name = 'location_id';
  /** Form field name of the postal code. */
  @property({ attribute: 'postal-code-name' }) postalCodeName = 'postal_code';
  /** A subdistrict and a postal code must be chosen for the form to submit. */
  @property({ type: Boolean, reflect: true }) required = false;
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** HTML Mode page id: use `/v3/pages/{page-id}/locations*` with `page-key` instead of the store routes. */
  @property({ attribute: 'page-id' }) pageId?: string;
  @property({ attribute: 'page-key' }) pageKey?: string;
  /** Service address for page mode (default: this page's origin). */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /** The page marks the destination wrong (`aria-invalid="true"`, as the checkout does): outline what to fix. */
  @property({ attribute: 'aria-invalid' }) private invalidMark: string | null = null;

  constructor() {
    super();
    this.addEventListener('invalid', () => (this.failedValidation = true));
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('value')) {
      // Location ids are area codes (province 32, city 3273, subdistrict 327301: docs/contract-gaps.md), so a value
      // set from outside tells us which lists to open.
      const id = /^\d{6}$/.test(this.value) ? Number(this.value) : undefined;
      if (id === undefined && this.value) this.value = '';
      if (id !== undefined && Math.floor(id / 100) !== this.cityId) {
        this.provinceId = Math.floor(id / 10_000);
        this.cityId = Math.floor(id / 100);
      }
      if (changed.get('value') !== undefined) this.postalCode = changed.has('postalCode') ? this.postalCode : '';
      // a destination set from outside (a saved or prefilled one) shows as the one line; the buyer's own choice
      // through the selects keeps them open
      if (!this.ownChange) this.editing = !this.value;
    }
    this.ownChange = false;
    if (changed.has('value') || changed.has('postalCode') || changed.has('required')) this.commit(false);
  }

  private get api(): Api | undefined {
    // page settings: that page's storefront (shared with a checkout on the same page), else the context's
    const storefront = this.pageId && this.pageKey
      ? pageStorefront({ id: this.pageId, key: this.pageKey, baseUrl: this.baseUrl ?? '' })
      : this.storefront;
    return storefront && this.stable(storefront.client, storefront.scope);
  }

  private stable(client: Client, via: Api['via']): Api {
    if (this.lastApi?.client !== client) this.lastApi = { client, via };
    return this.lastApi;
  }

  /** Form value and validity from the current choice; `change` when the buyer made it. */
  private commit(byBuyer: boolean) {
    const data = new FormData();
    if (this.value) data.append(this.name, this.value);
    if (this.postalCode) data.append(this.postalCodeName, this.postalCode);
    this.internals?.setFormValue(this.value ? data : null, `${this.value} ${this.postalCode}`);
    const missing = (this.missing = this.required && !(this.value && this.postalCode));
    if (!missing) this.failedValidation = false;
    const anchor = (this.value ? this.postalInput() : this.renderRoot.querySelector?.<HTMLElement>('#province')) ?? undefined;
    this.internals?.setValidity(missing ? { valueMissing: true } : {}, missing ? this.localize.term('required') : '', anchor);
    if (byBuyer) this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  private choose(level: Level, raw: string) {
    this.interacted = this.ownChange = true;
    const id = raw ? Number(raw) : undefined;
    if (level === 'postal') this.postalCode = raw;
    else {
      if (level === 'province') [this.provinceId, this.cityId] = [id, undefined];
      if (level === 'city') this.cityId = id;
      this.value = level === 'subdistrict' ? raw : '';
      this.postalCode = '';
    }
    this.commit(true);
  }

  /**
   * A search hit fills every level it knows. A province or city moves on to the first select left to choose; a
   * subdistrict closes the search into the one line once its postal codes are known, and focus (when it was still
   * in the search) goes to the postal codes left to choose, else to "Ubah".
   */
  private async pick(hit: Location) {
    this.interacted = this.ownChange = true;
    this.search.close();
    this.input!.value = hit.label;
    this.provinceId = hit.province_id;
    this.cityId = hit.city_id ?? undefined;
    const value = (this.value = hit.type === 'subdistrict' ? String(hit.subdistrict_id ?? hit.id) : '');
    this.picked = { id: value, label: hit.label };
    this.postalCode = '';
    this.commit(true);
    await this.updateComplete;
    if (!value) return this.renderRoot.querySelector<HTMLElement>(hit.type === 'province' ? '#city' : '#subdistrict')?.focus();
    await this.postalCodes.taskComplete.catch(() => undefined);
    if (this.value !== value) return; // chosen again meanwhile
    const focused = this.shadowRoot!.activeElement === this.input;
    this.editing = false;
    await this.updateComplete;
    if (focused) (this.postalCode ? this.renderRoot.querySelector<HTMLElement>('#change') : this.postalInput())?.focus();
  }

  /** "Ubah": the search (empty, focused: the selects below still show the choice) and the selects again. */
  private async edit() {
    this.editing = true;
    await this.updateComplete;
    this.input!.value = '';
    this.input!.focus();
  }

  /** The postal code radio to focus: the chosen one, else the first. */
  private postalInput() {
    return this.renderRoot.querySelector?.<HTMLInputElement>('input[name=postal]:checked') ?? this.renderRoot.querySelector?.<HTMLInputElement>('input[name=postal]');
  }

  /** "Coblong, Kota Bandung, Jawa Barat": from the lists once loaded, from the search hit before. */
  private placeName(): string | undefined {
    const { province, city, subdistrict } = this.selection;
    if (province && city && subdistrict) return `${subdistrict}, ${city}, ${province}`;
    return this.picked?.id === this.value ? this.picked.label : undefined;
  }

  /** What to outline in the error colour: the levels still missing, or the whole place when it is complete. */
  private invalid(level: Level | 'search' | 'place'): boolean {
    if (this.invalidMark !== 'true' && !this.failedValidation) return false;
    const complete = !!(this.value && this.postalCode);
    if (complete) return level === 'place' || level === 'subdistrict';
    return ({ search: !this.value, province: !this.provinceId, city: !!this.provinceId && !this.cityId,
      subdistrict: !!this.cityId && !this.value, postal: !!this.value, place: false } as const)[level];
  }


  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private renderSelect(level: Level, label: string, task: Task<any, unknown>, options: Option[], selected: string, enabled: boolean) {
    const { term } = this.localize;
    const slot = level === 'postal' ? 'postal-code' : level;
    const id = level;
    const pending = task.status === TaskStatus.PENDING;
    return html`<div class="field" part="field">
      <label for=${id} part="label"><slot name=${`${slot}-label`}>${label}</slot></label>
      <select id=${id} part="select" ?disabled=${this.disabled || this.formDisabled || !enabled} aria-busy=${ariaBool(pending)}
        aria-required=${ariaBool(this.required)} aria-invalid=${ariaBool(this.invalid(level))} @change=${(e: Event) => this.choose(level, (e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${!selected}>${pending ? term('loading') : this.localize.term('choose')}</option>
        ${options.map((o) => html`<option value=${o.value} ?selected=${o.value === selected}>${o.label}</option>`)}
      </select>
      ${task.status === TaskStatus.ERROR ? html`<p class="error" part="error" role="alert">${this.errorText(task.error)}
        <button type="button" class="btn quiet" @click=${() => void task.run()}>${term('retry')}</button></p>` : nothing}
    </div>`;
  }

  /** The form this control belongs to. */
  get form() {
    return this.internals ? this.internals.form : this.closest('form');
  }

  get validity() {
    return this.internals?.validity ?? ({ valid: !this.missing, valueMissing: this.missing } as ValidityState);
  }

  get validationMessage() {
    return this.internals ? this.internals.validationMessage : this.missing ? this.localize.term('required') : '';
  }

  get willValidate() {
    return this.internals?.willValidate ?? false;
  }

  checkValidity() {
    return this.internals ? this.internals.checkValidity() : !this.missing;
  }

  reportValidity() {
    return this.internals ? this.internals.reportValidity() : !this.missing;
  }

  /** Names of the current choice, for showing an address summary. */
  get selection() {
    const find = (list: Array<{ id: number; name: string }> | undefined, id?: number) => list?.find((x) => x.id === id)?.name;
    return {
      province: find(this.provinces.value, this.provinceId),
      city: find(this.cities.value, this.cityId),
      subdistrict: find(this.subdistricts.value, Number(this.value)),
      postalCode: this.postalCode || undefined,
    };
  }

  formResetCallback() {
    this.value = this.getAttribute('value') ?? '';
    this.postalCode = this.getAttribute('postal-code') ?? '';
    if (!this.value) [this.provinceId, this.cityId] = [undefined, undefined];
    if (this.input) this.input.value = '';
  }

  formDisabledCallback(disabled: boolean) {
    this.formDisabled = disabled;
    this.requestUpdate();
  }

  formStateRestoreCallback(saved: string | FormData | null) {
    if (typeof saved !== 'string') return;
    const [value = '', postal = ''] = saved.split(' ');
    [this.value, this.postalCode] = [value, postal];
  }

  /** The chosen place on one line, with "Ubah". */
  private renderChosen() {
    const { term } = this.localize;
    return html`<div class="chosen ${this.invalid('place') ? 'invalid' : ''}" part="chosen">
      <p class="place" id="place" part="place">${pin}<span><span class="sr-only">${term('chosen')} </span>${this.renderPlace()}${
        this.postalCode ? html`<span class="code"> · ${this.postalCode}</span>` : nothing}</span></p>
      <button type="button" class="btn quiet" id="change" part="change" ?disabled=${this.disabled || this.formDisabled}
        @click=${this.edit}>${term('change')}<span class="sr-only"> ${term('theLocation')}</span></button>
    </div>`;
  }

  /** "**Coblong**, Kota Bandung, Jawa Barat": the subdistrict stands out. */
  private renderPlace() {
    const name = this.placeName();
    if (!name) return this.localize.term('loading');
    const comma = name.indexOf(', ');
    return comma < 0 ? html`<strong>${name}</strong>` : html`<strong>${name.slice(0, comma)}</strong>${name.slice(comma)}`;
  }

  /** The postal code once a subdistrict is chosen: text when it has one (in the one line when closed), else radios. */
  private renderPostal() {
    const { term } = this.localize;
    const task = this.postalCodes;
    if (!this.value) return nothing;
    if (task.status === TaskStatus.ERROR) {
      return html`<p class="error" part="error" role="alert">${this.errorText(task.error)}
        <button type="button" class="btn quiet" @click=${() => void task.run()}>${term('retry')}</button></p>`;
    }
    const areas = task.status === TaskStatus.COMPLETE ? task.value ?? [] : [];
    if (!areas.length) return task.status === TaskStatus.PENDING ? html`<p class="postal muted" part="postal">${term('postalCode')}: ${term('loading')}</p>` : nothing;
    if (areas.length === 1) return this.editing ? renderPostalCode(areas[0], term('postalCode')) : nothing;
    return renderPostalChoice({
      areas, chosen: this.postalCode, hint: term('postalHint'), invalid: this.invalid('postal'), required: this.required,
      disabled: this.disabled || this.formDisabled, choose: (code) => this.choose('postal', code),
    }, term('postalCode'));
  }

  override render() {
    const { term } = this.localize;
    const options = (list?: Array<{ id: number; name: string }>) => (list ?? []).map((x) => ({ value: String(x.id), label: x.name }));
    return html`<div part="base">
      ${this.editing ? nothing : this.renderChosen()}
      <div class="edit" ?hidden=${!this.editing}>
        ${this.search.render(term, { disabled: this.disabled || this.formDisabled, invalid: this.invalid('search') })}
        <div class="fields">
          ${this.renderSelect('province', term('province'), this.provinces, options(this.provinces.value), String(this.provinceId ?? ''), true)}
          ${this.renderSelect('city', term('city'), this.cities, options(this.cities.value), String(this.cityId ?? ''), !!this.provinceId)}
          ${this.renderSelect('subdistrict', term('subdistrict'), this.subdistricts, options(this.subdistricts.value), this.value, !!this.cityId)}
        </div>
      </div>
      ${this.renderPostal()}
    </div>`;
  }
}

define('svc-location-picker', SvcLocationPicker);

declare global {
  interface HTMLElementTagNameMap {
    'svc-location-picker': SvcLocationPicker;
  }
}
