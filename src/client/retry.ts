/** How the client retries 429 and 503 answers. All durations in milliseconds. */
export type RetryPolicy = {
  /** Retries after the first attempt (0 disables retrying). */
  maxRetries: number;
  /** Base of the exponential backoff when the server gives no hint. */
  baseDelayMs: number;
  /** No single wait is longer than this; a server hint beyond it is not waited for (the error is raised instead). */
  maxDelayMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 300, maxDelayMs: 10_000 };

/**
 * `Retry-After` is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). `X-Ratelimit-Reset` is read as
 * seconds until the window resets, or as a Unix timestamp in seconds when it is that large (both conventions exist).
 */
export function serverWaitMs(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+(\.\d+)?$/.test(reset)) {
    const value = Number(reset);
    return value > 1e9 ? Math.max(0, Math.round(value * 1000 - now)) : Math.round(value * 1000);
  }
  return undefined;
}

/**
 * The wait before retry number `attempt` (0-based), or `undefined` when the client should give up.
 * Without a hint: full jitter, random in [0, min(cap, base·2^attempt)]. With a hint: never earlier than the server
 * asked, plus full jitter over one more hint-length (capped), so the tabs of many buyers do not return in lockstep.
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, hintMs: number | undefined, random = Math.random): number | undefined {
  if (attempt >= policy.maxRetries) return undefined;
  if (hintMs === undefined) return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
  if (hintMs > policy.maxDelayMs) return undefined;
  const spread = Math.min(Math.max(hintMs, policy.baseDelayMs), policy.maxDelayMs - hintMs);
  return hintMs + Math.floor(random() * spread);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
