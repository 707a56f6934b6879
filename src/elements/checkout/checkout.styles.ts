import { css } from 'lit';

export const checkoutStyles = css`
  :host { container-type: inline-size; }
  [part='base'] { display: grid; gap: calc(var(--_space) * 1.25); }
  h2 { font-size: 1.5em; font-weight: 700; letter-spacing: -0.01em; }
  h2:focus, [part='confirmation'] p:focus { outline: none; }
  h3 { display: flex; align-items: center; gap: 0.625rem; font-size: 1.0625em; font-weight: 650; }
  h3 .step {
    display: inline-grid; place-items: center; width: 1.625rem; height: 1.625rem; border-radius: 50%;
    background: var(--_primary); color: var(--_on-primary); font-size: 0.8125rem; font-weight: 700;
  }
  .cols { display: grid; gap: calc(var(--_space) * 1.5); align-items: start; }
  @container (min-width: 52rem) { .cols { grid-template-columns: minmax(0, 1fr) minmax(18rem, 22rem); } aside { position: sticky; top: 1rem; } }
  .main, aside { display: grid; gap: calc(var(--_space) * 1.25); }
  section.step-box { display: grid; gap: 0.875rem; padding-block-end: calc(var(--_space) * 1.25); border-block-end: 1px solid var(--_border); }
  section.step-box:last-child { border: 0; padding: 0; }
  aside {
    padding: calc(var(--_space) * 1.25); border-radius: var(--_radius); background: var(--_subtle);
  }
  .lines { display: grid; gap: 0.75rem; margin: 0; padding: 0; list-style: none; }
  .line { display: grid; grid-template-columns: 3rem minmax(0, 1fr) auto; gap: 0.75rem; align-items: center; font-size: 0.9375em; }
  .line img, .line .ph { width: 3rem; aspect-ratio: 1; border-radius: var(--_radius-control); background: var(--_surface); object-fit: cover; }
  .thumb { position: relative; width: 3rem; aspect-ratio: 1; border-radius: var(--_radius-control); background: var(--_surface); object-fit: cover; }
  .qty {
    position: absolute; inset: -0.375rem -0.375rem auto auto; min-width: 1.25rem; height: 1.25rem; padding: 0 0.3rem;
    border-radius: 999px; background: var(--_muted); color: #fff; font-size: 0.6875rem; line-height: 1.25rem; text-align: center; font-weight: 700;
  }
  .line .name { display: grid; min-width: 0; }
  .line small { display: block; color: var(--_muted); }
  .price { font-variant-numeric: tabular-nums; }
  .discount { display: flex; gap: 0.5rem; }
  .discount input { flex: 1; text-transform: uppercase; }
  /* muted text stays readable on the tinted panel (without color-mix(), the muted token is readable there too) */
  @supports (color: color-mix(in srgb, red, red)) { aside { --_muted: color-mix(in srgb, var(--_text) 70%, var(--_subtle)); } }
  .notice { margin: 0; padding: 0.625em 0.875em; border-radius: var(--_radius-control); background: var(--_subtle); background: color-mix(in srgb, #d97706 10%, var(--_surface)); font-size: 0.875em; }
  .rows.busy { opacity: 0.6; transition: opacity 0.2s; }
  .submit { width: 100%; min-height: 3.25em; font-size: 1.0625em; }
  .options { display: grid; gap: 0.5rem; }
  .channels { display: flex; flex-wrap: wrap; gap: 0.5rem; padding-inline-start: 2rem; }
  .channels .choice { min-height: 44px; padding: 0.5em 0.875em; }
  .cost { font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .sk-opt { height: 3.5rem; }
  [part='confirmation'] { display: grid; gap: var(--_space); max-width: 36rem; }
  [part='confirmation'] .ok { font-size: 1.0625em; font-weight: 600; }
  a.btn { text-decoration: none; }
`;
