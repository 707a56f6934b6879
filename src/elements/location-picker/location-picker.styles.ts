import { css } from 'lit';

export const pickerStyles = css`
  :host { container-type: inline-size; }
  [hidden] { display: none !important; }
  [part='base'], .edit { display: grid; gap: 0.875rem; }
  .fields { display: grid; gap: 0.875rem; }
  @container (min-width: 32rem) { .fields { grid-template-columns: 1fr 1fr; } }
  @container (min-width: 44rem) { .fields { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
  .field { display: grid; gap: 0.375rem; min-width: 0; }
  label, .label { font-size: 0.875em; font-weight: 600; }
  select, .search input {
    width: 100%; min-height: max(2.75em, 44px); padding: 0.5em 0.75em; border: 1px solid var(--_border);
    border-radius: var(--_radius-control); background: var(--_surface);
  }
  select { appearance: none; padding-inline-end: 2.25em; cursor: pointer;
    background: var(--_surface) no-repeat right 0.75em center / 0.75em
      url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 8'%3E%3Cpath d='M1 1l5 5 5-5' fill='none' stroke='%23888' stroke-width='2'/%3E%3C/svg%3E"); }
  select:disabled { opacity: 0.55; cursor: not-allowed; }
  select:focus-visible, .search input:focus-visible { outline: 2px solid var(--_focus); outline-offset: 1px; border-color: transparent; }
  select[aria-invalid='true'], .search input[aria-invalid='true'], .chosen.invalid { border-color: var(--_danger); box-shadow: 0 0 0 1px var(--_danger); }
  .search { position: relative; }
  .search svg { position: absolute; inset: 50% auto auto 0.75em; transform: translateY(-50%); color: var(--_muted); pointer-events: none; }
  .search input { padding-inline-start: 2.5em; }
  [role='listbox'] {
    position: absolute; z-index: 10; inset: calc(100% + 0.25rem) 0 auto; max-height: 18rem; overflow-y: auto; margin: 0; padding: 0.25rem;
    list-style: none; background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius-control); box-shadow: var(--_shadow);
  }
  [role='option'] { display: grid; padding: 0.5em 0.75em; border-radius: calc(var(--_radius-control) - 0.125rem); cursor: pointer; }
  [role='option'] small { color: var(--_muted); }
  [role='option'][aria-selected='true'], [role='option']:hover { background: var(--_subtle); }
  [role='option'][aria-selected='true'] { box-shadow: inset 3px 0 0 var(--_primary); }
  .none { padding: 0.5em 0.75em; color: var(--_muted); }
  .error { margin: 0; font-size: 0.875em; }
  .chosen {
    display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: center; gap: 0.5rem; padding: 0.375rem 0.375rem 0.375rem 0.75rem;
    border: 1px solid var(--_border); border-radius: var(--_radius-control); background: var(--_surface);
  }
  .place { display: flex; gap: 0.5rem; align-items: flex-start; min-width: 0; margin: 0; overflow-wrap: anywhere; }
  .place svg { margin-block-start: 0.125em; color: var(--_primary); }
  .place .code { font-variant-numeric: tabular-nums; white-space: nowrap; }
  .chosen .btn { padding-inline: 0.875em; }
  .postal { margin: 0; overflow-wrap: anywhere; }
  .postal strong { font-variant-numeric: tabular-nums; }
  .postal-choice { display: grid; gap: 0.5rem; padding: 0; border-radius: var(--_radius-control); }
  .postal-choice[aria-invalid='true'] .choice { border-color: var(--_danger); }
  .choice {
    display: flex; gap: 0.75rem; align-items: flex-start; min-height: 44px; padding: 0.625rem 0.875rem; min-width: 0;
    border: 1px solid var(--_border); border-radius: var(--_radius-control); background: var(--_surface); font-size: 1em; font-weight: 400; cursor: pointer;
  }
  .choice:has(input:checked) { border-color: var(--_primary); box-shadow: inset 0 0 0 1px var(--_primary); }
  .choice input { flex: none; width: 1.125rem; height: 1.125rem; margin: 0.2em 0 0; accent-color: var(--_primary); }
  .choice span { min-width: 0; overflow-wrap: anywhere; }
  .choice strong { font-variant-numeric: tabular-nums; }
  .choice small, .villages { display: block; color: var(--_muted); font-size: 0.875em; }
`;
