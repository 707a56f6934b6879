import { Hono } from 'hono';
import { AcceptInvitationBody, BusinessUsersQuery, LeaveBody, type MeResponse } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import {
  acceptInvitation, businessUser, denyInvitation, leaveBusiness, listMemberships, type MembershipChange,
} from '../domain/business-users.ts';
import { verifyPassword } from '../domain/passwords.ts';
import { principalOf, selectedMembership } from '../http/business-auth.ts';
import { fieldError, HttpError, parseBody, parseQuery, parseWith, readJson } from '../http/errors.ts';

const rejected = (change: MembershipChange) => {
  if (!change.ok) throw new HttpError(400, 'invalid_state', change.message);
};

/** Identity and membership self-service: /v3/me, /v3/me/business-users, /v3/business-users/me[/…]. */
export function businessIdentityRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/me', (c) => {
    const membership = selectedMembership(c);
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

  // User-scoped: every membership of the key's user, whatever business the key selects.
  app.get('/me/business-users', (c) => c.json(listMemberships(db, principalOf(c).user.id, parseQuery(c, BusinessUsersQuery))));

  app.get('/business-users/me', (c) => c.json(businessUser(db, selectedMembership(c).id)));

  app.post('/business-users/me/leave', async (c) => {
    const membership = selectedMembership(c);
    const { password } = await parseBody(c, LeaveBody);
    if (!(await verifyPassword(password, principalOf(c).user.password_hash))) {
      throw fieldError('password', 'The password is incorrect', 'invalid_credentials');
    }
    rejected(leaveBusiness(db, membership));
    return c.body(null, 204);
  });

  app.post('/business-users/me/accept-invitation', async (c) => {
    const membership = selectedMembership(c);
    parseWith(AcceptInvitationBody, await readJson(c)); // any JSON object; an array or a string is a 400
    rejected(acceptInvitation(db, membership));
    return c.json(businessUser(db, membership.id));
  });

  app.post('/business-users/me/deny-invitation', (c) => {
    rejected(denyInvitation(db, selectedMembership(c)));
    return c.body(null, 204);
  });

  return app;
}
