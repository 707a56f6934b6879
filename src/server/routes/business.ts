import { Hono } from 'hono';
import { AcceptInvitationBody, BusinessUsersQuery, LeaveBody, type MeResponse } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import {
  acceptInvitation, businessUser, denyInvitation, leaveBusiness, listMemberships, type MembershipChange,
} from '../domain/business-users.ts';
import { businessUserAccount } from '../domain/login-throttle.ts';
import { verifyPassword } from '../domain/passwords.ts';
import { noActiveBusiness, principalOf, requireScope, selectedMembership } from '../http/business-auth.ts';
import { authorize } from '../http/business-roles.ts';
import { clientIp } from '../http/client-ip.ts';
import { fieldError, HttpError, parseWith } from '../errors.ts';
import { parseBody, parseQuery, readJson } from '../http/request-body.ts';
import { oauthIdentity } from '../oauth/installations.ts';
import { tooManyAttempts } from './auth.ts';

const rejected = (change: MembershipChange) => {
  if (!change.ok) throw new HttpError(400, 'invalid_state', change.message);
};

/** Identity and membership self-service: /v3/me, /v3/me/business-users, /v3/business-users/me[/…]. */
export function businessIdentityRoutes({ db, config, signIns }: RouteDeps) {
  const app = new Hono<AppEnv>();

  // Token-level identity: no scope needed, any valid credential may ask who it is, while its installation stands.
  app.get('/me', (c) => {
    const membership = selectedMembership(c);
    if (principalOf(c).oauth) {
      const identity = oauthIdentity(db, principalOf(c));
      if (!identity) throw noActiveBusiness();
      return c.json(identity);
    }
    const { user, business } = principalOf(c);
    const body: MeResponse = {
      auth_type: 'api_key',
      user: { id: user.id, email: user.email, name: user.name },
      application: null,
      installations: [{
        business: { id: business.id, name: business.name }, membership_id: membership.id, role: membership.role,
        status: membership.status, selected: true,
      }],
    };
    return c.json(body);
  });

  // User-scoped: every membership of the key's user, whatever business the key selects (so no role check, only the scope).
  app.get('/me/business-users', (c) => {
    requireScope(c, 'business:read');
    return c.json(listMemberships(db, principalOf(c).user.id, parseQuery(c, BusinessUsersQuery)));
  });

  app.get('/business-users/me', (c) => {
    return c.json(businessUser(db, authorize(c, 'business:read').id));
  });

  app.post('/business-users/me/leave', async (c) => {
    const membership = authorize(c, 'business:write');
    const { password } = await parseBody(c, LeaveBody);
    // A stolen API key must not become a password oracle: the checks count with the user's sign-ins.
    const { user } = principalOf(c);
    const [account, client] = [businessUserAccount(user.email), clientIp(c, config.trustProxy)];
    const wait = signIns.waitFor(account, client);
    if (wait) return tooManyAttempts(c, wait);
    if (!(await verifyPassword(password, user.password_hash))) {
      signIns.fail(account, client);
      throw fieldError('password', 'The password is incorrect', 'invalid_credentials');
    }
    signIns.succeed(account, client);
    rejected(leaveBusiness(db, membership));
    return c.body(null, 204);
  });

  app.post('/business-users/me/accept-invitation', async (c) => {
    const membership = authorize(c, 'business:write');
    parseWith(AcceptInvitationBody, await readJson(c)); // any JSON object; an array or a string is a 400
    rejected(acceptInvitation(db, membership));
    return c.json(businessUser(db, membership.id));
  });

  app.post('/business-users/me/deny-invitation', (c) => {
    rejected(denyInvitation(db, authorize(c, 'business:write')));
    return c.body(null, 204);
  });

  return app;
}
