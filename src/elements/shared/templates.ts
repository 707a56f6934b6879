import { html, nothing } from 'lit';
import { money } from './format.ts';
import { SHOP_TERMS, type Lang, type ShopTerms } from './i18n.ts';
import type { TermOf } from './localize.ts';

/**
 * "Rp 85.000" or a range, with the struck-through compare-at price when there is one, which a screen reader reads
 * as "was Rp 110.000" (a strike-through is not read out). A range carries its "from" word (`data-from`) and marks its
 * upper end (`.to`), so that a narrow card can show "Mulai Rp 85.000" instead (catalog.styles.ts).
 */
export function price(min: string, max: string, compareAt: string | null, lang: Lang) {
  const amount = (value: string) => html`<span class="amount">${money(value, lang)}</span>`;
  const sale = compareAt && Number(compareAt) > Number(max);
  const range = min !== max;
  return html`<span class=${range ? 'price range' : 'price'} part="price" data-from=${range ? SHOP_TERMS[lang].from : nothing}>${amount(min)}${range ? html`<span class="to">–</span><span class="to amount">${money(max, lang)}</span>` : nothing}${sale
    ? html`<s part="compare-at-price"><span class="sr-only"> ${SHOP_TERMS[lang].was} </span>${money(compareAt, lang)}</s>` : nothing}</span>`;
}

/**
 * A quantity stepper: − / number input / +. Calls `change` with a whole number clamped to 1..max; the input commits
 * on `change` (blur or Enter) so typing "12" does not send "1" first. With `item`, the buttons name it ("Add one
 * Kaos Polos"): a list of steppers must not read as a list of identical "Increase quantity" buttons.
 */
export function stepper(value: number, max: number, change: (quantity: number) => void, term: TermOf<ShopTerms>, label: string, disabled = false, item?: string) {
  const clamp = (n: number) => Math.max(1, Math.min(max, Math.round(n) || 1));
  return html`<span class="stepper" part="quantity">
    <button type="button" class="icon-btn" part="quantity-button" aria-label=${item ? term('oneLess', item) : term('less')} ?disabled=${disabled || value <= 1}
      @click=${() => change(clamp(value - 1))}>${icons.minus}</button>
    <input type="number" inputmode="numeric" min="1" max=${max} part="quantity-input" aria-label=${label} .value=${String(value)}
      ?disabled=${disabled} @change=${(e: Event) => { const input = e.target as HTMLInputElement; const n = clamp(Number(input.value)); input.value = String(n); change(n); }}>
    <button type="button" class="icon-btn" part="quantity-button" aria-label=${item ? term('oneMore', item) : term('more')} ?disabled=${disabled || value >= max}
      @click=${() => change(clamp(value + 1))}>${icons.plus}</button>
  </span>`;
}

/** An ARIA state (`aria-busy`, `aria-pressed`, …): the attribute takes the words `true` and `false`. */
export const ariaBool = (on: boolean): 'true' | 'false' => (on ? 'true' : 'false');

/** `exportparts` value forwarding a nested element's parts under a prefix (`name` → `product-name`). */
export const exportParts = (parts: readonly string[], prefix: string) => parts.map((p) => `${p}:${prefix}${p}`).join(',');

const svg = (path: string) => html`<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d=${path}></path></svg>`;

export const icons = {
  minus: svg('M5 12h14'),
  plus: svg('M12 5v14M5 12h14'),
  close: svg('M18 6 6 18M6 6l12 12'),
  bag: svg('M6 7h12l1 13H5L6 7Zm3 0a3 3 0 0 1 6 0'),
  trash: svg('M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3'),
  search: svg('M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm10 3-5-5'),
  check: svg('m5 12 5 5L20 7'),
};
