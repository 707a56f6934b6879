import { html, nothing, svg } from 'lit';
import type { PaymentMethod } from '../../contract/catalog.ts';
import { channelName } from './payment-messages.ts';

/**
 * Marks of banks, e-wallets, QRIS and the payment kinds: small inline SVGs of our own (a tile in the brand's colour
 * with its short name, or a plain pictogram), never a copy of a logo. Inline, so they need no image request and no
 * `img-src` in a merchant's Content-Security-Policy; imported by the checkout and the payment instructions only.
 */
type Tile = { bg: string; fg?: string; accent?: string; border?: string };

const TILES: Record<string, Tile> = {
  bca: { bg: '#0060af' },
  bni: { bg: '#00616d', accent: '#f37021' },
  bri: { bg: '#00529c' },
  mandiri: { bg: '#003d79', accent: '#ffb700' },
  permata: { bg: '#00843d', accent: '#e2231a' },
  cimb: { bg: '#a3161b' },
  bsi: { bg: '#00857f', accent: '#f7941d' },
  gopay: { bg: '#0088b0' },
  ovo: { bg: '#4c3494' },
  dana: { bg: '#0b7fd6' },
  shopeepay: { bg: '#d7401f' },
  linkaja: { bg: '#d81e25' },
};
const NEUTRAL: Tile = { bg: '#fff', fg: '#1c1917', border: '#a8a29e' };

const HEIGHT = 24;
const FONT = 'Arial, Helvetica, sans-serif';

/** Width of `text` in bold sans at `size`: an estimate (capitals are wider), made exact by `textLength`. */
const textWidth = (text: string, size: number) => [...text].reduce((w, c) => w + (/[A-Z0-9]/.test(c) ? 0.7 : c === ' ' ? 0.3 : 0.56), 0) * size;

/**
 * A rounded tile with `name` on it in the colours of `code` (a neutral outlined tile for a code we have no colours
 * for). `label` makes it an image named `name` (a channel's only content); otherwise it is decoration.
 */
export function brandTile(code: string, name: string, height = HEIGHT, label = false) {
  const t = TILES[code] ?? NEUTRAL;
  const size = 12.5;
  const text = Math.min(textWidth(name, size), 96);
  const width = Math.max(36, Math.ceil(text + 14));
  return html`<svg class="mark" viewBox="0 0 ${width} ${HEIGHT}" width=${(width * height) / HEIGHT} height=${height}
    role=${label ? 'img' : 'presentation'} aria-label=${label ? name : nothing} aria-hidden=${label ? nothing : 'true'}>
    <rect x="0.5" y="0.5" width=${width - 1} height=${HEIGHT - 1} rx="5" fill=${t.bg} stroke=${t.border ?? t.bg}></rect>
    ${t.accent ? svg`<rect x="7" y="18.5" width=${width - 14} height="2" rx="1" fill=${t.accent}></rect>` : nothing}
    <text x=${width / 2} y="15.6" text-anchor="middle" font-family=${FONT} font-size=${size} font-weight="700" fill=${t.fg ?? '#fff'}
      textLength=${text} lengthAdjust="spacingAndGlyphs">${name}</text></svg>`;
}

const icon = (body: ReturnType<typeof svg>, bg: string, height: number) => html`<svg class="mark" viewBox="0 0 36 24" width=${(36 * height) / HEIGHT}
  height=${height} aria-hidden="true"><rect x="0.5" y="0.5" width="35" height="23" rx="5" fill=${bg} stroke="#d6d3d1"></rect>${body}</svg>`;

/** Pictograms of the payment kinds that have no brand: a bank, a card, cash, an invoice. */
const PICTOGRAMS: Record<string, (height: number) => unknown> = {
  bank_transfer: (h) => icon(svg`<g fill="none" stroke="#334155" stroke-width="1.6" stroke-linejoin="round">
    <path d="M10 9.5 18 5l8 4.5Z"/><path d="M12 11v6M16 11v6M20 11v6M24 11v6M9.5 19h17"/></g>`, '#f1f5f9', h),
  card: (h) => icon(svg`<rect x="6" y="5" width="24" height="15" rx="2.5" fill="#334155"/><rect x="6" y="8.5" width="24" height="3" fill="#0f172a"/>
    <rect x="9" y="14" width="5" height="3" rx="0.8" fill="#fbbf24"/>`, '#f1f5f9', h),
  cod: (h) => icon(svg`<rect x="6" y="6.5" width="24" height="11" rx="1.5" fill="#dcfce7" stroke="#166534" stroke-width="1.5"/>
    <circle cx="18" cy="12" r="2.8" fill="none" stroke="#166534" stroke-width="1.5"/>`, '#f0fdf4', h),
  invoice: (h) => icon(svg`<path d="M12 4.5h9l4 4v11H12Z" fill="#fff" stroke="#334155" stroke-width="1.5" stroke-linejoin="round"/>
    <path d="M15 12h7M15 15.5h7" stroke="#334155" stroke-width="1.5"/>`, '#f1f5f9', h),
};

/** The QRIS mark: a small finder square and the word, on white. */
export function qrisMark(height = HEIGHT) {
  return html`<svg class="mark" viewBox="0 0 52 24" width=${(52 * height) / HEIGHT} height=${height} aria-hidden="true">
    <rect x="0.5" y="0.5" width="51" height="23" rx="5" fill="#fff" stroke="#a8a29e"></rect>
    <rect x="6" y="6" width="11" height="11" rx="1.5" fill="none" stroke="#d7263d" stroke-width="2.2"></rect>
    <rect x="9.6" y="9.6" width="3.8" height="3.8" fill="#d7263d"></rect>
    <text x="34" y="16" text-anchor="middle" font-family=${FONT} font-size="11.5" font-weight="700" fill="#1c1917"
      textLength="25" lengthAdjust="spacingAndGlyphs">QRIS</text></svg>`;
}

/** A channel's mark (bank, e-wallet): its tile, named for assistive technology by its brand name. */
export const channelMark = (code: string, serverName?: string, height = 24) => brandTile(code, channelName(code, serverName), height, true);

/** How many channel tiles a method's row shows before "+n". */
const SHOWN = 4;

/**
 * The marks beside a method's name (decoration: the name says it): its channels' tiles (VA banks, e-wallets), else
 * QRIS or the kind's pictogram.
 */
export function methodMarks(method: PaymentMethod, height = 20) {
  if (method.type === 'qris') return qrisMark(height);
  if (method.channels.length) {
    const more = method.channels.length - SHOWN;
    return html`${method.channels.slice(0, SHOWN).map((c) => brandTile(c.code, channelName(c.code, c.name), height))}${more > 0
      ? html`<span class="more">+${more}</span>` : nothing}`;
  }
  return PICTOGRAMS[method.type]?.(height) ?? nothing;
}

/** A bank's mark by its name or code as a virtual account names it (`bank_code`, `bank_name`). */
export const bankMark = (code: string, name: string, height = HEIGHT) => brandTile(code.toLowerCase(), name, height);
