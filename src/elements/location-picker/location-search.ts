import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Client } from '../../client/client.ts';
import { searchLocations } from '../../client/routes/locations.ts';
import type { Location } from '../../contract/location.ts';
import type { ShopTerms } from '../shared/i18n.ts';
import type { TermOf } from '../shared/localize.ts';
import { ariaBool, icons } from '../shared/templates.ts';
import type { LocationPickerTerms } from './location-picker.i18n.ts';

/** The routes the picker reads: the store's, or an HTML Mode page's. */
export type Api = { client: Client; via: 'store' | 'page' };

const SEARCH_DELAY_MS = 250;

type SearchOptions = {
  api: () => Api | undefined;
  input: () => HTMLInputElement | undefined;
  pick: (hit: Location) => void;
};

/**
 * The picker's search box: a WAI-ARIA combobox (arrows, Enter, Escape, Tab) over `/locations?search=`, with at most
 * one request per 250 ms of typing.
 */
export class LocationSearch implements ReactiveController {
  results: Location[] = [];
  expanded = false;
  active = -1;
  searched = false;
  private timer?: ReturnType<typeof setTimeout>;
  private abort?: AbortController;

  constructor(private readonly host: ReactiveControllerHost, private readonly options: SearchOptions) {
    host.addController(this);
  }

  hostDisconnected() {
    clearTimeout(this.timer);
    this.abort?.abort();
  }

  /** Closes the list (a hit was picked, focus left). */
  close() {
    this.set({ expanded: false, active: -1 });
  }

  private set(patch: Partial<Pick<LocationSearch, 'results' | 'expanded' | 'active' | 'searched'>>) {
    Object.assign(this, patch);
    this.host.requestUpdate();
  }

  private readonly onInput = () => {
    const query = this.options.input()!.value.trim();
    clearTimeout(this.timer);
    this.abort?.abort();
    if (query.length < 2) return this.set({ results: [], expanded: false, searched: false });
    // trailing debounce: requests are at least 250 ms apart, and none is sent while the buyer is still typing
    this.timer = setTimeout(() => void this.search(query), SEARCH_DELAY_MS);
  };

  private async search(query: string) {
    const api = this.options.api();
    if (!api) return;
    const abort = (this.abort = new AbortController());
    try {
      const page = await searchLocations(api.client, { search: query, page_size: 8 }, { via: api.via, signal: abort.signal });
      this.set({ results: page.results, active: -1, searched: true, expanded: true });
    } catch {
      if (!abort.signal.aborted) this.set({ results: [] });
    }
  }

  private readonly onKeydown = (event: KeyboardEvent) => {
    const count = this.results.length;
    const input = this.options.input()!;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!this.expanded) this.set({ expanded: this.searched });
        else if (count) this.set({ active: event.key === 'ArrowDown' ? (this.active + 1) % count : (this.active - 1 + count) % count });
        break;
      case 'Enter':
        if (this.expanded && this.active >= 0) {
          event.preventDefault(); // not a form submit
          this.options.pick(this.results[this.active]);
        }
        break;
      case 'Escape':
        if (this.expanded) {
          event.preventDefault();
          this.set({ expanded: false });
        } else if (input.value) {
          input.value = '';
          this.onInput();
        }
        break;
      case 'Tab':
        this.set({ expanded: false });
    }
  };

  render(term: TermOf<ShopTerms & LocationPickerTerms>, o: { disabled: boolean; invalid: boolean }) {
    const active = this.active >= 0 ? `opt-${this.active}` : undefined;
    return html`<div class="field" part="search">
      <label for="search" part="label"><slot name="search-label">${term('search')}</slot></label>
      <div class="search">${icons.search}
        <input id="search" part="search-input" type="text" role="combobox" autocomplete="off" spellcheck="false"
          aria-autocomplete="list" aria-controls="results" aria-expanded=${ariaBool(this.expanded)} aria-activedescendant=${ifDefined(active)}
          aria-invalid=${ariaBool(o.invalid)} placeholder=${term('searchHint')} ?disabled=${o.disabled}
          @input=${this.onInput} @keydown=${this.onKeydown} @blur=${() => this.set({ expanded: false })}>
        <ul id="results" role="listbox" part="listbox" aria-label=${term('search')} ?hidden=${!this.expanded}>
          ${this.results.map((hit, i) => html`<li id=${`opt-${i}`} role="option" part="option" aria-selected=${ariaBool(i === this.active)}
            @mousedown=${(e: Event) => e.preventDefault()} @click=${() => this.options.pick(hit)}>
            <span>${hit.name}</span><small>${hit.label}</small></li>`)}
          ${this.results.length ? nothing : html`<li class="none" role="presentation">${term('noResults')}</li>`}
        </ul>
      </div>
      <span class="sr-only" role="status">${this.expanded ? (this.results.length ? term('results', this.results.length) : term('noResults')) : ''}</span>
    </div>`;
  }
}
