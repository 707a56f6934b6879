import { Hono } from 'hono';
import { WebhookEndpointCreate } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { requireScope, verifiedMembership } from '../http/business-auth.ts';
import { notFound, parseBody } from '../http/errors.ts';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from '../webhooks/endpoints.ts';

/**
 * Webhook endpoints of the selected business (API key, or OAuth with webhooks:read / webhooks:write):
 *   GET /v3/webhook-endpoints, POST /v3/webhook-endpoints (201, the signing secret shown once), DELETE /v3/webhook-endpoints/{id}
 */
export function webhookEndpointRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', (c) => {
    requireScope(c, 'webhooks:read');
    return c.json(listWebhookEndpoints(db, verifiedMembership(c).business_id));
  });

  app.post('/', async (c) => {
    requireScope(c, 'webhooks:write');
    const businessId = verifiedMembership(c).business_id;
    return c.json(createWebhookEndpoint(db, businessId, await parseBody(c, WebhookEndpointCreate)), 201);
  });

  app.delete('/:id', (c) => {
    requireScope(c, 'webhooks:write');
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || !deleteWebhookEndpoint(db, verifiedMembership(c).business_id, id)) throw notFound('Webhook endpoint not found');
    return c.body(null, 204);
  });

  return app;
}
