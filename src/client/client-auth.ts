import type { TokenResponse } from '../contract/auth.ts';
import { openCrossTab, type CrossTab } from './cross-tab.ts';
import type { AuthEvent, AuthMessage, CustomerAuth, CustomerAuthOptions } from './customer-auth.ts';
import { readStoredSession } from './storage.ts';
import type { BearerSource } from './transport.ts';

/** The channel the customer sessions of one store talk on, between tabs. */
export const authChannelName = (lockName: string) => `${lockName}:auth`;

/**
 * `client.auth`: the customer session as the client and the stores see it. The machinery behind it
 * (`customer-auth.ts`: refresh protocol, cross-tab lock, spent-token ledger) is a chunk of its own, loaded once there
 * is a customer: a sign-in stored by an earlier visit (loaded at once), a sign-in now, or a message from another
 * tab's session. A guest who only browses never downloads it.
 */
export class ClientAuth implements BearerSource {
  readonly #options: CustomerAuthOptions;
  readonly #listeners = new Set<(event: AuthEvent) => void>();
  #loading: Promise<CustomerAuth> | undefined;
  #loaded: CustomerAuth | undefined;
  #destroyed = false;
  /** Hands the messages that came before the machinery to it, once it listens to us. */
  #replay = () => {};

  constructor(options: CustomerAuthOptions) {
    this.#options = options;
    if (options.crossTab) {
      // listen from the start, so that another tab's sign-in reaches this one; the machinery gets what came first
      const channel = openCrossTab<AuthMessage>(authChannelName(options.lockName));
      const early: AuthMessage[] = [];
      const stopEarly = channel.subscribe((message) => (early.push(message), void this.#load().catch(() => {})));
      const handover: CrossTab<AuthMessage> = {
        post: channel.post,
        close: channel.close,
        subscribe: (listener) => {
          stopEarly();
          this.#replay = () => early.splice(0).forEach(listener);
          return channel.subscribe(listener);
        },
      };
      this.#options = { ...options, channel: handover };
    }
    if (this.signedIn) void this.#load().catch(() => {});
  }

  /** True while this tab holds a customer session (a refresh token in storage, or an access token from a broadcast). */
  get signedIn(): boolean {
    return this.#loaded ? this.#loaded.signedIn : readStoredSession(this.#options.storage, this.#options.storageKey) !== null;
  }

  subscribe(listener: (event: AuthEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** A valid access token, refreshing first when there is none or it is about to expire; `null` when signed out. */
  async accessToken(): Promise<string | null> {
    return this.signedIn ? (await this.#load()).accessToken() : null;
  }

  async unauthorized(failedToken: string): Promise<boolean> {
    return (await this.#load()).unauthorized(failedToken);
  }

  /** Stores a token pair from sign-in or one-time-code verification and tells the other tabs. */
  async acceptTokens(tokens: TokenResponse): Promise<void> {
    (await this.#load()).acceptTokens(tokens);
  }

  /** Rotates the token pair. Resolves false when the session is gone; rejects on network or server trouble. */
  async refresh(): Promise<boolean> {
    return (await this.#load()).refresh();
  }

  /** Blacklists both tokens (best effort) and forgets them in every tab. Resolves whether the server confirmed. */
  async signOut(): Promise<boolean> {
    return (await this.#load()).signOut();
  }

  destroy(): void {
    this.#destroyed = true;
    this.#listeners.clear();
    if (this.#loaded) this.#loaded.destroy();
    else if (!this.#loading) this.#options.channel?.close(); // a load under way destroys what it creates
  }

  #load(): Promise<CustomerAuth> {
    this.#loading ??= import('./customer-auth.ts').then(
      ({ CustomerAuth }) => {
        const auth = new CustomerAuth(this.#options);
        auth.subscribe((event) => this.#listeners.forEach((listener) => listener(event)));
        this.#replay(); // in the same task as the construction: no message can come in between
        if (this.#destroyed) auth.destroy();
        return (this.#loaded = auth);
      },
      (error: unknown) => {
        this.#loading = undefined; // try again on the next call
        throw error;
      },
    );
    return this.#loading;
  }
}
