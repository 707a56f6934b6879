/**
 * Whether a page may send the buyer to a URL the service answered (`payment_url`, `public_order_url`): absolute
 * https, or http on a loopback host (the reference server in development). A `javascript:` or `data:` URL, plain
 * http to another host, or a relative URL — what a compromised or misconfigured server could send — is refused.
 */
export function isSafeNavigation(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' || (protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(hostname));
  } catch {
    return false;
  }
}
