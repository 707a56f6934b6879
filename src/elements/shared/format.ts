import type { Lang } from './i18n.ts';

/**
 * Money is a string of whole rupiah on the wire ("85000"); shown as "Rp 85.000" in either language, exactly as
 * `Intl.NumberFormat` writes IDR without decimals for id-ID and en-ID (a test compares them). Not through Intl itself:
 * the first currency formatter of a page loads ICU data, 25–60 ms on the way to the first catalog paint.
 */
export function money(amount: string | number, _lang?: Lang): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '.'); // half away from zero
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}Rp\u00a0${digits}`;
}
