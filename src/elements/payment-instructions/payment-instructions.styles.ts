import { css } from 'lit';

/** `<svc-payment-instructions>`: amounts, numbers to copy, the QR code and the countdown. */
export const paymentInstructionsStyles = css`
  [part='base'] { display: grid; gap: var(--_space); }
  h3 { font-size: 1.125em; }
  .amount { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; font-size: 1.5em; font-weight: 700; font-variant-numeric: tabular-nums; }
  .big { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 1.25em; font-weight: 700; letter-spacing: 0.04em; }
  .big > span { display: inline-block; }
  .big > span + span { margin-inline-start: 0.4em; }
  .copy { display: inline-flex; align-items: center; gap: 0.25rem; min-height: 44px; padding: 0.25em 0.75em; font-size: 0.875rem; }
  .rows > div { flex-wrap: wrap; align-items: center; column-gap: 1rem; row-gap: 0.25rem; }
  .rows dd { display: flex; flex-wrap: wrap; align-items: center; justify-content: flex-end; gap: 0.5rem; min-width: 0; overflow-wrap: anywhere; }
  :host { container-type: inline-size; }
  .rows > .number { display: grid; }
  .rows > .number dd { display: grid; grid-template-columns: minmax(0, 1fr) auto; text-align: start; }
  @container (max-width: 26rem) { .big { font-size: 1.125em; letter-spacing: 0.02em; } .big > span + span { margin-inline-start: 0.3em; } }
  .timer { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 1rem; padding: 0.625em 1em;
    border-radius: var(--_radius-control); background: var(--_subtle); background: color-mix(in srgb, #d97706 10%, var(--_surface)); font-size: 0.9375em; }
  .timer strong { font-variant-numeric: tabular-nums; font-size: 1.125em; }
  .qr { justify-self: center; width: var(--svc-qr-size, 15rem); max-width: 100%; aspect-ratio: 1; border-radius: var(--_radius-control); background: #fff; }
  .accounts { display: grid; gap: 0.625rem; margin: 0; padding: 0; list-style: none; }
  .note { margin: 0; color: var(--_muted); font-size: 0.9375em; }
  a.btn { text-decoration: none; }
  .state { padding: var(--_space); }
`;
