import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { define } from '../shared/element.ts';
import { Localize } from '../shared/localize.ts';
import { base } from '../shared/styles.ts';
import { OptionChangeEvent } from '../shared/template-events.ts';
import type { OptionView } from '../templates/views.ts';
import { VARIANT_SELECTOR_TERMS } from './variant-selector.i18n.ts';
import { variantSelectorStyles } from './variant-selector.styles.ts';

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
 * @csspart swatch-* - The dot of one value, by its name in lower case (`swatch-hitam`): give it the value's colour.
 * @csspart select - The select (`type="select"`).
 * @cssproperty --svc-swatch-size - Diameter of a swatch (2.25rem; its target is 44 px at least).
 */
export class SvcVariantSelector extends LitElement {
  static override styles = [base, variantSelectorStyles];

  protected readonly localize = new Localize(this, VARIANT_SELECTOR_TERMS);

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
          part=${['value', value.selected ? 'value-selected' : '', value.available ? '' : 'value-unavailable'].join(' ').trim()}>
        <input type="radio" name=${`option-${group}`} .value=${value.name} .checked=${value.selected} @change=${() => this.pick(option.name, value.name)}>
        ${swatches ? html`<span class="swatch" part=${['swatch', 'swatch-' + partName(value.name)].join(' ')}></span>` : nothing}
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
