import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { CustomerOrdersQuery, IdInput, PageQuery, ProgressUpdateBody, SubscriptionsQuery } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { getContent, getCourseAccess, listCourses, listSections, updateProgress } from '../domain/courses.ts';
import { findCustomerOrder, listCustomerOrders, toCustomerOrder } from '../domain/customer-orders.ts';
import { findSubscription, listSubscriptions } from '../domain/subscriptions.ts';
import { customerOf } from '../http/customer-auth.ts';
import { notFound } from '../errors.ts';
import { parseBody, parseQuery } from '../http/request-body.ts';
import { publicBaseUrl } from './orders.ts';

/** A numeric path id; anything else cannot name a record, so it is a 404 like an unknown id. */
function pathId(c: Context, name: string, what: string): number {
  const parsed = z.object({ id: IdInput }).safeParse({ id: c.req.param(name) ?? '' });
  if (!parsed.success) throw notFound(`${what} not found`);
  return parsed.data.id;
}

/**
 * Orders, subscriptions and courses of the signed-in customer, under /v3/stores/{store_id}/customers/me:
 *   GET orders, GET orders/{order_id} (UUIDv7 or legacy numeric id)
 *   GET subscriptions, GET subscriptions/{subscription_id}
 *   GET courses, GET courses/{course_id}, GET courses/{course_id}/sections,
 *   GET courses/{course_id}/contents/{content_id}, PATCH courses/{course_id}/contents/{content_id}/progress
 */
export function customerAccountRoutes({ db, config }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/orders', (c) => {
    const q = parseQuery(c, CustomerOrdersQuery);
    return c.json(listCustomerOrders(db, c.var.store, customerOf(c).id, q, publicBaseUrl(config, c)));
  });
  app.get('/orders/:order_id', (c) => {
    const order = findCustomerOrder(db, c.var.store, customerOf(c).id, c.req.param('order_id'));
    if (!order) throw notFound('Order not found');
    return c.json(toCustomerOrder(db, c.var.store, order, publicBaseUrl(config, c)));
  });

  app.get('/subscriptions', (c) => c.json(listSubscriptions(db, customerOf(c).id, parseQuery(c, SubscriptionsQuery))));
  app.get('/subscriptions/:subscription_id', (c) => {
    const subscription = findSubscription(db, customerOf(c).id, pathId(c, 'subscription_id', 'Subscription'));
    if (!subscription) throw notFound('Subscription not found');
    return c.json(subscription);
  });

  app.get('/courses', (c) => c.json(listCourses(db, c.var.store.id, customerOf(c).id, parseQuery(c, PageQuery))));
  app.get('/courses/:course_id', (c) =>
    c.json(getCourseAccess(db, c.var.store.id, customerOf(c).id, pathId(c, 'course_id', 'Course'))));
  app.get('/courses/:course_id/sections', (c) =>
    c.json(listSections(db, c.var.store.id, customerOf(c).id, pathId(c, 'course_id', 'Course'))));
  app.get('/courses/:course_id/contents/:content_id', (c) =>
    c.json(getContent(db, c.var.store.id, customerOf(c).id, pathId(c, 'course_id', 'Course'), pathId(c, 'content_id', 'Content'))));
  app.patch('/courses/:course_id/contents/:content_id/progress', async (c) => {
    const courseId = pathId(c, 'course_id', 'Course');
    const contentId = pathId(c, 'content_id', 'Content');
    const body = await parseBody(c, ProgressUpdateBody);
    return c.json(updateProgress(db, c.var.store.id, customerOf(c).id, courseId, contentId, body));
  });

  return app;
}
