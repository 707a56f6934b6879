import { css } from 'lit';

export const checkoutStyles = css`
  :host { --_sticky-top: var(--svc-checkout-sticky-top, 1rem); }
  [part='base'] { display: grid; grid-template-columns: minmax(0, 1fr); gap: calc(var(--_space) * 1.25); container-type: inline-size; }
  input, select, textarea, svc-location-picker { scroll-margin-block: var(--_sticky-top) 6rem; }
  h2 { font-size: 1.5em; font-weight: 700; letter-spacing: -0.01em; }
  h2:focus, [part='confirmation'] p:focus { outline: none; }
  h3 { display: flex; align-items: center; gap: 0.625rem; font-size: 1.0625em; font-weight: 650; }
  h3 .step {
    display: inline-grid; place-items: center; width: 1.625rem; height: 1.625rem; border-radius: 50%;
    background: var(--_primary); color: var(--_on-primary); font-size: 0.8125rem; font-weight: 700;
  }
  .cols { display: grid; grid-template-columns: minmax(0, 1fr); gap: calc(var(--_space) * 1.5); align-items: start; }
  @container (min-width: 52rem) {
    .cols { grid-template-columns: minmax(0, 1fr) minmax(18rem, 22rem); }
    aside { position: sticky; top: var(--_sticky-top); }
    .summary-bar { display: none; }
  }
  .main, aside { display: grid; gap: calc(var(--_space) * 1.25); }
  section.step-box { display: grid; gap: 0.875rem; padding-block-end: calc(var(--_space) * 1.25); border-block-end: 1px solid var(--_border); }
  section.step-box:last-child { border: 0; padding: 0; }
  aside {
    padding: calc(var(--_space) * 1.25); border-radius: var(--_radius); background: var(--_subtle);
  }
  @container (max-width: 24rem) { aside { padding: var(--_space) 0.875rem; } }
  .lines { display: grid; gap: 0.75rem; margin: 0; padding: 0; list-style: none; }
  .line { display: grid; grid-template-columns: 3rem minmax(0, 1fr) auto; gap: 0.75rem; align-items: center; font-size: 0.9375em; }
  .line img, .line .ph { width: 3rem; aspect-ratio: 1; border-radius: var(--_radius-control); background: var(--_surface); object-fit: cover; }
  .thumb { position: relative; width: 3rem; aspect-ratio: 1; border-radius: var(--_radius-control); background: var(--_surface); object-fit: cover; }
  .qty {
    position: absolute; inset: -0.375rem -0.375rem auto auto; min-width: 1.25rem; height: 1.25rem; padding: 0 0.3rem;
    border-radius: 999px; background: var(--_muted); color: #fff; font-size: 0.6875rem; line-height: 1.25rem; text-align: center; font-weight: 700;
  }
  .line .name { display: grid; min-width: 0; }
  /* a 320 px phone: the line's total under its name, which keeps the width to read on one or two lines */
  @container (max-width: 21rem) {
    .line { grid-template-columns: 3rem minmax(0, 1fr); align-items: start; row-gap: 0.125rem; }
    .line .price { grid-column: 2; }
  }
  .line small { display: block; color: var(--_muted); }
  .price { font-variant-numeric: tabular-nums; }
  .discount { display: flex; gap: 0.5rem; }
  .discount input { flex: 1; text-transform: uppercase; }
  /* muted text stays readable on the tinted panel (without color-mix(), the muted token is readable there too) */
  @supports (color: color-mix(in srgb, red, red)) { aside { --_muted: color-mix(in srgb, var(--_text) 70%, var(--_subtle)); } }
  .notice { margin: 0; padding: 0.625em 0.875em; border-radius: var(--_radius-control); background: #fdf2e6; background: color-mix(in srgb, #d97706 10%, var(--_surface)); font-size: 0.875em; }
  .rows.busy { position: relative; cursor: progress; }
  .rows.busy::before {
    content: ''; position: absolute; inset: -0.5rem 0 auto; height: 2px; border-radius: 1px;
    background: linear-gradient(90deg, transparent, var(--_primary), transparent) 0 0 / 40% 100% no-repeat; animation: busy 1.1s linear infinite;
  }
  @keyframes busy { from { background-position: -60% 0; } to { background-position: 160% 0; } }
  .rows dt { white-space: nowrap; }
  .rows .sub { margin-block-start: -0.375rem; font-size: 0.8125em; }
  .rows .sub dt { padding-inline-start: 0.75rem; }
  .plus { color: var(--_muted); font-size: 0.8125em; font-weight: 500; white-space: nowrap; }
  .step-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; column-gap: 1rem; }
  .account { margin: 0; font-size: 0.875em; }
  .account .link { display: inline-flex; align-items: center; min-height: 44px; }
  div.notice { display: grid; gap: 0.625rem; justify-items: start; font-size: 0.9375em; }
  div.notice p { margin: 0; }

  .summary-bar { border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_subtle); }
  .summary-toggle {
    display: flex; align-items: center; justify-content: space-between; gap: 0.75rem; width: 100%; min-height: 3.25rem;
    padding: 0.625rem 1rem; border: 0; border-radius: inherit; background: none; font: inherit; color: inherit; text-align: start; cursor: pointer;
  }
  .summary-toggle .what { display: grid; flex: 1; min-width: 0; }
  .summary-toggle .title { font-weight: 600; color: var(--_primary); }
  .summary-toggle .chevron { flex: none; margin-inline-start: -0.25rem; color: var(--_primary); }
  .summary-toggle small { color: var(--_muted); font-size: 0.8125em; }
  .summary-toggle .amount { flex: none; display: grid; font-weight: 700; font-variant-numeric: tabular-nums; text-align: end; }
  .chevron { transition: transform 0.2s; }
  [aria-expanded='true'] .chevron { transform: rotate(180deg); }
  .summary-panel { display: grid; gap: 1rem; padding: 0.25rem 1rem 1rem; }
  .summary-panel[hidden] { display: none; }

  .pay-bar {
    position: fixed; inset: auto 0 0; z-index: var(--svc-pay-bar-z-index, 20); display: flex; align-items: center; justify-content: space-between; gap: 0.75rem;
    padding: 0.625rem max(1rem, env(safe-area-inset-right)) max(0.625rem, env(safe-area-inset-bottom)) max(1rem, env(safe-area-inset-left));
    border-block-start: 1px solid var(--_border); background: var(--_surface); box-shadow: 0 -8px 24px -16px rgb(0 0 0 / 0.35);
    animation: rise 0.2s ease-out;
  }
  @keyframes rise { from { transform: translateY(100%); } }
  @media (prefers-reduced-motion: reduce) { .pay-bar, .chevron, .rows.busy::before { animation: none; transition: none; } }
  .pay-total { display: grid; flex: 1; margin: 0; min-width: 0; line-height: 1.25; }
  .pay-total > small { color: var(--_muted); font-size: 0.8125rem; }
  .pay-total .plus { font-size: 0.75em; }
  .pay-total strong { font-size: 1.125em; font-variant-numeric: tabular-nums; }
  .pay-bar .btn { flex: 0 1 auto; min-height: 3rem; padding-inline: clamp(0.75rem, 4vw, 1.5rem); }
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
