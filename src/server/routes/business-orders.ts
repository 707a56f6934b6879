import { Hono } from 'hono';
import { BusinessOrdersQuery, BusinessOrderUpdate } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { getBusinessOrder, listBusinessOrders, updateBusinessOrder } from '../domain/business-orders.ts';
import { authorize } from '../http/business-roles.ts';
import { notFound } from '../errors.ts';
import { parseBody, parseQuery } from '../http/request-body.ts';

/** GET /v3/orders, GET /v3/orders/{id}, PATCH /v3/orders/{id} of the selected business (`id`: UUIDv7 or legacy number). */
export function businessOrderRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', (c) => {
    return c.json(listBusinessOrders(db, authorize(c, 'orders:read').business_id, parseQuery(c, BusinessOrdersQuery)));
  });

  app.get('/:id', (c) => {
    const order = getBusinessOrder(db, authorize(c, 'orders:read').business_id, c.req.param('id'));
    if (!order) throw notFound('Order not found');
    return c.json(order);
  });

  app.patch('/:id', async (c) => {
    const businessId = authorize(c, 'orders:write').business_id;
    if (!getBusinessOrder(db, businessId, c.req.param('id'))) throw notFound('Order not found'); // 404 before body errors
    const order = updateBusinessOrder(db, businessId, c.req.param('id'), await parseBody(c, BusinessOrderUpdate));
    if (!order) throw notFound('Order not found');
    return c.json(order);
  });

  return app;
}
