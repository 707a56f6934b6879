import { Hono, type Context } from 'hono';
import { OriginBody, OriginQuery, PageKeyCreate } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import { addPageKey, businessPage, changePageDomain, listPageSetups, revokePageKey, rotatePageKey } from '../domain/page-setup.ts';
import { authorize, type BusinessPermission } from '../http/business-roles.ts';
import { fieldError, notFound } from '../errors.ts';
import { parseBody, parseQuery } from '../http/request-body.ts';

function pageFor(db: Db, c: Context, permission: BusinessPermission) {
  const page = businessPage(db, authorize(c, permission).business_id, c.req.param('page_id') ?? '');
  if (!page) throw notFound('Landing page not found');
  return page;
}

/**
 * Landing pages of the selected business (pages:read / pages:write):
 *   GET /v3/landing-pages, GET /v3/landing-pages/{page_id}              keys and domains
 *   POST /v3/landing-pages/{page_id}/keys (201), POST …/keys/{key}/rotate, DELETE …/keys/{key}
 *   POST /v3/landing-pages/{page_id}/domains (201 added, 200 already there), DELETE …/domains?origin=…
 * A page without domains is called from its business's domains; adding the first domain narrows it to that list.
 */
export function businessPageRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', (c) => c.json(listPageSetups(db, authorize(c, 'pages:read').business_id)));
  app.get('/:page_id', (c) => c.json(pageFor(db, c, 'pages:read')));

  app.post('/:page_id/keys', async (c) => {
    const page = pageFor(db, c, 'pages:write');
    const { key } = await parseBody(c, PageKeyCreate);
    const added = addPageKey(db, page.id, key);
    if (!added) throw fieldError('key', 'This key is already in use');
    return c.json({ key: added }, 201);
  });

  app.post('/:page_id/keys/:key/rotate', (c) => {
    const key = rotatePageKey(db, pageFor(db, c, 'pages:write').id, c.req.param('key'));
    if (!key) throw notFound('Page key not found');
    return c.json({ key, replaces: c.req.param('key') });
  });

  app.delete('/:page_id/keys/:key', (c) => {
    if (!revokePageKey(db, pageFor(db, c, 'pages:write').id, c.req.param('key'))) throw notFound('Page key not found');
    return c.body(null, 204);
  });

  app.post('/:page_id/domains', async (c) => {
    const page = pageFor(db, c, 'pages:write');
    const { origin } = await parseBody(c, OriginBody);
    const created = changePageDomain(db, page.id, origin, true);
    return c.json({ origin, created }, created ? 201 : 200);
  });

  app.delete('/:page_id/domains', (c) => {
    const page = pageFor(db, c, 'pages:write');
    if (!changePageDomain(db, page.id, parseQuery(c, OriginQuery).origin, false)) throw notFound('Not a domain of this page');
    return c.body(null, 204);
  });

  return app;
}
