import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { businessAuth } from '../http/business-auth.ts';
import { clientIp } from '../http/client-ip.ts';
import { applyRateLimit } from '../http/rate-limit.ts';
import { oauthAuthorizeRoutes } from './oauth-authorize.ts';
import { oauthInstallationRoutes } from './oauth-installations.ts';
import { oauthTokenRoutes } from './oauth-token.ts';
import { webhookEndpointRoutes } from './webhook-endpoints.ts';

/**
 * Business integrations: the OAuth authorization server (consent page, token, revocation, metadata), the
 * merchant's installation management and webhook endpoints (behind the business credential gate, whose limiter
 * the other business groups share: a key or an installation has one rate-limit bucket everywhere).
 */
export function mountIntegrations(app: Hono<AppEnv>, deps: RouteDeps): void {
  const business = businessAuth(deps);
  // The OAuth protocol endpoints carry no business credential: they share the client-IP limiter.
  const byIp: MiddlewareHandler = async (c, next) => applyRateLimit(c, deps.browserLimiter, `ip:${clientIp(c, deps.config.trustProxy)}`) ?? next();
  for (const path of ['/v3/oauth/authorize', '/v3/oauth/token', '/v3/oauth/revoke']) app.use(path, byIp);
  app.route('/v3/oauth/authorize', oauthAuthorizeRoutes(deps));
  app.route('/', oauthTokenRoutes(deps));

  for (const prefix of ['/v3/oauth/installations/*', '/v3/webhook-endpoints/*']) app.use(prefix, business);
  app.route('/v3/oauth/installations', oauthInstallationRoutes(deps));
  app.route('/v3/webhook-endpoints', webhookEndpointRoutes(deps));
}
