/** A fresh Idempotency-Key: one per attempt of a state-changing call, reused only when that attempt is retried. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID(); // secure contexts only
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
