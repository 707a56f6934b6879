/** `AbortSignal.timeout(ms)`, which Safari has only from 16.0: elsewhere a controller aborted by a timer, as it would be. */
export function timeoutSignal(ms: number): AbortSignal {
  // eslint-disable-next-line no-restricted-syntax -- the guard itself
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
  return controller.signal;
}
