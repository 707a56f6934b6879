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

/**
 * A delivery estimate from `etd_days_min` and `etd_days_max`: "2–3 hari" / "2–3 days", and a range whose ends are
 * equal as one number ("1 hari", "1 day"), never "1–1 hari". (Small: page-runtime.js ships it.)
 */
export const etaDays = (min: number, max: number, lang: Lang = 'id'): string =>
  `${min === max ? min : `${min}–${max}`} ${lang !== 'en' ? 'hari' : min === max && max === 1 ? 'day' : 'days'}`;
