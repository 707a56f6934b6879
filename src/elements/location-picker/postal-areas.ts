import { html } from 'lit';
import type { PostalCode } from '../../contract/location.ts';
import { ariaBool } from '../shared/templates.ts';

/** One postal code of a subdistrict and the villages (kelurahan/desa) it serves. */
export type PostalArea = { code: string; villages: string[] };

/** A subdistrict's villages grouped by postal code, codes in order. */
export function postalAreas(villages: PostalCode[]): PostalArea[] {
  const byCode = new Map<string, string[]>();
  for (const v of villages) byCode.set(v.postal_code, [...(byCode.get(v.postal_code) ?? []), v.name]);
  return [...byCode].sort(([a], [b]) => a.localeCompare(b)).map(([code, names]) => ({ code, villages: names }));
}

type PostalView = {
  areas: PostalArea[];
  chosen: string;
  hint: string;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
  choose: (code: string) => void;
};

const label = (text: string) => html`<span class="label" id="postal-label" part="label"><slot name="postal-code-label">${text}</slot></span>`;

/** A single postal code as text: nothing to choose, so no control (and its villages in full, wrapping). */
export function renderPostalCode(area: PostalArea, labelText: string) {
  return html`<p class="postal" part="postal">${label(labelText)} <strong>${area.code}</strong>
    <small class="villages">${area.villages.join(', ')}</small></p>`;
}

/**
 * Several postal codes: a radio card each, with every village it serves written out (a buyer knows their village,
 * rarely its code), wrapping at any width instead of a select that cuts the names off.
 */
export function renderPostalChoice(v: PostalView, labelText: string) {
  return html`<div class="postal-choice" part="postal" role="radiogroup" aria-labelledby="postal-label" aria-describedby="postal-hint"
    aria-required=${ariaBool(v.required)} aria-invalid=${ariaBool(v.invalid)}>
    ${label(labelText)}<small class="muted" id="postal-hint">${v.hint}</small>
    ${v.areas.map((area) => html`<label class="choice" part="postal-option">
      <input type="radio" name="postal" value=${area.code} .checked=${area.code === v.chosen} ?disabled=${v.disabled}
        @change=${() => v.choose(area.code)}>
      <span><strong>${area.code}</strong><small>${area.villages.join(', ')}</small></span></label>`)}
  </div>`;
}
