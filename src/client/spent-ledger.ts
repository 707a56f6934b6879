/**
 * An origin-wide record of refresh tokens that were sent to the server, kept in IndexedDB.
 *
 * Why not localStorage: another tab's localStorage writes reach this tab's renderer asynchronously, so right after the
 * refresh lock is granted this tab can still read the token the previous holder just spent. IndexedDB transactions
 * all run in the browser's storage process: a write committed before the lock was released is visible to a read
 * started after it was granted. Only fingerprints are stored, never tokens.
 */
const DB_NAME = 'svc-refresh-ledger';
const STORE = 'spent';
const KEEP_MS = 60 * 60 * 1000; // a lagging tab catches up within seconds; an hour is plenty

let opened: Promise<IDBDatabase | null> | undefined;

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opened ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = request.onblocked = () => resolve(null);
    } catch {
      resolve(null); // disabled storage: the broadcast and the lock still protect
    }
  });
  return opened;
}

/** cyrb53: a fast 53-bit string hash; enough to recognise a token, useless to recover it. */
function fingerprint(token: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < token.length; i += 1) {
    const c = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void, fallback: T): Promise<T> {
  const db = await open();
  if (!db) return fallback;
  return new Promise<T>((resolve) => {
    try {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request ? request.result : fallback); // committed: visible to every tab
      tx.onerror = tx.onabort = () => resolve(fallback);
    } catch {
      resolve(fallback);
    }
  });
}

/** Whether this token was already sent for a refresh (by any tab of the origin). */
export async function isSpent(token: string): Promise<boolean> {
  const at = await run<number | undefined>('readonly', (store) => store.get(fingerprint(token)), undefined);
  return typeof at === 'number' && at > Date.now() - KEEP_MS;
}

/** Records the token as spent; resolves once committed, before the refresh request may leave. */
export function markSpent(token: string): Promise<void> {
  return run<undefined>('readwrite', (store) => void store.put(Date.now(), fingerprint(token)), undefined).then(() => void prune());
}

/** The refresh never got an answer (network, 5xx, 429): the token may still be unspent, so it is usable again. */
export function unmarkSpent(token: string): Promise<void> {
  return run<undefined>('readwrite', (store) => void store.delete(fingerprint(token)), undefined);
}

async function prune(): Promise<void> {
  const cutoff = Date.now() - KEEP_MS;
  await run<undefined>('readwrite', (store) => {
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const current = cursor.result;
      if (!current) return;
      if ((current.value as number) < cutoff) current.delete();
      current.continue();
    };
  }, undefined);
}
