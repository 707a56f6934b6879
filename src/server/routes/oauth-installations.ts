import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { authorize } from '../http/business-roles.ts';
import { notFound } from '../errors.ts';
import { listInstallations, revokeInstallation } from '../oauth/installations.ts';

/**
 * The merchant's view of the apps connected to the selected business (business API key only):
 *   GET  /v3/oauth/installations              every installation, newest first, active and revoked
 *   POST /v3/oauth/installations/{id}/revoke  disconnect an app (owner or admin); its tokens then answer 403
 */
export function oauthInstallationRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', (c) => {
    return c.json(listInstallations(db, authorize(c, 'apps:read').business_id));
  });

  app.post('/:id/revoke', (c) => {
    const membership = authorize(c, 'apps:manage');
    const id = Number(c.req.param('id'));
    const installation = Number.isSafeInteger(id) && id > 0 ? revokeInstallation(db, membership.business_id, id) : undefined;
    if (!installation) throw notFound('Installation not found');
    return c.json(installation);
  });

  return app;
}
