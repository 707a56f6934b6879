export type SignInThrottleOptions = {
  /** Failures of one account from one client that are answered at once; the next one starts the backoff. */
  freeFailures: number;
  /** First wait after the free failures, seconds; doubled by each further failure up to `maxBackoffSeconds`. */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /** Failures of one account from all clients together within `windowSeconds` before only known clients get in. */
  accountBudget: number;
  /** How long failures are remembered (a client's since its last failure; the account's in fixed windows). */
  windowSeconds: number;
  /** How long a client that signed in stays known to the account (and so exempt from the account budget). */
  knownClientSeconds: number;
};

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleOptions = {
  freeFailures: 5, backoffSeconds: 1, maxBackoffSeconds: 15 * 60, accountBudget: 100, windowSeconds: 15 * 60,
  knownClientSeconds: 30 * 24 * 60 * 60,
};

/** A hard bound per map: past it the oldest entries go. Expired ones are swept once a minute. */
const MAX_ENTRIES = 100_000;
const SWEEP_MS = 60_000;

/**
 * Slows password guessing without handing attackers a lock-out button. Failures count per account *and* client
 * (IP): one client that keeps failing waits longer and longer (exponential backoff), while the owner's client is not
 * affected by what others type. Guessing spread over many clients is caught by a budget per account; once it is
 * spent, only clients that signed in to the account before get through (each still under its own backoff).
 * In memory, like the rate limiters: a restart forgets it. Accounts are namespaced keys (`customer:1:a@b.c`).
 */
export class SignInThrottle {
  readonly #clients = new Map<string, { failures: number; blockedUntil: number; forgetAt: number }>();
  readonly #accounts = new Map<string, { failures: number; resetAt: number }>();
  readonly #known = new Map<string, number>();
  #lastSweep = 0;

  constructor(readonly options: SignInThrottleOptions = DEFAULT_SIGN_IN_THROTTLE) {}

  /** Seconds this client must wait before trying this account again, or 0 when it may try now. */
  waitFor(account: string, client: string, now = Date.now()): number {
    const key = pair(account, client);
    const entry = this.#clients.get(key);
    if (entry && entry.blockedUntil > now) return seconds(entry.blockedUntil - now);
    const total = this.#accounts.get(account);
    if (total && total.resetAt > now && total.failures >= this.options.accountBudget && !this.#isKnown(key, now)) {
      return seconds(total.resetAt - now);
    }
    return 0;
  }

  fail(account: string, client: string, now = Date.now()): void {
    const { freeFailures, backoffSeconds, maxBackoffSeconds, windowSeconds } = this.options;
    const key = pair(account, client);
    let entry = this.#clients.get(key);
    if (!entry || entry.forgetAt <= now) this.#clients.set(key, (entry = { failures: 0, blockedUntil: 0, forgetAt: 0 }));
    entry.failures += 1;
    entry.forgetAt = now + windowSeconds * 1000;
    const over = entry.failures - freeFailures;
    if (over >= 0) {
      const wait = Math.min(maxBackoffSeconds, backoffSeconds * 2 ** Math.min(over, 30));
      entry.blockedUntil = now + wait * 1000;
      entry.forgetAt = Math.max(entry.forgetAt, entry.blockedUntil);
    }
    let total = this.#accounts.get(account);
    if (!total || total.resetAt <= now) this.#accounts.set(account, (total = { failures: 0, resetAt: now + windowSeconds * 1000 }));
    total.failures += 1;
    this.#sweep(now);
  }

  /** The right password: this client's failures are forgotten and it becomes known to the account. */
  succeed(account: string, client: string, now = Date.now()): void {
    const key = pair(account, client);
    this.#clients.delete(key);
    this.#known.set(key, now + this.options.knownClientSeconds * 1000);
    this.#sweep(now);
  }

  #isKnown(key: string, now: number): boolean {
    return (this.#known.get(key) ?? 0) > now;
  }

  /** Bounds memory: an attacker rotating addresses and IPs grows the maps (the browser rate limit slows that). */
  #sweep(now: number): void {
    if (now - this.#lastSweep >= SWEEP_MS) {
      this.#lastSweep = now;
      for (const [k, e] of this.#clients) if (e.forgetAt <= now) this.#clients.delete(k);
      for (const [k, e] of this.#accounts) if (e.resetAt <= now) this.#accounts.delete(k);
      for (const [k, until] of this.#known) if (until <= now) this.#known.delete(k);
    }
    for (const map of [this.#clients, this.#accounts, this.#known]) {
      while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!); // insertion order: the oldest first
    }
  }
}

const pair = (account: string, client: string) => `${account}\n${client}`;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Throttle keys of the two kinds of accounts: customers are per store, business users global. */
export const customerAccount = (storeId: number, email: string) => `customer:${storeId}:${email.trim().toLowerCase()}`;
export const businessUserAccount = (email: string) => `business-user:${email.trim().toLowerCase()}`;
