/** Where a failed call was going: every client error names it, so a log line points at the route. */
export type RequestTarget = { method: string; path: string };

/**
 * The server answered with a non-2xx status. `code` is the machine-readable code of the JSON error body, or one
 * derived from the status when the body is not JSON (a plain-text 429 is `rate_limited`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** Field errors keyed by the dotted request path (`items.0.quantity`, `query.page_size`). */
  readonly fields: Readonly<Record<string, string>>;
  /** Milliseconds the server asked us to wait (`Retry-After` or `X-Ratelimit-Reset`), when it said so. */
  readonly retryAfterMs: number | undefined;
  readonly method: string;
  readonly path: string;

  constructor(init: RequestTarget & { status: number; code: string; message: string; fields?: Record<string, string>; retryAfterMs?: number }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfterMs = init.retryAfterMs;
    this.method = init.method;
    this.path = init.path;
  }
}

/** The request never got an HTTP answer (offline, DNS, CORS refusal, connection reset). Safe to show "try again". */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly method: string;
  readonly path: string;

  constructor(target: RequestTarget, cause: unknown) {
    super(`Network error on ${target.method} ${target.path}`, { cause });
    this.method = target.method;
    this.path = target.path;
  }
}

/**
 * A 2xx answer that does not match the contract schema (or is not JSON at all). Raised at the client boundary so a
 * view never renders half-valid data; `issues` lists what did not match.
 */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;

  constructor(target: RequestTarget & { status: number }, issues: ContractError['issues']) {
    const first = issues[0];
    const where = first && first.path.length ? ` at ${first.path.map(String).join('.')}` : '';
    super(`Response of ${target.method} ${target.path} breaks the contract${where}: ${first?.message ?? 'invalid'}`);
    this.method = target.method;
    this.path = target.path;
    this.status = target.status;
    this.issues = issues;
  }
}

export const isApiError = (error: unknown, code?: string): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);

/** Codes for bodies that carry none (plain text, HTML from a proxy). */
export function codeForStatus(status: number): string {
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'service_unavailable';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'server_error';
  return `http_${status}`;
}

/**
 * Whether a failed write may still have been done by the server: no answer reached us (network), the server failed
 * after it may have written (5xx), or its 2xx answer could not be read. A 4xx is a refusal: nothing was written.
 * Retry such a write with the same Idempotency-Key: the server then answers with what it did, or does it once.
 */
export const outcomeUnknown = (error: unknown): boolean =>
  error instanceof NetworkError || error instanceof ContractError || (error instanceof ApiError && error.status >= 500);
