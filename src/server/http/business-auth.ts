import type { Context, MiddlewareHandler } from 'hono';
import { HEADERS, type OAuthScope } from '../../contract/index.ts';
import type { RouteDeps } from '../app-env.ts';
import { resolveApiKey, type BusinessPrincipal, type MembershipRow } from '../domain/business-users.ts';
import { resolveOAuthAccessToken } from '../oauth/tokens.ts';
import { bearerToken } from './customer-auth.ts';
import { HttpError } from '../errors.ts';
import type { RateLimiter, RateLimitVerdict } from '../domain/rate-limiter.ts';
import { clientIp } from './client-ip.ts';
import { applyRateLimit, rateLimitHeaders, TOO_MANY_REQUESTS } from './rate-limit.ts';

/**
 * Business credential: an API key in `X-Service-Api-Key`, or as `Authorization: Bearer` either the same key or an
 * OAuth access token. Machine requests are counted in their own limiter (not the browser IP one), one bucket per
 * API key and one per OAuth installation (all tokens of an installation share it), with the same X-Ratelimit-* headers.
 * Failed logins are counted per client address (`businessAuthFailureLimit`): past the limit every request from that
 * address is a 429 with Retry-After, a right key too, so that guessing cannot go on and a hit cannot be told apart.
 * No browser CORS here: business credentials are secret and not for browser code.
 */
export function businessAuth({ db, businessLimiter, businessAuthFailures, config }: RouteDeps): MiddlewareHandler {
  return async (c, next) => {
    const failureKey = clientIp(c, config.trustProxy);
    const throttled = businessAuthFailures.peek(failureKey);
    if (throttled.limited) return tooManyFailures(c, businessAuthFailures, throttled);
    const key = c.req.header(HEADERS.businessKey);
    const bearer = key === undefined ? bearerToken(c) : undefined;
    const principal = key !== undefined ? resolveApiKey(db, key)
      : bearer ? (resolveOAuthAccessToken(db, bearer) ?? resolveApiKey(db, bearer)) : undefined;
    if (!principal) {
      const verdict = businessAuthFailures.hit(failureKey);
      const headers = rateLimitHeaders(businessAuthFailures, verdict);
      for (const name in headers) c.header(name, headers[name]);
      c.header('WWW-Authenticate', bearer ? 'Bearer realm="business", error="invalid_token"' : 'Bearer realm="business"');
      throw new HttpError(401, 'unauthorized', 'A valid business API key or OAuth access token is required');
    }
    const limited = applyRateLimit(c, businessLimiter, principal.rateLimitKey);
    if (limited) return limited;
    c.set('principal', principal);
    await next();
  };
}

function tooManyFailures(c: Context, limiter: RateLimiter, verdict: RateLimitVerdict): Response {
  const headers = rateLimitHeaders(limiter, { ...verdict, limited: true });
  for (const name in headers) c.header(name, headers[name]);
  return c.text(TOO_MANY_REQUESTS, 429);
}

export const principalOf = (c: Context) => c.get('principal') as BusinessPrincipal;

const noActiveBusiness = () => new HttpError(403, 'forbidden', 'This credential has no active connected business');

/**
 * The selected business installation, which must still exist: the membership is there (not left or denied), the
 * business is active and, for an OAuth token, the merchant has not revoked the installation. Otherwise 403 with no
 * identity data.
 */
export function selectedMembership(c: Context): MembershipRow {
  const { membership, business, oauth } = principalOf(c);
  if (!membership || business.status !== 'active' || (oauth && !oauth.installationActive)) throw noActiveBusiness();
  return membership;
}

/* Roles: business resources ask http/business-roles.ts `authorize`, which builds on the checks above. */

/**
 * OAuth tokens act only within their scopes (API keys are the user's own, unscoped credential). A missing scope is
 * a 403 with code `insufficient_scope` and the RFC 6750 challenge naming the scope to ask for.
 */
export function requireScope(c: Context, scope: OAuthScope): void {
  const { oauth } = principalOf(c);
  if (!oauth || oauth.scopes.has(scope)) return;
  c.header('WWW-Authenticate', `Bearer realm="business", error="insufficient_scope", scope="${scope}"`);
  const message = `This token lacks the ${scope} scope`;
  throw new HttpError(403, 'forbidden', message, undefined, { error: { code: 'insufficient_scope', message } });
}

/** Managing a business's app installations is for the merchant's own credential, never for an app. */
export function requireApiKey(c: Context): void {
  if (principalOf(c).oauth) throw new HttpError(403, 'forbidden', 'Apps cannot manage installations: use a business API key');
}

export { noActiveBusiness };
