import type { TokenResponse } from '../contract/auth.ts';
import type { StoredSession } from './storage.ts';

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

/** Usable for a request: not within the last tenth of its lifetime (at most 10 s) before expiry. */
export const isFresh = (access: AccessRecord): boolean => access.expiresAt - Date.now() > Math.min(10_000, access.lifetimeMs / 10);

/** When to refresh ahead of expiry: a fifth of the lifetime, at most a minute, plus jitter so tabs rarely collide. */
export function proactiveDelayMs(access: AccessRecord): number {
  const ahead = Math.min(60_000, access.lifetimeMs / 5);
  const jitter = Math.random() * Math.min(3000, ahead / 4);
  return Math.max(0, access.expiresAt - ahead + jitter - Date.now());
}
