import type { Context, MiddlewareHandler } from 'hono';
import { HEADERS } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { resolveApiKey, type BusinessPrincipal, type MembershipRow } from '../domain/business-users.ts';
import { bearerToken } from './customer-auth.ts';
import { HttpError } from './errors.ts';
import { applyRateLimit, type RateLimiter } from './rate-limit.ts';

/**
 * Business credential: an API key in `X-Service-Api-Key`, or the same key as `Authorization: Bearer`. Machine
 * requests are counted per key in their own limiter (not the browser IP one), with the same X-Ratelimit-* headers.
 * No browser CORS here: business keys are secret and not for browser code.
 */
export function businessAuth(db: Db, limiter: RateLimiter): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header(HEADERS.businessKey) ?? bearerToken(c);
    const principal = key ? resolveApiKey(db, key) : undefined;
    if (!principal) {
      c.header('WWW-Authenticate', 'Bearer realm="business"');
      throw new HttpError(401, 'unauthorized', 'A valid business API key is required');
    }
    const limited = applyRateLimit(c, limiter, `key:${principal.keyHash}`);
    if (limited) return limited;
    c.set('principal', principal);
    await next();
  };
}

export const principalOf = (c: Context) => c.get('principal') as BusinessPrincipal;

/**
 * The selected business installation, which must still exist: the membership is there (not left or denied) and
 * the business is active. Otherwise 403 with no identity data.
 */
export function selectedMembership(c: Context): MembershipRow {
  const { membership, business } = principalOf(c);
  if (!membership || business.status !== 'active') {
    throw new HttpError(403, 'forbidden', 'This credential has no active connected business');
  }
  return membership;
}

/** Business resources (orders…) need an accepted membership. */
export function verifiedMembership(c: Context): MembershipRow {
  const membership = selectedMembership(c);
  if (membership.status !== 'verified') throw new HttpError(403, 'forbidden', 'Accept the invitation to this business first');
  return membership;
}
