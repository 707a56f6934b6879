import { css } from 'lit';

export const variantSelectorStyles = css`
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
  `;
