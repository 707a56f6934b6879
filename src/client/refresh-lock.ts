import { sleep } from './retry.ts';
import { timeoutSignal } from './timeout-signal.ts';

export type LockOptions = {
  /** Longest wait for the lock; after it the work runs anyway (the holder is stuck), re-reading storage first. */
  timeoutMs: number;
  /** Used for the lease fallback when Web Locks are missing (non-secure origins, old browsers). */
  storage?: Storage;
};

/**
 * Runs `work` while holding an origin-wide exclusive lock named `name`, so that at most one tab refreshes the
 * customer session at a time. Web Locks when available (released by the browser even if the tab dies); otherwise
 * a lease in localStorage; otherwise no lock at all (single tab storage such as `memory`).
 */
export async function withCrossTabLock<T>(name: string, work: () => Promise<T>, options: LockOptions): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) {
    let started = false;
    try {
      return await locks.request(name, { signal: timeoutSignal(options.timeoutMs) }, () => {
        started = true;
        return work();
      });
    } catch (error) {
      if (started) throw error;
      // the wait timed out (or locks are refused in this context): fall through to the lease
    }
  }
  return options.storage ? withLease(options.storage, name, work, options.timeoutMs) : work();
}

/**
 * A best-effort mutex over localStorage: write a claim, give a racing tab time to overwrite it, and proceed only if
 * the claim is still ours. Claims expire so a closed tab cannot block the others.
 */
async function withLease<T>(storage: Storage, name: string, work: () => Promise<T>, timeoutMs: number): Promise<T> {
  const key = `svc-lease:${name}`;
  const me = Math.random().toString(36).slice(2);
  const deadline = Date.now() + timeoutMs;
  const read = (): { owner: string; until: number } | null => {
    try {
      return JSON.parse(storage.getItem(key) ?? 'null') as { owner: string; until: number } | null;
    } catch {
      return null;
    }
  };
  let owned = false;
  while (!owned && Date.now() < deadline) {
    const claim = read();
    if (!claim || claim.until < Date.now()) {
      storage.setItem(key, JSON.stringify({ owner: me, until: Date.now() + timeoutMs }));
      await sleep(40);
      owned = read()?.owner === me;
    }
    if (!owned) await sleep(50 + Math.random() * 100);
  }
  try {
    return await work();
  } finally {
    if (read()?.owner === me) storage.removeItem(key);
  }
}
