import { Hono } from 'hono';
import { WebhookEndpointCreate } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { authorize } from '../http/business-roles.ts';
import { notFound } from '../errors.ts';
import { parseBody } from '../http/request-body.ts';
import { checkEndpointHost, createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from '../webhooks/endpoints.ts';

/**
 * Webhook endpoints of the selected business (roles and OAuth scopes webhooks:read / webhooks:write, http/business-roles.ts):
 *   GET /v3/webhook-endpoints, POST /v3/webhook-endpoints (201, the signing secret shown once), DELETE /v3/webhook-endpoints/{id}
 */
export function webhookEndpointRoutes({ db, config }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', (c) => {
    return c.json(listWebhookEndpoints(db, authorize(c, 'webhooks:read').business_id));
  });

  app.post('/', async (c) => {
    const businessId = authorize(c, 'webhooks:write').business_id;
    const input = await parseBody(c, WebhookEndpointCreate);
    const policy = { allowLoopback: config.webhooks.allowLoopback };
    await checkEndpointHost(input.url, policy);
    return c.json(createWebhookEndpoint(db, businessId, input, policy), 201);
  });

  app.delete('/:id', (c) => {
    const businessId = authorize(c, 'webhooks:write').business_id;
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || !deleteWebhookEndpoint(db, businessId, id)) throw notFound('Webhook endpoint not found');
    return c.body(null, 204);
  });

  return app;
}
