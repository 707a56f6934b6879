import { css, html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';

/** Inputs, radio cards, sections and summary rows shared by checkout, order status, sign-in and account. */
export const formStyles = css`
  form { display: grid; gap: var(--_space); }
  .field { display: grid; gap: 0.375rem; min-width: 0; align-content: start; }
  .field > label, legend { font-size: 0.875em; font-weight: 600; }
  input:not([type='radio'], [type='checkbox']), textarea, select {
    width: 100%; min-height: max(2.75em, 44px); padding: 0.5em 0.75em; border: 1px solid var(--_border);
    border-radius: var(--_radius-control); background: var(--_surface); transition: border-color 0.15s;
  }
  textarea { min-height: 4.5em; resize: vertical; font: inherit; }
  input:hover, textarea:hover { border-color: var(--_muted); }
  input:focus-visible, textarea:focus-visible { outline: 2px solid var(--_focus); outline-offset: 1px; border-color: transparent; }
  [aria-invalid='true'] { border-color: var(--_danger) !important; }
  input[type='radio'], input[type='checkbox'] { width: 1.125em; height: 1.125em; margin: 0; accent-color: var(--_primary); flex: none; }
  .field-error { margin: 0; color: var(--_danger); font-size: 0.8125em; }
  .hint { margin: 0; color: var(--_muted); font-size: 0.8125em; }
  .grid-2 { display: grid; gap: 0.875rem; align-items: start; }
  @container (min-width: 34rem) { .grid-2 { grid-template-columns: 1fr 1fr; } }
  fieldset { display: grid; gap: 0.625rem; min-width: 0; margin: 0; padding: 0; border: 0; }
  .choice {
    display: flex; align-items: center; gap: 0.75rem; padding: 0.75em 1em; border: 1px solid var(--_border);
    border-radius: var(--_radius-control); background: var(--_surface); cursor: pointer; transition: border-color 0.15s, background-color 0.15s;
  }
  .choice:hover { border-color: var(--_muted); }
  .choice:has(input:checked) {
    border-color: var(--_primary); box-shadow: inset 0 0 0 1px var(--_primary);
    background: var(--_subtle); background: color-mix(in srgb, var(--_primary) 5%, var(--_surface));
  }
  .choice .grow { flex: 1; min-width: 0; display: grid; }
  .choice small { color: var(--_muted); }
  .rows { display: grid; gap: 0.5rem; margin: 0; }
  .rows > div { display: flex; justify-content: space-between; gap: 1rem; }
  .rows dt { color: var(--_muted); }
  .rows dd { margin: 0; font-variant-numeric: tabular-nums; text-align: end; }
  .rows .grand { padding-block-start: 0.75rem; border-block-start: 1px solid var(--_border); font-weight: 700; font-size: 1.125em; }
  .rows .grand dt { color: var(--_text); }
  .card { padding: var(--_space); border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); }
  .alert { margin: 0; padding: 0.75em 1em; border-radius: var(--_radius-control); background: var(--_subtle); background: color-mix(in srgb, var(--_danger) 8%, var(--_surface)); color: var(--_danger); }
  .ok { margin: 0; padding: 0.75em 1em; border-radius: var(--_radius-control); background: var(--_subtle); background: color-mix(in srgb, var(--_success) 10%, var(--_surface)); color: var(--_text); color: color-mix(in srgb, var(--_success) 75%, #000); }
  .link { padding: 0; border: 0; background: none; color: var(--_primary); font: inherit; font-weight: 600; cursor: pointer; text-decoration: underline; text-underline-offset: 0.2em; }
  button.link { min-height: 44px; } /* a touch target, though it reads as a link */
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
`;

export type FieldOptions = {
  id: string;
  label: unknown;
  value: string;
  error?: string;
  hint?: string;
  type?: 'text' | 'tel' | 'email' | 'password';
  /** Set as the (reflected) property: the template checker's attribute list lacks `one-time-code`. */
  autocomplete?: AutoFill;
  inputmode?: string;
  required?: boolean;
  multiline?: boolean;
  /** False for what no dictionary knows (a street address: "Jl.", "RT/RW"): no red underline under it. */
  spellcheck?: boolean;
  /** Called with the new value on every keystroke. */
  input?: (value: string) => void;
};

/** Label, input and message, wired for assistive technology (`aria-describedby`, `aria-invalid`). */
export function field(o: FieldOptions) {
  const described = [o.error ? `${o.id}-error` : '', o.hint ? `${o.id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const onInput = (e: Event) => o.input?.((e.target as HTMLInputElement).value);
  const control = o.multiline
    ? html`<textarea id=${o.id} name=${o.id} part="input" .autocomplete=${o.autocomplete ?? ''} ?required=${o.required}
        spellcheck=${ifDefined(o.spellcheck === false ? 'false' : undefined)} aria-invalid=${o.error ? 'true' : 'false'} aria-describedby=${ifDefined(described)} .value=${live(o.value)} @input=${onInput}></textarea>`
    : html`<input id=${o.id} name=${o.id} part="input" type=${o.type ?? 'text'} .autocomplete=${o.autocomplete ?? ''}
        inputmode=${ifDefined(o.inputmode)} ?required=${o.required} aria-invalid=${o.error ? 'true' : 'false'}
        aria-describedby=${ifDefined(described)} .value=${live(o.value)} @input=${onInput}>`;
  return html`<div class="field" part="field">
    <label for=${o.id} part="label">${o.label}</label>
    ${control}
    ${o.hint ? html`<p class="hint" id=${`${o.id}-hint`}>${o.hint}</p>` : nothing}
    ${o.error ? html`<p class="field-error" part="field-error" id=${`${o.id}-error`}>${o.error}</p>` : nothing}
  </div>`;
}

/** Focuses the first control marked invalid (after the render that marked it). */
export function focusFirstInvalid(root: ParentNode) {
  root.querySelector<HTMLElement>('[aria-invalid="true"], .invalid')?.focus();
}
