import { expect } from '@open-wc/testing';
import { DEFAULT_RETRY, retryDelayMs, serverWaitMs } from '../../../src/client/retry.ts';
import { withCrossTabLock } from '../../../src/client/refresh-lock.ts';

const headers = (init: Record<string, string>) => new Headers(init);

describe('retry policy', () => {
  it('reads Retry-After seconds, Retry-After dates and X-Ratelimit-Reset (delta or epoch)', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(serverWaitMs(headers({ 'Retry-After': '3' }), now)).to.equal(3000);
    expect(serverWaitMs(headers({ 'Retry-After': 'Wed, 01 Jan 2025 00:00:05 GMT' }), now)).to.equal(5000);
    expect(serverWaitMs(headers({ 'Retry-After': 'Tue, 31 Dec 2024 00:00:05 GMT' }), now)).to.equal(0);
    expect(serverWaitMs(headers({ 'X-Ratelimit-Reset': '7' }), now)).to.equal(7000);
    expect(serverWaitMs(headers({ 'X-Ratelimit-Reset': String(now / 1000 + 4) }), now)).to.equal(4000);
    expect(serverWaitMs(headers({ 'Retry-After': 'soon' }), now)).to.equal(undefined);
    expect(serverWaitMs(headers({}), now)).to.equal(undefined);
  });

  it('uses full jitter without a hint and never retries before a hint, capped', () => {
    const policy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelayMs(policy, 0, undefined, () => 0)).to.equal(0);
    expect(retryDelayMs(policy, 2, undefined, () => 0.999)).to.equal(399);
    expect(retryDelayMs(policy, 9, undefined, () => 0.5)).to.equal(undefined); // out of retries
    expect(retryDelayMs(policy, 0, 300, () => 0)).to.equal(300);
    expect(retryDelayMs(policy, 0, 300, () => 0.999)).to.be.within(300, 1000);
    expect(retryDelayMs(policy, 0, 900, () => 0.999)).to.be.within(900, 1000);
    expect(retryDelayMs(policy, 0, 5000, () => 0)).to.equal(undefined); // beyond the cap: give up, report it
    expect(DEFAULT_RETRY.maxRetries).to.be.greaterThan(0);
  });
});

describe('cross-tab lock', () => {
  it('runs holders one after another', async () => {
    const order: string[] = [];
    const work = (name: string) => async () => {
      order.push(`${name}:start`);
      await new Promise((r) => setTimeout(r, 50));
      order.push(`${name}:end`);
    };
    await Promise.all([withCrossTabLock('t1', work('a'), { timeoutMs: 2000 }), withCrossTabLock('t1', work('b'), { timeoutMs: 2000 })]);
    expect(order).to.deep.equal(['a:start', 'a:end', 'b:start', 'b:end']);
  });

  it('stops waiting for a stuck holder after the timeout', async () => {
    let release!: () => void;
    void navigator.locks.request('t2', () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 20));
    const started = performance.now();
    const ran = await withCrossTabLock('t2', async () => 'ran', { timeoutMs: 200 });
    expect(ran).to.equal('ran');
    expect(performance.now() - started).to.be.below(2000);
    release();
  });

  it('falls back to a localStorage lease where Web Locks are missing', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(Navigator.prototype, 'locks')!;
    Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, get: () => undefined });
    try {
      let inside = 0;
      let overlap = false;
      const work = async () => {
        inside += 1;
        overlap ||= inside > 1;
        await new Promise((r) => setTimeout(r, 60));
        inside -= 1;
      };
      await Promise.all([1, 2, 3].map(() => withCrossTabLock('t3', work, { timeoutMs: 3000, storage: localStorage })));
      expect(overlap).to.equal(false);
      expect(localStorage.getItem('svc-lease:t3')).to.equal(null);
    } finally {
      Object.defineProperty(Navigator.prototype, 'locks', descriptor);
    }
  });
});
