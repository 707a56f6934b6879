import { localeOf, type Lang } from './i18n.ts';

const formatters = new Map<Lang, Intl.NumberFormat>();

/** Money is a string of whole rupiah on the wire ("85000"); shown as "Rp 85.000" (id) or "IDR 85,000" (en). */
export function money(amount: string | number, lang: Lang): string {
  let format = formatters.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency: 'IDR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    formatters.set(lang, format);
  }
  return format.format(Number(amount));
}
