import { css } from 'lit';

/**
 * The payment step's method cards and channel chips. A card's label stretches over it (`::after`), so the whole card
 * is its tap target; the channels sit above that layer. Selection is a class (no `:has()` needed), `:has()` only adds
 * the keyboard focus ring around the card. A method's channel tiles sit under its description on a phone (or where
 * container queries are missing), beside its name when the checkout is wide; once chosen, its channels inside replace them.
 */
export const paymentChoiceStyles = css`
  .pay {
    position: relative; display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: center; column-gap: 0.75rem;
    padding: 0.5rem 0.75rem 0.75rem; border: 1px solid var(--_border); border-radius: var(--_radius-control); background: var(--_surface);
    transition: border-color 0.15s, background-color 0.15s;
  }
  .pay:hover:not(.off) { border-color: var(--_muted); }
  .pay.selected {
    border-color: var(--_primary); box-shadow: inset 0 0 0 1px var(--_primary);
    background: var(--_surface); background: color-mix(in srgb, var(--_primary) 4%, var(--_surface));
  }
  .pay:has(input[name='method']:focus-visible) { outline: 2px solid var(--_focus); outline-offset: 2px; }
  .pay > label { display: flex; align-items: center; gap: 0.625rem; min-height: 44px; font-weight: 600; cursor: pointer; }
  .pay > label::after { content: ''; position: absolute; inset: 0; border-radius: inherit; }
  .marks { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem; }
  .marks.many { grid-column: 1 / -1; grid-row: 3; margin-block-start: 0.375rem; padding-inline-start: 1.75em; }
  @container (min-width: 30rem) { .marks.many { grid-column: 2; grid-row: 1; margin: 0; padding: 0; } }
  .pay.selected .marks.many { display: none; }
  .marks .more { font-size: 0.75rem; font-weight: 600; color: var(--_muted); }
  .mark { display: block; }
  .pay-note { grid-column: 1 / -1; margin: 0; padding-inline-start: 1.75em; color: var(--_muted); font-size: 0.875em; }
  .pay.off { background: var(--_subtle); }
  .pay.off > label { cursor: not-allowed; color: var(--_muted); }
  .pay.off .marks { opacity: 0.55; }
  .pay-channels {
    position: relative; z-index: 1; grid-column: 1 / -1; gap: 0.5rem; margin-block-start: 0.75rem; padding-block-start: 0.75rem;
    border-block-start: 1px solid var(--_border);
  }
  .pay-channels legend { float: left; width: 100%; margin-block-end: 0.5rem; font-size: 0.875em; font-weight: 600; }
  .chips { display: grid; grid-template-columns: repeat(auto-fill, minmax(6.75rem, 1fr)); gap: 0.5rem; }
  .chip {
    display: flex; align-items: center; gap: 0.5rem; min-height: 44px; padding: 0.25rem 0.5rem 0.25rem 0.625rem;
    border: 1px solid var(--_border); border-radius: var(--_radius-control); background: var(--_surface); cursor: pointer;
  }
  .chip:hover { border-color: var(--_muted); }
  .chip.selected { border-color: var(--_primary); box-shadow: inset 0 0 0 1px var(--_primary); }
`;
