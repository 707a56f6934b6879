import { css } from 'lit';

export const pickerStyles = css`
  :host { container-type: inline-size; }
  [part='base'] { display: grid; gap: 0.875rem; }
  .fields { display: grid; gap: 0.875rem; }
  @container (min-width: 32rem) { .fields { grid-template-columns: 1fr 1fr; } }
  .field { display: grid; gap: 0.375rem; min-width: 0; }
  label { font-size: 0.875em; font-weight: 600; }
  select, .search input {
    width: 100%; min-height: max(2.75em, 44px); padding: 0.5em 0.75em; border: 1px solid var(--_border);
    border-radius: var(--_radius-control); background: var(--_surface);
  }
  select { appearance: none; padding-inline-end: 2.25em; cursor: pointer;
    background: var(--_surface) no-repeat right 0.75em center / 0.75em
      url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 8'%3E%3Cpath d='M1 1l5 5 5-5' fill='none' stroke='%23888' stroke-width='2'/%3E%3C/svg%3E"); }
  select:disabled { opacity: 0.55; cursor: not-allowed; }
  select:focus-visible, .search input:focus-visible { outline: 2px solid var(--_focus); outline-offset: 1px; border-color: transparent; }
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
`;
