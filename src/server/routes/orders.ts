import { Hono } from 'hono';
import { PublicOrderUpdate } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { requireOrder, updatePublicOrder } from '../domain/orders.ts';
import { createOrderPayment, publicOrder } from '../domain/public-order.ts';
import { badRequest, issuesToFields } from '../errors.ts';
import { readJson } from '../http/request-body.ts';
import { publicBaseUrl } from '../http/public-url.ts';

/** Base of `public_order_url` and `payment_url` (http/public-url.ts): configured, never from the Host header. */
export { publicBaseUrl };

/**
 * The update body is strict: a field buyers may not edit (status, totals, items…) is named in the error, not
 * silently dropped, so a client learns at once that its change did not happen.
 */
function parseUpdate(input: unknown): PublicOrderUpdate {
  const result = PublicOrderUpdate.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path.map(String), key].join('.')] ??= 'This field cannot be changed';
    } else {
      for (const [field, message] of Object.entries(issuesToFields([issue]))) fields[field] ??= message;
    }
  }
  const [field, message] = Object.entries(fields)[0] ?? ['body', 'Invalid request'];
  throw badRequest(`Invalid ${field}: ${message}`, fields);
}

/** Public order routes under /v3/stores/{store_id}/public/orders, addressed by the order's secret slug. */
export function orderRoutes({ db, config }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/:secret_slug', (c) => c.json(publicOrder(db, c.var.store, c.req.param('secret_slug'), publicBaseUrl(config, c))));

  app.patch('/:secret_slug', async (c) => {
    const slug = c.req.param('secret_slug');
    requireOrder(db, slug, c.var.store.id); // an unknown order is a 404 before the body is looked at
    updatePublicOrder(db, c.var.store.id, slug, parseUpdate(await readJson(c)));
    return c.json(publicOrder(db, c.var.store, slug, publicBaseUrl(config, c)));
  });

  app.post('/:secret_slug/payment', (c) => c.json(createOrderPayment(db, c.var.store, c.req.param('secret_slug'), {
    baseUrl: publicBaseUrl(config, c), expirySeconds: config.paymentExpirySeconds,
  })));

  return app;
}
