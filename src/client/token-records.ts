import type { TokenResponse } from '../contract/auth.ts';
import type { TokenStorage } from './storage.ts';

/** What storage holds for a customer session: the refresh token and when it expires (ms). Never the access token. */
export type StoredSession = { refresh: string; refresh_expires_at: number };
/** The access token in memory, with the refresh token it was issued with. */
export type AccessRecord = { token: string; expiresAt: number; lifetimeMs: number; refresh: string; refreshExpiresAt: number };

/** Both records of a token response (`expires_in` and `refresh_expires_in` are seconds). */
export function recordsOf(tokens: TokenResponse, now = Date.now()): { stored: StoredSession; access: AccessRecord } {
  const lifetimeMs = tokens.expires_in * 1000;
  const refreshExpiresAt = now + tokens.refresh_expires_in * 1000;
  return {
    stored: { refresh: tokens.refresh, refresh_expires_at: refreshExpiresAt },
    access: { token: tokens.access, expiresAt: now + lifetimeMs, lifetimeMs, refresh: tokens.refresh, refreshExpiresAt },
  };
}

/** The stored session, or null; an unreadable or expired record is removed. */
export function readStoredSession(storage: TokenStorage, key: string): StoredSession | null {
  const raw = storage.get(key);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as StoredSession;
    if (typeof stored.refresh === 'string' && !(stored.refresh_expires_at < Date.now())) return stored;
  } catch {
    /* unreadable: treated as signed out */
  }
  storage.remove(key);
  return null;
}

/** Usable for a request: not within the last tenth of its lifetime (at most 10 s) before expiry. */
export const isFresh = (access: AccessRecord): boolean => access.expiresAt - Date.now() > Math.min(10_000, access.lifetimeMs / 10);

/** When to refresh ahead of expiry: a fifth of the lifetime, at most a minute, plus jitter so tabs rarely collide. */
export function proactiveDelayMs(access: AccessRecord): number {
  const ahead = Math.min(60_000, access.lifetimeMs / 5);
  const jitter = Math.random() * Math.min(3000, ahead / 4);
  return Math.max(0, access.expiresAt - ahead + jitter - Date.now());
}
