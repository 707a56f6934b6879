/**
 * The boxes our elements hold before they are defined, so that the host page does not move when they render (CLS).
 * One small document-level stylesheet for `svc-*:not(:defined)`, adopted once per document: whole by the classic
 * loader (`script-tag.ts`, while the page is still being parsed), the lazy elements' part by the ES entry (`index.ts`:
 * the elements it defines itself upgrade in the same task, before any frame). `dist/svc-reserved.css` holds it all
 * for pages that load the ES entry with a module tag, which runs only after the page is parsed.
 *
 * The sizes are the rendered layout's own arithmetic, from the same tokens (`--svc-space`, `--svc-font-size`,
 * `--svc-catalog-card-min-width`, the image ratios), and the elements' styles give the parts that follow the first
 * paint (category chips, count, paging) fixed rows: see `CATALOG_ROWS`. A merchant who restyles an element overrides
 * the reservation with the `--svc-*-reserved-*` properties (docs/theming.md, "Reserved space").
 */

import { adoptCss } from './adopt-css.ts';

/** Heights of the catalog's rows, shared by the reservation and `catalog.styles.ts` (which fixes them). */
export const CATALOG_ROWS = {
  /** The heading row: an `h2` of 1.5em at line-height 1.25. */
  header: '1.875em',
  /** The chip row: chips of at least 2.75rem (touch targets), 2px of focus-ring room above and below. */
  filters: 'calc(max(2.75rem, 1.96875em + 2px) + 4px)',
  /** A card's text block (category, two lines of name, price) below its image. */
  cardText: 'var(--svc-catalog-card-text-height, calc(2.25rem + 5.325em))',
  /** The paging area: the "n of m" line, a 0.5rem gap and the load-more button (`.btn`: 2.75em, at least 44px). */
  footer: 'calc(1.5em + 0.5rem + max(2.75em, 44px))',
} as const;

const space = 'var(--svc-space,1rem)';
const cardRatio = '(var(--svc-card-image-ratio,1))';
const productRatio = '(var(--svc-product-image-ratio,1))';

/** The most columns the catalog's reservation counts (a 1,920 px wide catalog of 10rem cards has 11). */
const MAX_COLUMNS = 12;

/**
 * The catalog reserves its header, chip row, `page-size` cards in the grid's own columns and its paging area, with
 * nothing newer than what every current engine evaluates alike (no typed `attr()`, no length divided by a length):
 * - `page-size` as a number: one rule per last digit and one per first digit of two (`--_o`, `--_t`), 12 without it;
 * - the columns as `catalog.styles.ts` lays them out: two (gap .75rem) up to 34rem, above it CSS `auto-fill` of
 *   `--svc-catalog-card-min-width` (gap `--svc-space`), counted as one column plus one for each k whose k cards and
 *   k - 1 gaps fit: `sign()` turns "fits" into a number;
 * - the rows: `round(up, n / c)`, numbers only.
 * `cqw` is the catalog's width (the `::before` box's container is the catalog itself). Where an engine lacks one of
 * these (Chromium before 138, Firefox before 118, Safari before 16), the box is not reserved: the page moves once,
 * as it did before.
 */
const catalog = () => {
  const host = 'svc-catalog:not(:defined)';
  let digits = '';
  for (let d = 0; d < 10; d++) {
    digits += `${host.replace(':', `[page-size$="${d}"]:`)}{--_o:${d}}`;
    if (d) digits += `${host.replace(':', `[page-size^="${d}"]:not([page-size="${d}"]):`)}{--_t:${d}}`;
  }
  let fits = '';
  for (let k = 2; k <= MAX_COLUMNS; k++) fits += ` + max(0,sign(100cqw + .01px - ${k}*var(--_m) - ${k - 1}*var(--_g)))`;
  return `
${host}{display:block;container-type:inline-size;font-size:var(--svc-font-size,1rem);line-height:1.5}
${host}>*{display:none}
${digits}${host.replace(':', '[page-size="100"]:not([page-size="1"]):')}{--_t:10}
${host}::before{content:'';display:block;
--_g:.75rem;--_c:2;--_f:calc(${CATALOG_ROWS.filters} + ${space});
--_n:calc(10*var(--_t,0) + var(--_o,12));
--_r:round(up,var(--_n)/var(--_c),1);
--_w:calc((100cqw - (var(--_c) - 1)*var(--_g))/var(--_c));
block-size:var(--svc-catalog-reserved-height,calc(${CATALOG_ROWS.header} + ${space} + var(--_f)
+ var(--_r)*(2px + (var(--_w) - 2px)/${cardRatio} + ${CATALOG_ROWS.cardText}) + (var(--_r) - 1)*var(--_g)
+ 1.5*${space} + ${CATALOG_ROWS.footer}))}
svc-catalog[hide-filter]:not(:defined)::before{--_f:0px}
@container (width > 34rem){${host}::before{--_g:${space};--_m:min(100cqw,var(--svc-catalog-card-min-width,15rem));--_c:calc(1${fits})}}`;
};

/** The cart button's icon box (`.icon-btn`: a 2.75em square, at least 44px). */
const cartButton = () => `
svc-cart-button:not(:defined){display:inline-block;vertical-align:middle;font-size:var(--svc-font-size,1rem);
inline-size:var(--svc-cart-button-reserved-width,max(2.75em,44px));block-size:var(--svc-cart-button-reserved-height,max(2.75em,44px))}`;

/**
 * The product view's media box: the full width below 40rem, else the first of two columns 1.5 × space apart.
 * Its text column is as long as the product's description, unknown until it arrives.
 */
const product = () => `
svc-product:not(:defined){display:block;container-type:inline-size}
svc-product:not(:defined)>*{display:none}
svc-product:not(:defined)::before{content:'';display:block;block-size:var(--svc-product-reserved-height,calc(100cqw/${productRatio}))}
@container (min-width:40rem){svc-product:not(:defined)::before{block-size:var(--svc-product-reserved-height,calc((100cqw - 1.5*${space})/2/${productRatio}))}}`;

/**
 * The checkout's height depends on the form (shipping, payment methods, a cart or direct items): 40rem until its
 * chunk arrives, unless the merchant sets `--svc-checkout-reserved-height` to the final layout's height, which then
 * holds while the checkout loads its data too.
 */
const checkout = () => `
svc-checkout{min-block-size:var(--svc-checkout-reserved-height,0px)}
svc-checkout:not(:defined){display:block;min-block-size:var(--svc-checkout-reserved-height,40rem)}`;

const flat = (text: string) => text.replace(/\n/g, ' ').trim();
/** The add-to-cart button around the merchant's label (`.btn`: padding, border, the 20px bag icon and its gap). */
const addToCart = () => `
svc-add-to-cart:not(:defined){display:inline-flex;align-items:center;justify-content:center;gap:.5em;box-sizing:border-box;
min-block-size:max(2.75em,44px);padding:.5em calc(1.25em + 1px);font-size:var(--svc-font-size,1rem);font-weight:600;line-height:1.5}
svc-add-to-cart:not(:defined)::before{content:'';inline-size:20px;block-size:20px}`;

// Functions rather than strings, so that a bundle keeps only the parts it uses.
/** The whole sheet. */
export const reservedCss = () => flat(catalog() + cartButton() + addToCart() + product() + checkout());
/** The elements that arrive in chunks of their own (product view, checkout): the ES entry defines the others as it runs. */
export const lazyReservedCss = () => flat(product() + checkout());
/** The cart button's box alone: a server-rendered page (`svc-storefront/ssr`) holds it from the host's start tag. */
export const cartButtonReservedCss = () => flat(cartButton());

const MARK = '__svcReservedBoxes';

/** Adopts a reserved-box stylesheet (all of it, or one of its parts above) into `doc` once, whoever asks first. */
export function reserveBoxes(doc: Document, css: string): void {
  const marked = doc as Document & { [MARK]?: true };
  if (marked[MARK]) return;
  marked[MARK] = true;
  adoptCss(doc, css);
}
