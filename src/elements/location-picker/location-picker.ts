import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Client } from '../../client/client.ts';
import { listCities, listPostalCodes, listProvinces, listSubdistricts, searchLocations } from '../../client/routes/locations.ts';
import type { Location } from '../../contract/location.ts';
import { define, SvcElement } from '../shared/element.ts';
import { pageStorefront } from '../shared/page-storefront.ts';
import { base } from '../shared/styles.ts';
import { ariaBool, icons } from '../shared/templates.ts';
import { Localize } from '../shared/localize.ts';
import { LOCATION_PICKER_TERMS } from './location-picker.i18n.ts';
import { pickerStyles } from './location-picker.styles.ts';

type Api = { client: Client; via: 'store' | 'page' };
type Option = { value: string; label: string };
type Level = 'province' | 'city' | 'subdistrict' | 'postal';

const SEARCH_DELAY_MS = 250;

/**
 * Delivery destination: province → city → subdistrict → postal code, plus a search box that fills them all at once
 * (WAI-ARIA combobox: arrows, Enter, Escape; one request per 250 ms of typing at most). A form control: inside a
 * `<form>` it submits `name` = subdistrict id and `postal-code-name` = postal code, supports `required`, reset and
 * `disabled` fieldsets, and fires `change`. With `page-id` and `page-key` it uses the HTML Mode page routes.
 *
 * @summary Indonesian delivery-location picker (form-associated).
 * @slot search-label - Label of the search box.
 * @slot province-label - Label of the province select.
 * @slot city-label - Label of the city/regency select.
 * @slot subdistrict-label - Label of the subdistrict select.
 * @slot postal-code-label - Label of the postal code select.
 * @fires change - The subdistrict or postal code changed through the buyer.
 * @csspart base - The wrapper.
 * @csspart search - The search box wrapper; `search-input`, `listbox`, `option` inside it.
 * @csspart field - A label + select pair; `label`, `select` inside it.
 * @csspart error - A failed lookup.
 * @csspart search-input - The search input.
 * @csspart listbox - The search results.
 * @csspart option - A search result.
 * @csspart label - A select's label (and the search box's).
 * @csspart select - A select.
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
  private searchTimer?: ReturnType<typeof setTimeout>;
  private searchAbort?: AbortController;
  /** Set by the buyer's actions; a postal code filled in automatically after one of them is also a buyer change. */
  private interacted = false;

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
    task: async ([api, id], { signal }): Promise<Option[]> => {
      if (!api || !id) return [];
      const villages = await listPostalCodes(api.client, id, {}, { via: api.via, signal });
      const byCode = new Map<string, string[]>();
      for (const v of villages) byCode.set(v.postal_code, [...(byCode.get(v.postal_code) ?? []), v.name]);
      const options = [...byCode].sort(([a], [b]) => a.localeCompare(b))
        .map(([code, names]) => ({ value: code, label: `${code} · ${names.slice(0, 3).join(', ')}${names.length > 3 ? '…' : ''}` }));
      if (options.length === 1 && !this.postalCode) {
        this.postalCode = options[0].value;
        this.commit(this.interacted);
      }
      return options;
    },
  });

  @query('input') private input?: HTMLInputElement;

  @state() private provinceId?: number;
  @state() private cityId?: number;
  @state() private results: Location[] = [];
  @state() private expanded = false;
  @state() private active = -1;
  @state() private searched = false;

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

  override disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this.searchTimer);
    this.searchAbort?.abort();
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
    }
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
    const anchor = this.renderRoot.querySelector?.<HTMLElement>(this.value ? '#postal' : '#province') ?? undefined;
    this.internals?.setValidity(missing ? { valueMissing: true } : {}, missing ? this.localize.term('required') : '', anchor);
    if (byBuyer) this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  private choose(level: Level, raw: string) {
    this.interacted = true;
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

  private onInput() {
    const query = this.input!.value.trim();
    clearTimeout(this.searchTimer);
    this.searchAbort?.abort();
    if (query.length < 2) {
      this.results = [];
      this.expanded = this.searched = false;
      return;
    }
    // trailing debounce: requests are at least 250 ms apart, and none is sent while the buyer is still typing
    this.searchTimer = setTimeout(() => void this.search(query), SEARCH_DELAY_MS);
  }

  private async search(query: string) {
    const api = this.api;
    if (!api) return;
    const abort = (this.searchAbort = new AbortController());
    try {
      const page = await searchLocations(api.client, { search: query, page_size: 8 }, { via: api.via, signal: abort.signal });
      this.results = page.results;
      this.active = -1;
      this.searched = this.expanded = true;
    } catch (error) {
      if (!abort.signal.aborted) this.results = [];
    }
  }

  private onKeydown(event: KeyboardEvent) {
    const count = this.results.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!this.expanded) this.expanded = this.searched;
        else if (count) this.active = event.key === 'ArrowDown' ? (this.active + 1) % count : (this.active - 1 + count) % count;
        break;
      case 'Enter':
        if (this.expanded && this.active >= 0) {
          event.preventDefault(); // not a form submit
          void this.pick(this.results[this.active]);
        }
        break;
      case 'Escape':
        if (this.expanded) {
          event.preventDefault();
          this.expanded = false;
        } else if (this.input!.value) {
          this.input!.value = '';
          this.onInput();
        }
        break;
      case 'Tab':
        this.expanded = false;
    }
  }

  /** A search hit fills every level it knows and moves on to the first one left to choose. */
  private async pick(hit: Location) {
    this.interacted = true;
    this.expanded = false;
    this.active = -1;
    this.input!.value = hit.label;
    this.provinceId = hit.province_id;
    this.cityId = hit.city_id ?? undefined;
    this.value = hit.type === 'subdistrict' ? String(hit.subdistrict_id ?? hit.id) : '';
    this.postalCode = '';
    this.commit(true);
    await this.updateComplete;
    const next = hit.type === 'province' ? '#city' : hit.type === 'city' ? '#subdistrict' : '#postal';
    this.renderRoot.querySelector<HTMLElement>(next)?.focus();
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
        aria-required=${ariaBool(this.required)} @change=${(e: Event) => this.choose(level, (e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${!selected}>${pending ? term('loading') : this.localize.term('choose')}</option>
        ${options.map((o) => html`<option value=${o.value} ?selected=${o.value === selected}>${o.label}</option>`)}
      </select>
      ${task.status === TaskStatus.ERROR ? html`<p class="error" part="error" role="alert">${this.errorText(task.error)}
        <button type="button" class="btn quiet" @click=${() => void task.run()}>${term('retry')}</button></p>` : nothing}
    </div>`;
  }

  private renderSearch() {
    const { term } = this.localize;
    const active = this.active >= 0 ? `opt-${this.active}` : undefined;
    return html`<div class="field" part="search">
      <label for="search" part="label"><slot name="search-label">${term('search')}</slot></label>
      <div class="search">${icons.search}
        <input id="search" part="search-input" type="text" role="combobox" autocomplete="off" spellcheck="false"
          aria-autocomplete="list" aria-controls="results" aria-expanded=${ariaBool(this.expanded)} aria-activedescendant=${ifDefined(active)}
          placeholder=${term('searchHint')} ?disabled=${this.disabled || this.formDisabled}
          @input=${this.onInput} @keydown=${this.onKeydown} @blur=${() => (this.expanded = false)}>
        <ul id="results" role="listbox" part="listbox" aria-label=${term('search')} ?hidden=${!this.expanded}>
          ${this.results.map((hit, i) => html`<li id=${`opt-${i}`} role="option" part="option" aria-selected=${ariaBool(i === this.active)}
            @mousedown=${(e: Event) => e.preventDefault()} @click=${() => this.pick(hit)}>
            <span>${hit.name}</span><small>${hit.label}</small></li>`)}
          ${this.results.length ? nothing : html`<li class="none" role="presentation">${term('noResults')}</li>`}
        </ul>
      </div>
      <span class="sr-only" role="status">${this.expanded ? (this.results.length ? term('results', this.results.length) : term('noResults')) : ''}</span>
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

  override render() {
    const { term } = this.localize;
    const options = (list?: Array<{ id: number; name: string }>) => (list ?? []).map((x) => ({ value: String(x.id), label: x.name }));
    return html`<div part="base">
      ${this.renderSearch()}
      <div class="fields">
        ${this.renderSelect('province', term('province'), this.provinces, options(this.provinces.value), String(this.provinceId ?? ''), true)}
        ${this.renderSelect('city', term('city'), this.cities, options(this.cities.value), String(this.cityId ?? ''), !!this.provinceId)}
        ${this.renderSelect('subdistrict', term('subdistrict'), this.subdistricts, options(this.subdistricts.value), this.value, !!this.cityId)}
        ${this.renderSelect('postal', term('postalCode'), this.postalCodes, this.postalCodes.value ?? [], this.postalCode, !!this.value)}
      </div>
    </div>`;
  }
}

define('svc-location-picker', SvcLocationPicker);

declare global {
  interface HTMLElementTagNameMap {
    'svc-location-picker': SvcLocationPicker;
  }
}
