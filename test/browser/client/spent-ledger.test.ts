import { expect } from '@open-wc/testing';
import { CustomerAuth, type CustomerAuthOptions } from '../../../src/client/customer-auth.ts';
import { ApiError } from '../../../src/client/errors.ts';
import { isSpent } from '../../../src/client/spent-ledger.ts';
import type { TokenStorage } from '../../../src/client/storage.ts';
import type { TokenResponse } from '../../../src/contract/auth.ts';
import { BUYER, clearStorage, rawPost } from '../support/server.ts';

const KEY = 'ledger-test:refresh';

/** A real refresh against the reference server, logging every token sent. */
function refresher(sent: string[]) {
  return async (refresh: string): Promise<TokenResponse> => {
    sent.push(refresh);
    const { status, json } = await rawPost('/auth/jwt/refresh', { refresh });
    if (status !== 200) throw new ApiError({ method: 'POST', path: '/auth/jwt/refresh', status, code: json.error.code, message: json.error.message });
    return json;
  };
}

/** Storage whose reads see writes only after `lagMs`, like another renderer's localStorage cache. */
function laggingView(backing: Map<string, string>, lagMs: number): TokenStorage & { stop(): void } {
  const view = new Map(backing);
  const timer = setInterval(() => {
    for (const [k, v] of backing) if (view.get(k) !== v) setTimeout(() => view.set(k, v), lagMs);
  }, 10);
  return {
    get: (k) => view.get(k) ?? null, set: (k, v) => void backing.set(k, v), remove: (k) => void backing.delete(k),
    stop: () => clearInterval(timer),
  };
}

describe('spent-token ledger', () => {
  beforeEach(() => clearStorage());

  it('never sends a token another tab spent, even when storage still shows it', async () => {
    const login = await rawPost('/auth/login', BUYER);
    const backing = new Map([[KEY, JSON.stringify({ refresh: login.json.refresh, refresh_expires_at: Date.now() + 3_600_000 })]]);
    const direct: TokenStorage = { get: (k) => backing.get(k) ?? null, set: (k, v) => void backing.set(k, v), remove: (k) => void backing.delete(k) };
    const sent: string[] = [];
    const base: Omit<CustomerAuthOptions, 'storage' | 'crossTab'> = {
      storageKey: KEY, lockName: `ledger-test-${Math.random()}`, sharedStorage: true, lockTimeoutMs: 5000, proactive: false,
      requestRefresh: refresher(sent), requestBlacklist: async () => {},
    };
    const a = new CustomerAuth({ ...base, storage: direct, crossTab: true });
    // B misses every broadcast and reads storage 400 ms late: only the ledger stands between it and a reuse
    const lagging = laggingView(backing, 400);
    const b = new CustomerAuth({ ...base, storage: lagging, crossTab: false });

    const [fromA, fromB] = await Promise.all([a.refresh(), new Promise((r) => setTimeout(r, 5)).then(() => b.refresh())]);
    expect([fromA, fromB]).to.deep.equal([true, true]);
    expect(sent).to.have.length(2);
    expect(new Set(sent).size).to.equal(2); // the second refresh used the successor, not the spent token
    expect(sent[0]).to.equal(login.json.refresh);
    expect(await isSpent(login.json.refresh)).to.equal(true);
    // the family is intact: the newest token still refreshes
    const newest = JSON.parse(backing.get(KEY)!).refresh;
    expect((await rawPost('/auth/jwt/refresh', { refresh: newest })).status).to.equal(200);
    a.destroy();
    b.destroy();
    lagging.stop();
  });
});
