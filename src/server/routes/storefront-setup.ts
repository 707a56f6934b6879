import { Hono, type Context } from 'hono';
import { OriginBody, OriginQuery, StorefrontKeyCreate, StoreSettingsUpdate } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import {
  addStoreOrigin, addStorefrontKey, businessStore, listStoreSetups, originsOf, removeStoreOrigin, revokeStorefrontKey,
  rotateStorefrontKey, setOrderStatusUrl, storeSetup,
} from '../domain/storefront-setup.ts';
import type { StoreRow } from '../domain/stores.ts';
import { authorize, type BusinessPermission } from '../http/business-roles.ts';
import { fieldError, notFound } from '../errors.ts';
import { parseBody, parseQuery } from '../http/request-body.ts';

/** The path's store, which must belong to the credential's business (checked after the role: 403 before 404). */
export function storeFor(db: Db, c: Context, permission: BusinessPermission): StoreRow {
  const businessId = authorize(c, permission).business_id;
  const store = businessStore(db, businessId, c.req.param('store_id') ?? '');
  if (!store) throw notFound('Store not found');
  return store;
}

/**
 * Storefront set-up of the selected business (storefront:read / storefront:write), on every plan:
 *   GET /v3/stores, GET /v3/stores/{store_id}                     stores with plan state, keys, allowed origins, settings
 *   PATCH /v3/stores/{store_id}                                   settings: order_status_url
 *   GET|POST /v3/stores/{store_id}/storefront-keys                list, create (201)
 *   POST /v3/stores/{store_id}/storefront-keys/{key}/rotate       replace by a new key at once
 *   DELETE /v3/stores/{store_id}/storefront-keys/{key}            revoke
 *   GET|POST /v3/stores/{store_id}/allowed-origins                list, add (201 new, 200 already there)
 *   DELETE /v3/stores/{store_id}/allowed-origins?origin=…         remove
 */
export function storefrontSetupRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', (c) => c.json(listStoreSetups(db, authorize(c, 'storefront:read').business_id)));
  app.get('/:store_id', (c) => c.json(storeSetup(db, storeFor(db, c, 'storefront:read'))));

  app.patch('/:store_id', async (c) => {
    const store = storeFor(db, c, 'storefront:write');
    const update = await parseBody(c, StoreSettingsUpdate);
    if (update.order_status_url !== undefined) setOrderStatusUrl(db, store.id, update.order_status_url);
    return c.json(storeSetup(db, storeFor(db, c, 'storefront:read')));
  });

  app.get('/:store_id/storefront-keys', (c) => c.json(storeSetup(db, storeFor(db, c, 'storefront:read')).storefront_keys));

  app.post('/:store_id/storefront-keys', async (c) => {
    const store = storeFor(db, c, 'storefront:write');
    const { key } = await parseBody(c, StorefrontKeyCreate);
    const added = addStorefrontKey(db, store.id, key);
    if (!added.ok) throw fieldError('key', 'This key is already in use');
    return c.json({ key: added.key }, 201);
  });

  app.post('/:store_id/storefront-keys/:key/rotate', (c) => {
    const store = storeFor(db, c, 'storefront:write');
    const key = rotateStorefrontKey(db, store.id, c.req.param('key'));
    if (!key) throw notFound('Storefront key not found');
    return c.json({ key, replaces: c.req.param('key') });
  });

  app.delete('/:store_id/storefront-keys/:key', (c) => {
    if (!revokeStorefrontKey(db, storeFor(db, c, 'storefront:write').id, c.req.param('key'))) throw notFound('Storefront key not found');
    return c.body(null, 204);
  });

  app.get('/:store_id/allowed-origins', (c) => c.json(originsOf(db, storeFor(db, c, 'storefront:read').id)));

  app.post('/:store_id/allowed-origins', async (c) => {
    const store = storeFor(db, c, 'storefront:write');
    const { origin } = await parseBody(c, OriginBody);
    const created = addStoreOrigin(db, store.id, origin);
    return c.json({ origin, created }, created ? 201 : 200);
  });

  app.delete('/:store_id/allowed-origins', (c) => {
    const store = storeFor(db, c, 'storefront:write');
    const { origin } = parseQuery(c, OriginQuery);
    if (!removeStoreOrigin(db, store.id, origin)) throw notFound('Origin not allowed for this store');
    return c.body(null, 204);
  });

  return app;
}
