import { css } from 'lit';

/**
 * `<svc-payment-instructions>`: amounts, numbers to copy, the QR code, the countdown and the steps. Flat blocks (a
 * tinted panel at most), so that inside an order page's card nothing is a card within a card. An account number's
 * blocks of four are boxes of their own: they stay on one line from a 320 px phone up, and wrap between blocks, never
 * inside one, in anything narrower.
 */
export const paymentInstructionsStyles = css`
  :host { container-type: inline-size; }
  [part='base'] { display: grid; gap: var(--_space); }
  .head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem 1rem; }
  h3 { font-size: 1.125em; }
  .amount-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem; }
  .amount { font-size: 1.5em; font-weight: 700; font-variant-numeric: tabular-nums; }
  .panel { display: grid; gap: 0.75rem; margin: 0; padding: 0.75rem 0.875rem; border-radius: var(--_radius-control); background: var(--_subtle); }
  .panel dt { color: var(--_muted); font-size: 0.875em; }
  .panel dd { margin: 0; }
  .bank { display: flex; align-items: center; gap: 0.5rem; font-weight: 600; }
  .number-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem; }
  .big { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 1.25em; font-weight: 700; line-height: 1.5; }
  .big > span { display: inline-block; white-space: nowrap; }
  .big > span + span { margin-inline-start: 0.35em; }
  @container (max-width: 15rem) { .big { font-size: 1.0625em; } }
  .accounts { display: grid; gap: 0.625rem; margin: 0; padding: 0; list-style: none; }
  .timer {
    display: grid; gap: 0.125rem; padding: 0.625em 0.875em;
    border-radius: var(--_radius-control); background: #fdf3e6; background: color-mix(in srgb, var(--_warning) 10%, var(--_surface)); font-size: 0.9375em;
  }
  .timer strong { font-variant-numeric: tabular-nums; font-size: 1.125em; }
  .qr-box { display: grid; justify-items: center; gap: 0.75rem; }
  .qr { width: var(--svc-qr-size, 15rem); max-width: 100%; aspect-ratio: 1; border-radius: var(--_radius-control); background: #fff; }
  .save { width: min(100%, var(--svc-qr-size, 15rem)); }
  .actions .btn { padding-inline: 1em; font-size: 0.9375em; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .note { margin: 0; color: var(--_muted); font-size: 0.9375em; }
  .checked { margin: 0; font-size: 0.9375em; }
  .checked:empty { position: absolute; }
  .steps { display: grid; gap: 0.5rem; }
  h4 { margin: 0; font-size: 1em; }
  details { border: 1px solid var(--_border); border-radius: var(--_radius-control); background: var(--_surface); }
  summary { display: flex; align-items: center; gap: 0.75rem; min-height: 44px; padding: 0.375rem 0.875rem; font-weight: 600; cursor: pointer; }
  summary:focus-visible { outline-offset: -2px; }
  /* a flex summary has no marker in any engine: a chevron of its own says it opens, and whether it is open */
  summary::-webkit-details-marker { display: none; }
  summary::after {
    content: ''; flex: none; width: 0.5em; height: 0.5em; margin-inline-start: auto; border: solid currentColor; border-width: 0 2px 2px 0;
    transform: translateY(-25%) rotate(45deg);
  }
  details[open] > summary::after { transform: translateY(25%) rotate(-135deg); }
  details ol { margin: 0; padding: 0 0.875rem 0.875rem 2.25rem; display: grid; gap: 0.375rem; }
  a.btn { text-decoration: none; }
  .state { padding: var(--_space); }
`;
