import type { TokenResponse } from '../contract/auth.ts';
import { authChannelName } from './client-auth.ts';
import { openCrossTab, type CrossTab } from './cross-tab.ts';
import { ApiError } from './errors.ts';
import { withCrossTabLock } from './refresh-lock.ts';
import { isSpent, markSpent, unmarkSpent } from './spent-ledger.ts';
import { readStoredSession, type StoredSession as Stored, type TokenStorage } from './storage.ts';
import { timeoutSignal } from './timeout-signal.ts';
import { isFresh, proactiveDelayMs, recordsOf, type AccessRecord as Access } from './token-records.ts';
import type { BearerSource } from './transport.ts';

/** Messages between tabs. Access tokens travel only here (same origin, memory to memory), never to storage. */
export type AuthMessage =
  | { type: 'tokens'; reason: 'signed-in' | 'refreshed'; previous: string | null; stored: Stored; access: Access }
  | { type: 'need-access'; refresh: string }
  | { type: 'signed-out'; refresh: string | null };

/** What changed in the customer session; `remote` when another tab did it. */
export type AuthEvent = { type: 'signed-in' | 'refreshed' | 'signed-out'; remote: boolean };

export type CustomerAuthOptions = {
  storage: TokenStorage;
  storageKey: string;
  lockName: string;
  /** `false` for per-tab storage kinds that must not adopt other tabs' sign-ins (`memory`). */
  crossTab: boolean;
  /** Whether tabs share the refresh token through storage (`local`); otherwise only rotations are adopted. */
  sharedStorage: boolean;
  lockTimeoutMs: number;
  /** Refresh shortly before the access token expires (otherwise only on demand and after a 401). */
  proactive: boolean;
  requestRefresh(refresh: string, signal: AbortSignal): Promise<TokenResponse>;
  requestBlacklist(tokens: string[]): Promise<void>;
  /** The channel to the other tabs, when one is open already (`client-auth.ts` listens before this class loads). */
  channel?: CrossTab<AuthMessage>;
};

/**
 * The customer token pair. The access token lives in memory; the refresh token in the integrator's storage. Refresh
 * tokens are single-use and the server revokes the whole family when a spent one comes back, so: one refresh in
 * flight per tab, one across tabs (lock), the stored token re-read under the lock and checked against the spent
 * ledger, and the result broadcast to the other tabs.
 */
export class CustomerAuth implements BearerSource {
  readonly #options: CustomerAuthOptions;
  readonly #channel: CrossTab<AuthMessage> | undefined;
  readonly #listeners = new Set<(event: AuthEvent) => void>();
  readonly #waiters = new Set<() => void>();
  #access: Access | null = null;
  /** The last token this tab spent: a tab still reading it from lagging storage is answered with its successor. */
  #lastSpent: string | null = null;
  /** When this tab, loaded with a stored session, asked the others for their access token. */
  #askedAt = 0;
  #inflight: Promise<boolean> | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: CustomerAuthOptions) {
    this.#options = options;
    if (options.crossTab) {
      this.#channel = options.channel ?? openCrossTab<AuthMessage>(authChannelName(options.lockName));
      this.#channel.subscribe((message) => this.#onMessage(message));
      // a reloaded tab has no access token: another tab may hold a fresh one for the same refresh token
      const stored = this.#read();
      if (stored) {
      this.#askedAt = Date.now();
      this.#channel.post({ type: 'need-access', refresh: stored.refresh });
    }
    }
  }

  /** True while this tab holds a customer session (a refresh token in storage, or an access token from a broadcast). */
  get signedIn(): boolean {
    return this.#access !== null || this.#read() !== null;
  }

  subscribe(listener: (event: AuthEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** A valid access token, refreshing first when there is none or it is about to expire; `null` when signed out. */
  async accessToken(): Promise<string | null> {
    if (this.#access && isFresh(this.#access)) return this.#access.token;
    if (!this.signedIn) return null;
    return (await this.refresh()) ? this.#access?.token ?? null : null;
  }

  async unauthorized(failedToken: string): Promise<boolean> {
    if (this.#access && this.#access.token !== failedToken && isFresh(this.#access)) return true;
    if (this.#access?.token === failedToken) this.#access = null;
    return this.refresh();
  }

  /** Stores a token pair from sign-in or one-time-code verification and tells the other tabs. */
  acceptTokens(tokens: TokenResponse): void {
    this.#save(tokens, null, 'signed-in');
  }

  /** Rotates the token pair. Resolves false when the session is gone; rejects on network or server trouble. */
  refresh(): Promise<boolean> {
    this.#inflight ??= this.#refreshAcrossTabs().finally(() => (this.#inflight = null));
    return this.#inflight;
  }

  /** Blacklists both tokens (best effort) and forgets them in every tab. Resolves whether the server confirmed. */
  async signOut(): Promise<boolean> {
    await this.#inflight?.catch(() => {});
    return withCrossTabLock(this.#options.lockName, async () => {
      const stored = this.#read();
      const tokens = [this.#access?.token, stored?.refresh].filter((t): t is string => !!t);
      this.#forget(true, stored?.refresh ?? null);
      if (!tokens.length) return true;
      return this.#options.requestBlacklist(tokens).then(() => true, () => false);
    }, this.#lockOptions());
  }

  destroy(): void {
    clearTimeout(this.#timer);
    this.#channel?.close();
    this.#listeners.clear();
  }

  #refreshAcrossTabs(): Promise<boolean> {
    const seen = this.#read()?.refresh;
    const accessBefore = this.#access?.token;
    return withCrossTabLock(this.#options.lockName, () => this.#spendLatest(seen, accessBefore, true), this.#lockOptions());
  }

  /**
   * Under the lock: done if another tab's result arrived meanwhile; otherwise spend the newest stored token. A token
   * in the spent ledger is never sent: storage may lag behind the tab that spent it, so wait for its successor.
   */
  async #spendLatest(seen: string | undefined, accessBefore: string | undefined, mayRetry: boolean): Promise<boolean> {
    const adopted = () => !!this.#access && this.#access.token !== accessBefore;
    const deadline = Date.now() + this.#options.lockTimeoutMs;
    for (;;) {
      if (adopted()) return true;
      const stored = this.#read();
      if (!stored) return this.#forget(false, null);
      if (!(await isSpent(stored.refresh))) {
        if (stored.refresh !== seen) {
          // rotated by another tab: its broadcast brings the access token; ask for it in case it was missed
          this.#channel?.post({ type: 'need-access', refresh: stored.refresh });
          if (await this.#waitFor(adopted, 1000)) return true;
        } else if (await this.#waitFor(adopted, this.#askedAt + 200 - Date.now())) {
          return true; // just loaded: a reply to the start-up question arrived
        }
        return this.#spend(stored.refresh, seen, accessBefore, mayRetry);
      }
      if (Date.now() > deadline) return this.#forget(true, stored.refresh); // spent, and no successor ever appeared
      await this.#waitFor(() => adopted() || this.#read()?.refresh !== stored.refresh, 100);
    }
  }

  async #spend(refresh: string, seen: string | undefined, accessBefore: string | undefined, mayRetry: boolean): Promise<boolean> {
    let tokens: TokenResponse;
    await markSpent(refresh);
    this.#lastSpent = refresh;
    try {
      tokens = await this.#options.requestRefresh(refresh, timeoutSignal(this.#options.lockTimeoutMs));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500 || error.status === 429) {
        await unmarkSpent(refresh); // no verdict from the server: the token stays ours to retry
        throw error;
      }
      // refused: before signing out, look again; another tab may have rotated (lease fallback, lagging storage)
      const now = this.#read();
      if (mayRetry && now && now.refresh !== refresh) return this.#spendLatest(seen, accessBefore, false);
      return this.#forget(true, refresh);
    }
    this.#save(tokens, refresh, 'refreshed');
    return true;
  }

  #save(tokens: TokenResponse, previous: string | null, reason: 'signed-in' | 'refreshed'): void {
    const { stored, access } = recordsOf(tokens);
    this.#options.storage.set(this.#options.storageKey, JSON.stringify(stored));
    this.#adopt(access);
    // posted before the lock is released, so a tab waiting for the lock usually finds the access token on arrival
    this.#channel?.post({ type: 'tokens', reason, previous, stored, access });
    this.#emit({ type: reason, remote: false });
  }

  #onMessage(message: AuthMessage): void {
    const stored = this.#read();
    if (message.type === 'need-access') {
      const access = this.#access;
      const known = access && (access.refresh === message.refresh || this.#lastSpent === message.refresh);
      const current: Stored | null = access && { refresh: access.refresh, refresh_expires_at: access.refreshExpiresAt };
      if (known && current && isFresh(access)) this.#channel?.post({ type: 'tokens', reason: 'refreshed', previous: null, stored: current, access });
      return;
    }
    if (message.type === 'signed-out') {
      if (stored && stored.refresh !== message.refresh) return; // a different session, still ours
      if (stored || this.#access) this.#forget(false, null, true);
      return;
    }
    if (this.#access?.token === message.access.token) return; // already ours
    if (this.#options.sharedStorage) {
      // the sender has written the same storage; our view of it may lag, the message does not
      this.#adopt(message.access);
    } else if (stored && (stored.refresh === message.previous || stored.refresh === message.stored.refresh)) {
      // per-tab storage copied from the tab that rotated: follow the rotation or our copy becomes a spent token
      this.#options.storage.set(this.#options.storageKey, JSON.stringify(message.stored));
      this.#adopt(message.access);
    } else {
      return;
    }
    this.#emit({ type: message.reason, remote: true });
  }

  #adopt(access: Access): void {
    this.#access = access;
    this.#schedule();
    this.#waiters.forEach((wake) => wake());
  }

  /** Resolves true as soon as `ready()` holds (checked on broadcasts and every 50 ms), false after `timeoutMs`. */
  #waitFor(ready: () => boolean, timeoutMs: number): Promise<boolean> {
    if (ready()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value: boolean) => (this.#waiters.delete(wake), clearInterval(poll), clearTimeout(timer), resolve(value));
      const wake = () => ready() && done(true);
      const poll = setInterval(wake, 50); // storage catching up fires no broadcast
      const timer = setTimeout(() => done(false), timeoutMs);
      this.#waiters.add(wake);
    });
  }

  /** Drops the session in this tab; `broadcast` tells the others (whose storage may still hold `refresh`). */
  #forget(broadcast: boolean, refresh: string | null, remote = false): false {
    const had = this.#access !== null || this.#read() !== null;
    this.#access = null;
    clearTimeout(this.#timer);
    this.#options.storage.remove(this.#options.storageKey);
    if (broadcast) this.#channel?.post({ type: 'signed-out', refresh });
    if (had || broadcast) this.#emit({ type: 'signed-out', remote });
    return false;
  }

  #read(): Stored | null {
    return readStoredSession(this.#options.storage, this.#options.storageKey);
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    if (!this.#options.proactive || !this.#access) return;
    this.#timer = setTimeout(() => void this.refresh().catch(() => {}), proactiveDelayMs(this.#access));
  }

  #lockOptions() {
    const storage = this.#options.sharedStorage && typeof localStorage !== 'undefined' ? localStorage : undefined;
    return { timeoutMs: this.#options.lockTimeoutMs, storage };
  }

  #emit(event: AuthEvent): void {
    this.#listeners.forEach((listener) => listener(event));
  }
}
