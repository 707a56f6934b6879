import { css } from 'lit';

export const accountStyles = css`
  :host { container-type: inline-size; }
  [part='base'] { display: grid; gap: calc(var(--_space) * 1.25); }
  header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.75rem; }
  h2 { font-size: 1.5em; font-weight: 700; }
  h3 { font-size: 1.0625em; }
  h4 { margin: 0; font-size: 0.9375em; }
  [role='tablist'] { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  [role='tab'] {
    min-height: 44px; padding: 0.5em 1.125em; border: 1px solid var(--_border); border-radius: 999px; background: var(--_surface);
    color: var(--_text); font: inherit; font-weight: 600; cursor: pointer; white-space: nowrap;
  }
  [role='tab']:hover { background: var(--_subtle); }
  [role='tab'][aria-selected='true'] { border-color: var(--_primary); background: var(--_primary); color: var(--_on-primary); }
  [role='tabpanel'] { display: grid; gap: var(--_space); }
  [role='tabpanel']:focus-visible { outline-offset: 4px; }
  .cards { display: grid; gap: var(--_space); margin: 0; padding: 0; list-style: none; }
  @container (min-width: 40rem) { .cards { grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); } }
  .card { display: grid; gap: 0.5rem; align-content: start; }
  .card p { margin: 0; }
  .course-card img { width: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: var(--_radius-control); background: var(--_subtle); }
  .profile { display: grid; gap: 0.25rem; }
  .orders { display: grid; gap: var(--_space); }
  .order { display: grid; gap: 0.75rem; min-width: 0; padding: var(--_space); border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); }
  .order-head { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem; }
  .order-head h3 { font-size: 1em; font-weight: 700; font-variant-numeric: tabular-nums; }
  .order-head .state-badge { margin-inline-start: auto; }
  .order p { margin: 0; }
  @container (max-width: 26rem) {
    .order .line { grid-template-columns: 3rem minmax(0, 1fr); align-items: start; }
    .order .line .price { grid-column: 2; }
  }
  .order-total { display: flex; justify-content: space-between; gap: 1rem; padding-block-start: 0.75rem; border-block-start: 1px solid var(--_border); }
  .order-total strong { font-variant-numeric: tabular-nums; }
  .tracking { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.5rem; }
  .tracking > :first-child { flex-basis: 100%; }
  .resi { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: 0.04em; overflow-wrap: anywhere; }
  .copy { min-height: 44px; padding: 0.25em 0.875em; }
  .order-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; }
  .reorder { flex-basis: 100%; display: grid; gap: 0.25rem; }
  .reorder:empty { margin-block-start: -0.5rem; }
  .reorder .added { color: #11602e; color: color-mix(in srgb, var(--_success) 75%, #000); }
  details summary {
    display: flex; align-items: center; min-height: 44px; color: var(--_primary); font-weight: 600; cursor: pointer; list-style: none;
  }
  summary::-webkit-details-marker { display: none; }
  summary::after { content: '▾'; margin-inline-start: 0.5rem; transition: transform 0.15s; }
  details[open] summary::after { transform: rotate(180deg); }
  .order-body { display: grid; gap: 0.75rem; padding-block-start: 0.5rem; }
  .progress { display: grid; gap: 0.25rem; }
  progress { width: 100%; height: 0.5rem; border: 0; border-radius: 999px; overflow: hidden; background: var(--_subtle); accent-color: var(--_primary); }
  progress::-webkit-progress-bar { background: var(--_subtle); }
  progress::-webkit-progress-value { background: var(--_primary); border-radius: 999px; }
  .course { display: grid; gap: 0.75rem; justify-items: start; }
  .course > * { justify-self: stretch; }
  .course > .link { justify-self: start; }
  .course-body { display: grid; gap: var(--_space); }
  @container (min-width: 44rem) { .course-body { grid-template-columns: 16rem minmax(0, 1fr); align-items: start; } }
  nav { display: grid; gap: 0.5rem; }
  nav ul { display: grid; gap: 0.125rem; margin: 0 0 0.5rem; padding: 0; list-style: none; }
  .lesson {
    display: flex; align-items: center; gap: 0.5rem; width: 100%; padding: 0.5em 0.625em; border: 0; border-radius: var(--_radius-control);
    background: none; font: inherit; text-align: start; cursor: pointer;
  }
  .lesson:hover, .lesson[aria-current='true'] { background: var(--_subtle); }
  .lesson[aria-current='true'] { font-weight: 600; }
  .tick { display: inline-grid; place-items: center; flex: none; width: 1.25rem; height: 1.25rem; border: 2px solid var(--_border); border-radius: 50%; }
  .tick.on { border-color: var(--_success); background: var(--_success); color: #fff; }
  .tick svg { width: 0.75rem; height: 0.75rem; }
  .content { display: grid; gap: 0.75rem; padding: var(--_space); border: 1px solid var(--_border); border-radius: var(--_radius); }
  .content video { width: 100%; border-radius: var(--_radius-control); background: #000; }
  .content .body :first-child { margin-top: 0; }
  .more { justify-self: center; }
  .sk-5 { height: 5rem; }
  .sk-6 { height: 6rem; }
  .sk-8 { height: 8rem; }
`;
