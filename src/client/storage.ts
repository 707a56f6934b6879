/**
 * Where the client keeps what must survive a reload: the guest cart token and the customer refresh token.
 * Synchronous on purpose: after the cross-tab refresh lock is granted the client must re-read the token before
 * anything else can run.
 */
export interface TokenStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** `local` (default): shared by the tabs of the origin. `session`: this tab only. `memory`: gone on reload. */
export type TokenStorageOption = 'local' | 'session' | 'memory' | TokenStorage;

export function memoryStorage(): TokenStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

/** Wraps Web Storage; falls back to memory when it is unavailable (Safari private mode, sandboxed iframes). */
function webStorage(pick: () => Storage): TokenStorage {
  let storage: Storage;
  try {
    storage = pick();
    const probe = '__svc_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
  } catch {
    return memoryStorage();
  }
  return {
    get: (key) => storage.getItem(key),
    set: (key, value) => storage.setItem(key, value),
    remove: (key) => storage.removeItem(key),
  };
}

export function resolveTokenStorage(option: TokenStorageOption = 'local'): TokenStorage {
  if (typeof option === 'object') return option;
  if (option === 'memory' || typeof window === 'undefined') return memoryStorage();
  return webStorage(() => (option === 'session' ? window.sessionStorage : window.localStorage));
}

/** Storage keys include the store id, so two stores on one page never share a cart or a customer. */
export function storageKeys(storeId: string) {
  const prefix = `svc:${storeId}:`;
  return { guestToken: `${prefix}guest-token`, refresh: `${prefix}refresh`, lock: `${prefix}refresh-lock` } as const;
}

/** What storage holds for a customer session: the refresh token and when it expires (ms). Never the access token. */
export type StoredSession = { refresh: string; refresh_expires_at: number };

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
