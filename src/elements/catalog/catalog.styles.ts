import { css, unsafeCSS } from 'lit';
import { CATALOG_ROWS } from '../shared/reserved-boxes.ts';

// The rows that fill in after the first paint have fixed heights, which the reservation before definition repeats.
const filtersRow = unsafeCSS(CATALOG_ROWS.filters);
const cardText = unsafeCSS(CATALOG_ROWS.cardText);
const footerRow = unsafeCSS(CATALOG_ROWS.footer);

// Chips draw their focus ring inside (the scrolling row would clip one outside). On a phone's narrow cards the
// struck-through price wraps under a range (flex), prices are a step smaller, and the name keeps a line of the
// fixed-height text block whatever the price takes. Below two columns (44.9375rem: the product view's own
// breakpoint plus the dialog's padding) the quick view is a sheet from the bottom edge, the screen's full width, so
// that the add button's label fits on one line at 320 px (the product view keeps that button in sight). The close
// button, which stays at the top as the sheet scrolls, has the surface under it so no text shows through.
export const catalogStyles = css`
  :host { container-type: inline-size; }
  .head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0.5rem 1rem; margin-block-end: var(--_space); }
  h2 { font-size: 1.5em; font-weight: 700; letter-spacing: -0.01em; }
  .filters { display: flex; gap: 0.5rem; overflow-x: auto; padding: 2px 0; margin: 0 0 var(--_space); scrollbar-width: none; min-block-size: ${filtersRow}; }
  .chip {
    flex: none; min-height: 2.75rem; padding: 0.375em 1em; border: 1px solid var(--_border); border-radius: 999px; background: var(--_surface);
    cursor: pointer; font-size: 0.875em; font-weight: 500; transition: background-color 0.15s, border-color 0.15s;
  }
  .chip:focus-visible { outline-offset: -3px; }
  .chip:hover { border-color: var(--_text); }
  .chip[aria-pressed='true'] { background: var(--_text); border-color: var(--_text); color: var(--_surface); }
  .grid {
    display: grid; gap: var(--_space); margin: 0; padding: 0; list-style: none;
    grid-template-columns: repeat(auto-fill, minmax(min(var(--svc-catalog-card-min-width, 15rem), (100% - var(--_space)) / 2 - 1px), 1fr));
  }
  /* the layout above, without container queries (Safari before 16, Chromium before 105): at least two columns, more
     as cards of --svc-catalog-card-min-width fit. With them: exactly two up to 34rem, then auto-fill (reserved-boxes.ts) */
  @container (width > 34rem) { .grid { grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--svc-catalog-card-min-width, 15rem)), 1fr)); } }
  @container (width <= 34rem) { .grid { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.75rem; } }
  .card {
    display: flex; flex-direction: column; width: 100%; height: 100%; padding: 0; overflow: hidden; text-align: start;
    text-decoration: none; color: inherit; cursor: pointer; background: var(--_surface);
    border: 1px solid var(--_border); border-radius: var(--_radius); transition: box-shadow 0.2s, transform 0.2s;
  }
  .card:hover { box-shadow: var(--_shadow); transform: translateY(-2px); }
  /* shown before the name, read after it (catalog.ts) */
  .media { order: -1; position: relative; display: block; aspect-ratio: var(--svc-card-image-ratio, 1); background: var(--_subtle); overflow: hidden; }
  .media img { width: 100%; height: 100%; object-fit: cover; transition: transform 0.35s; }
  .card:hover .media img { transform: scale(1.04); }
  .out .media img { opacity: 0.55; filter: grayscale(0.6); }
  .badges { position: absolute; inset: 0.625rem auto auto 0.625rem; display: flex; flex-wrap: wrap; gap: 0.25rem; }
  .badges .badge { background: var(--_surface); box-shadow: 0 1px 2px rgb(0 0 0 / 0.12); }
  .badges .badge.danger { background: var(--_danger); }
  /* rows keep their content's height (an item with overflow hidden would shrink to fit the box, cutting the name) */
  .info { display: grid; grid-auto-rows: max-content; align-content: start; gap: 0.25rem; padding: 0.75rem 0.875rem 1rem; block-size: ${cardText}; overflow: hidden; }
  .info > span { display: block; }
  .info > .price { display: flex; }
  .info > .name { min-block-size: 1.35em; } /* one line (its line-height) */
  @container (max-width: 34rem) {
    .info .price { font-size: 0.875em; }
    /* two columns on a phone: a range and its old price do not fit one line; "Mulai Rp 85.000", the badge says the sale */
    .info .range::before { content: attr(data-from); }
    .info .range .to, .info .range s { display: none; }
  }
  .info > .name { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
  .cat { order: -1; font-size: 0.75em; text-transform: uppercase; letter-spacing: 0.06em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .name { font-weight: 600; line-height: 1.35; }
  .info .price { font-weight: 600; }
  .sk-card { border: 1px solid var(--_border); border-radius: var(--_radius); overflow: hidden; }
  .sk-card .sk { border-radius: 0; }
  .sk-media { aspect-ratio: var(--svc-card-image-ratio, 1); }
  .sk-text { block-size: ${cardText}; padding: 0.75rem 0.875rem 0; }
  .sk-line { height: 0.875rem; }
  .sk-line + .sk-line { width: 45%; margin-block-start: 0.75rem; }
  .foot { display: grid; justify-items: center; align-content: start; gap: 0.5rem; margin-block-start: calc(var(--_space) * 1.5); min-block-size: ${footerRow}; }
  .foot .btn { min-width: 14rem; }
  dialog svc-product { padding: 0 1.5rem 1.5rem; }
  [part=close] { background: var(--_surface); }
  @media (max-width: 44.9375rem) {
    dialog { width: 100%; max-width: none; margin: auto 0 0; max-height: calc(100vh - 1rem); max-height: calc(100dvh - 1rem); border-radius: var(--_radius) var(--_radius) 0 0; }
    dialog svc-product { padding: 0 1rem 1rem; }
  }
  dialog svc-product:not(:defined) { display: block; min-height: 24rem; } /* its chunk is on the way */
`;
