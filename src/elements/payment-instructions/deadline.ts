import type { Lang } from '../shared/i18n.ts';
import { dateTime } from '../shared/order-messages.ts';

/** Indonesia's three time zones by their offset from UTC in minutes. */
const ZONES: Record<number, string> = { 420: 'WIB', 480: 'WITA', 540: 'WIT' };

/**
 * The buyer's time zone at `when`, as Indonesians write it after a time: WIB, WITA, WIT (UTC+7, +8, +9); any other
 * offset as "GMT+5:30", "GMT-4", "GMT".
 */
export function zoneLabel(when: Date): string {
  const offset = -when.getTimezoneOffset();
  if (ZONES[offset]) return ZONES[offset];
  if (!offset) return 'GMT';
  const abs = Math.abs(offset);
  const minutes = abs % 60;
  return `GMT${offset < 0 ? '-' : '+'}${Math.floor(abs / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** "23 Nov 2025, 14.05 WIB": a deadline in the buyer's clock, with its time zone. */
export const deadlineText = (iso: string, lang: Lang) => `${dateTime(iso, lang)} ${zoneLabel(new Date(iso))}`;

/** Hours, minutes and seconds left until `deadline`; `null` once it has passed. */
export function timeLeft(deadline: string, now: number): { hours: number; minutes: number; seconds: number } | null {
  const s = Math.floor((Date.parse(deadline) - now) / 1000);
  if (s <= 0) return null;
  return { hours: Math.floor(s / 3600), minutes: Math.floor(s / 60) % 60, seconds: s % 60 };
}

/** "02:05:09". */
export const clock = ({ hours, minutes, seconds }: { hours: number; minutes: number; seconds: number }) =>
  [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
