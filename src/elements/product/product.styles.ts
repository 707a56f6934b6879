import { css } from 'lit';

export const productStyles = css`
  :host { container-type: inline-size; }
  .layout { display: grid; gap: calc(var(--_space) * 1.5); }
  @container (min-width: 40rem) { .layout { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); align-items: start; } }
  .main { aspect-ratio: var(--svc-product-image-ratio, 1); border-radius: var(--_radius); background: var(--_subtle); overflow: hidden; }
  .main img { width: 100%; height: 100%; object-fit: cover; }
  .thumbs { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-block-start: 0.75rem; }
  .thumb { width: 4rem; aspect-ratio: 1; padding: 0; border: 2px solid transparent; border-radius: var(--_radius-control); background: var(--_subtle); overflow: hidden; cursor: pointer; }
  .thumb[aria-pressed='true'] { border-color: var(--_primary); }
  .thumb img { width: 100%; height: 100%; object-fit: cover; }
  .info { display: grid; gap: var(--_space); align-content: start; }
  .cat { font-size: 0.8125em; text-transform: uppercase; letter-spacing: 0.06em; }
  h2 { font-size: 1.75em; font-weight: 700; letter-spacing: -0.015em; }
  .info > .price { font-size: 1.375em; }
  .badges { display: flex; flex-wrap: wrap; gap: 0.375rem; }
  .avail { display: flex; align-items: center; gap: 0.5em; font-size: 0.9375em; }
  .avail::before { content: ''; width: 0.5em; height: 0.5em; border-radius: 50%; background: var(--_success); }
  .avail.low::before { background: var(--_warning); }
  .avail.out::before { background: var(--_danger); }
  fieldset { display: grid; gap: 0.5rem; margin: 0; padding: 0; border: 0; }
  legend { padding: 0; margin-block-end: 0.5rem; font-weight: 600; font-size: 0.9375em; }
  legend span { font-weight: 400; color: var(--_muted); }
  fieldset .error { margin: 0; font-size: 0.875em; }
  .values { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .value { position: relative; }
  .value input { position: absolute; inset: 0; opacity: 0; margin: 0; cursor: pointer; }
  .value span {
    display: inline-grid; place-items: center; min-width: 3rem; min-height: 44px; padding: 0.375em 1em; text-align: center; border: 1px solid var(--_border);
    border-radius: var(--_radius-control); background: var(--_surface); transition: border-color 0.15s, background-color 0.15s;
  }
  .value:hover span { border-color: var(--_text); }
  .value input:checked + span { border-color: var(--_primary); box-shadow: inset 0 0 0 1px var(--_primary); font-weight: 600; }
  .value input:focus-visible + span { outline: 2px solid var(--_focus); outline-offset: 2px; }
  .value.out span { color: var(--_muted); text-decoration: line-through; }
  .buy { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
  .add { flex: 1 1 12rem; }
  .add > * { width: 100%; }
  @container (max-width: 39.99rem) {
    .in-dialog [part=gallery] { width: min(100%, 32vh); margin-inline: auto; }
    .in-dialog .buy { display: contents; }
    .in-dialog .stepper { justify-self: start; }
    .in-dialog .add {
      position: sticky; bottom: 0; z-index: 1; padding-block-end: 1rem; background: var(--_surface);
      box-shadow: 0 0 0 1rem var(--_surface), 0 -1px 0 1rem var(--_border);
    }
  }
  .contents { margin: 0; padding-inline-start: 1.25em; }
  .desc { color: var(--_text); border-block-start: 1px solid var(--_border); padding-block-start: var(--_space); }
  .desc :first-child { margin-block-start: 0; }
  .desc :last-child { margin-block-end: 0; }
  .desc img { height: auto; }
  .sk-block { height: 1.25rem; }
  .sk-block:nth-child(1) { width: 60%; }
  .sk-block:nth-child(2) { width: 85%; }
  .sk-block:nth-child(3) { width: 35%; }
  .sk-main { height: 100%; border-radius: 0; }
`;
