import type { Provider } from './config.ts';
import { sha256Hex } from '../analytics/sha256.ts';

/** `user_data` of an analytics event: hashed e-mail and phone, click ids and browser ids as the platforms set them. */
export type UserData = { em?: string; ph?: string; fbp?: string; fbc?: string; ttclid?: string; ttp?: string; click_id?: string };

const STORE_KEY = 'svc-page:clicks';
const cookie = (name: string) => {
  const match = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : undefined;
};

export const safeStorage = {
  /** What `set` stored under `key` (its shape is the caller's to check), or `null`. */
  get<T>(key: string): T | null {
    try {
      return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
    } catch {
      return null; // storage blocked (sandboxed frame, privacy mode) or garbage: start empty
    }
  },
  set(key: string, value: unknown): void {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* full or blocked: events still go out, they are just not kept for the next page */
    }
  },
};

type Clicks = { fbc?: string; ttclid?: string; click_id?: string };

/**
 * Ad click ids arrive once, in the landing URL; keep them (unhashed, as the platforms want them) for later pages.
 * `_fbc` follows Meta's format `fb.1.<ms>.<fbclid>` when the pixel has not set the cookie itself.
 */
export function captureClickIds(url = new URL(location.href)): Clicks {
  const clicks = safeStorage.get<Clicks>(STORE_KEY) ?? {};
  const q = url.searchParams;
  const fbclid = q.get('fbclid');
  if (fbclid && !clicks.fbc?.endsWith(`.${fbclid}`)) clicks.fbc = `fb.1.${Date.now()}.${fbclid}`;
  clicks.ttclid = q.get('ttclid') || clicks.ttclid;
  clicks.click_id = q.get('click_id') || q.get('kwai_click_id') || clicks.click_id;
  safeStorage.set(STORE_KEY, clicks);
  return clicks;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Digits with the country code and no leading zero or plus, as the platforms hash them: 0812… → 62812…. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) return `62${digits.slice(1)}`;
  return digits.startsWith('8') ? `62${digits}` : digits;
}

export const hashedUser = (user: { email?: string | null; phone?: string | null }): UserData => ({
  ...(user.email?.trim() ? { em: sha256Hex(normaliseEmail(user.email)) } : {}),
  ...(user.phone && normalisePhone(user.phone) ? { ph: sha256Hex(normalisePhone(user.phone)) } : {}),
});

/** The ids each provider is sent: its own browser and click ids only, plus the hashed user. */
export function userDataFor(provider: Provider, hashed: UserData, clicks: Clicks): UserData {
  const own: UserData = provider === 'meta'
    ? { fbp: cookie('_fbp'), fbc: cookie('_fbc') ?? clicks.fbc }
    : provider === 'tiktok'
      ? { ttclid: clicks.ttclid, ttp: cookie('_ttp') }
      : { click_id: clicks.click_id };
  const data: UserData = { ...hashed, ...own };
  for (const key of Object.keys(data) as (keyof UserData)[]) if (!data[key]) delete data[key];
  return data;
}
