import { css } from 'lit';

/**
 * A line: its photo, then one column (name, variant, what the line costs, unit price from 2 units on, the saving,
 * stepper and remove on one row, which a narrow cart such as a 320 px phone's drawer still holds); on a narrow cart a
 * smaller photo.
 */
export const cartStyles = css`
  :host { container-type: inline-size; }
  [part='base'] { display: flex; flex-direction: column; gap: var(--_space); }
  .head { display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 0.75rem; padding-inline-end: 3rem; }
  h2 { font-size: 1.375em; font-weight: 700; }
  h2:focus { outline: none; }
  .lines { display: grid; margin: 0; padding: 0; list-style: none; }
  .line {
    display: grid; grid-template-columns: 4.5rem minmax(0, 1fr); gap: 0.875rem; align-items: start;
    padding-block: 0.875rem; border-block-end: 1px solid var(--_border); transition: opacity 0.15s;
  }
  @container (max-width: 22rem) { .line { grid-template-columns: 3rem minmax(0, 1fr); gap: 0.75rem; } }
  .line:first-child { padding-block-start: 0; }
  .line[aria-busy='true'] { opacity: 0.6; }
  .thumb { display: block; width: 100%; aspect-ratio: 1; border-radius: var(--_radius-control); background: var(--_subtle); object-fit: cover; }
  .main { display: grid; gap: 0.125rem; min-width: 0; }
  .name { font-weight: 600; overflow-wrap: anywhere; }
  .small { font-size: 0.875em; }
  .saving { color: var(--_success); font-weight: 600; }
  .actions { display: flex; align-items: center; gap: 0.25rem; margin-block-start: 0.5rem; }
  .sum { display: grid; gap: 0.75rem; }
  .row { display: flex; justify-content: space-between; gap: 1rem; font-size: 1.0625em; font-weight: 600; }
  .fee { margin-block-start: -0.5rem; font-size: 0.9375em; font-weight: 400; }
  .note { margin: 0; font-size: 0.875em; }
  .sum .btn { width: 100%; min-height: 3em; }
  .sk-line { height: 4.5rem; margin-block-end: 0.875rem; }
  .error { margin: 0; }
`;
