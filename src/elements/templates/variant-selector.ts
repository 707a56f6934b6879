import { css, html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { define } from '../shared/element.ts';
import { Localize } from '../shared/localize.ts';
import { base } from '../shared/styles.ts';
import { OptionChangeEvent } from '../shared/template-events.ts';
import { TEMPLATE_TERMS } from './templates.i18n.ts';
import type { OptionView } from './views.ts';

/** A value as part of a part name: `Hitam` → `hitam`, `Biru Muda` → `biru-muda`. */
const partName = (value: string) => value.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'value';

/**
 * The product's options in a product context's template, as radio pills (`type="radios"`, the default), colour
 * swatches (`type="swatches"`, or `swatches="Warna"` for some options) or selects (`type="select"`); `option="Warna"`
 * shows one option only. The context
 * gives it the options and chooses what the buyer picks; the price, image, stock and add-to-cart of the template
 * follow. Swatches take their colours from the merchant's CSS: each has the part `swatch-<value>`
 * (`svc-variant-selector::part(swatch-hitam) { background: #111 }`).
 *
 * @summary Variant options as radios, swatches or selects, inside `<svc-context type="product">`.
 * @fires svc-option-change - `{ name, value }`: the buyer picked a value (the product context chooses it).
 * @csspart option - One option (a fieldset; a label with `type="select"`).
 * @csspart option-label - The option's name (legend).
 * @csspart option-value - The value chosen, after the option's name.
 * @csspart values - The row of values.
 * @csspart value - A value (its label); also `value-selected`, `value-unavailable`.
 * @csspart value-selected - The value chosen.
 * @csspart value-unavailable - A value whose variants are sold out.
 * @csspart value-name - The value's text.
 * @csspart swatch - The colour dot of a value (`type="swatches"`); also `swatch-<value>`.
 * @csspart select - The select (`type="select"`).
 * @cssproperty --svc-swatch-size - Diameter of a swatch (2.25rem; its target is 44 px at least).
 */
export class SvcVariantSelector extends LitElement {
  static override styles = [base, css`
    .options { display: grid; gap: var(--_space); }
    fieldset { display: grid; gap: 0.5rem; margin: 0; padding: 0; border: 0; min-width: 0; }
    legend { padding: 0; margin-block-end: 0.5rem; font-weight: 600; }
    legend span { font-weight: 400; color: var(--_muted); }
    .values { display: flex; flex-wrap: wrap; gap: 0.5rem; }
    label.value { position: relative; display: inline-grid; justify-items: center; gap: 0.25rem; cursor: pointer; }
    .value input { position: absolute; inset: 0; width: 100%; height: 100%; opacity: 0; margin: 0; cursor: pointer; }
    .pill {
      display: inline-grid; place-items: center; min-width: 3rem; min-height: 44px; padding: 0.375em 1em; border: 1px solid var(--_border);
      border-radius: var(--_radius-control); background: var(--_surface);
    }
    .value input:checked + .pill { border-color: var(--_primary); box-shadow: inset 0 0 0 1px var(--_primary); font-weight: 600; }
    .value input:focus-visible + * { outline: 2px solid var(--_focus); outline-offset: 2px; }
    .swatch {
      display: block; width: max(var(--svc-swatch-size, 2.25rem), 44px); height: max(var(--svc-swatch-size, 2.25rem), 44px); border-radius: 50%;
      border: 1px solid var(--_border); background: var(--_subtle); box-shadow: inset 0 0 0 3px var(--_surface);
    }
    .value input:checked + .swatch { border: 2px solid var(--_text); }
    .swatches .value-name { font-size: 0.8125em; }
    .unavailable .pill, .unavailable .value-name { color: var(--_muted); text-decoration: line-through; }
    label.select { display: grid; gap: 0.375rem; font-weight: 600; }
    select { min-height: 44px; padding: 0.5em 0.75em; border: 1px solid var(--_border); border-radius: var(--_radius-control); background: var(--_surface); font-weight: 400; }
  `];

  protected readonly localize = new Localize(this, TEMPLATE_TERMS);

  /** The product's options with their values' state (given by the product context). */
  @property({ attribute: false }) options?: OptionView[];
  /** `radios` (default), `swatches` or `select`. */
  @property() type: 'radios' | 'swatches' | 'select' = 'radios';
  /** Show only this option (e.g. the colours as swatches, the sizes as pills in a second selector). */
  @property() option?: string;
  /** Options shown as swatches whatever the `type`, comma-separated (`swatches="Warna"`: colours as dots, sizes as pills). */
  @property() swatches?: string;

  private pick(name: string, value: string) {
    this.dispatchEvent(new OptionChangeEvent(name, value));
  }

  private renderSelect(option: OptionView) {
    return html`<label class="select" part="option"><span part="option-label">${option.name}</span>
      <select part="select" @change=${(e: Event) => this.pick(option.name, (e.target as HTMLSelectElement).value)}>
        ${option.values.map((value) => html`<option .value=${value.name} .selected=${value.selected}>${value.name}${value.available ? '' : ` (${this.localize.term('valueSoldOut')})`}</option>`)}
      </select></label>`;
  }

  private renderValues(option: OptionView, group: number) {
    const swatches = this.type === 'swatches' || !!this.swatches?.split(',').some((name) => name.trim() === option.name);
    return html`<fieldset part="option" class=${swatches ? 'swatches' : 'pills'}>
      <legend part="option-label">${option.name}: <span part="option-value">${option.selected}</span></legend>
      <div class="values" part="values">${option.values.map((value) => html`<label
          class=${value.available ? 'value' : 'value unavailable'}
          part=${`value${value.selected ? ' value-selected' : ''}${value.available ? '' : ' value-unavailable'}`}>
        <input type="radio" name=${`option-${group}`} .value=${value.name} .checked=${value.selected} @change=${() => this.pick(option.name, value.name)}>
        ${swatches ? html`<span class="swatch" part=${`swatch swatch-${partName(value.name)}`}></span>` : nothing}
        <span class=${swatches ? 'value-name' : 'pill value-name'} part="value-name">${value.name}</span>
        ${value.available ? nothing : html`<span class="sr-only">(${this.localize.term('valueSoldOut')})</span>`}
      </label>`)}</div>
    </fieldset>`;
  }

  override render() {
    const options = (this.options ?? []).filter((o) => !this.option || o.name === this.option);
    return html`<div class="options">${options.map((option, i) => (this.type === 'select' ? this.renderSelect(option) : this.renderValues(option, i)))}</div>`;
  }
}

define('svc-variant-selector', SvcVariantSelector);

declare global {
  interface HTMLElementTagNameMap {
    'svc-variant-selector': SvcVariantSelector;
  }
}
