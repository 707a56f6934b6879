import type * as z from 'zod/mini';
import * as C from '../../contract/index.ts';
import type { Credential, RouteDoc } from './route-table.ts';

/** Merchant self-service routes (storefront set-up, landing pages, catalog): business API key or a scoped OAuth token. */
const AUTH: Credential[][] = [['businessKey'], ['businessBearer'], ['oauth']];
const ST = '/v3/stores/{store_id}';

const r = (method: RouteDoc['method'], path: string, summary: string, tag: string, scope: string, ok: [number, z.ZodMiniType | null],
  errors: number[], extra: Partial<RouteDoc> = {}): RouteDoc => ({ method, path, summary, tag, auth: AUTH, ok, errors, scopes: [scope], ...extra });

const READ = [401, 403, 404, 429];
const WRITE = [400, 401, 403, 404, 429];

export const STOREFRONT_SETUP_ROUTES: RouteDoc[] = [
  r('get', '/v3/stores', 'Stores of the business with plan state, storefront keys and allowed origins', 'storefront setup', 'storefront:read', [200, C.StoreSetupList], [401, 403, 429]),
  r('get', ST, 'Store set-up: plan state, storefront keys, allowed origins', 'storefront setup', 'storefront:read', [200, C.StoreSetup], READ),
  r('get', `${ST}/storefront-keys`, 'Storefront keys of the store', 'storefront setup', 'storefront:read', [200, C.StorefrontKeyList], READ),
  r('post', `${ST}/storefront-keys`, 'Create a storefront key (generated unless given)', 'storefront setup', 'storefront:write', [201, C.StorefrontKey], WRITE, { body: C.StorefrontKeyCreate }),
  r('post', `${ST}/storefront-keys/{key}/rotate`, 'Replace a storefront key by a new one (the old one is refused at once)', 'storefront setup', 'storefront:write', [200, C.KeyRotation], READ),
  r('delete', `${ST}/storefront-keys/{key}`, 'Revoke a storefront key', 'storefront setup', 'storefront:write', [204, null], READ),
  r('get', `${ST}/allowed-origins`, 'Allowed browser origins of the store', 'storefront setup', 'storefront:read', [200, C.OriginList], READ),
  r('post', `${ST}/allowed-origins`, 'Allow an exact origin (201 added, 200 already allowed)', 'storefront setup', 'storefront:write', [201, C.AddedOrigin], WRITE, { body: C.OriginBody }),
  r('delete', `${ST}/allowed-origins`, 'Remove an allowed origin (?origin=)', 'storefront setup', 'storefront:write', [204, null], WRITE, { query: C.OriginQuery }),
];

const LP = '/v3/landing-pages/{page_id}';
export const PAGE_SETUP_ROUTES: RouteDoc[] = [
  r('get', '/v3/landing-pages', 'Landing pages of the business with their keys and domains', 'landing pages', 'pages:read', [200, C.LandingPageSetupList], [401, 403, 429]),
  r('get', LP, 'Landing page set-up (id or unique_id)', 'landing pages', 'pages:read', [200, C.LandingPageSetup], READ),
  r('post', `${LP}/keys`, 'Create a page key (generated unless given)', 'landing pages', 'pages:write', [201, C.StorefrontKey], WRITE, { body: C.PageKeyCreate }),
  r('post', `${LP}/keys/{key}/rotate`, 'Replace a page key by a new one (the old one is refused at once)', 'landing pages', 'pages:write', [200, C.KeyRotation], READ),
  r('delete', `${LP}/keys/{key}`, 'Revoke a page key', 'landing pages', 'pages:write', [204, null], READ),
  r('post', `${LP}/domains`, 'Add a page domain (201 added, 200 already there)', 'landing pages', 'pages:write', [201, C.AddedOrigin], WRITE, { body: C.OriginBody }),
  r('delete', `${LP}/domains`, 'Remove a page domain (?origin=)', 'landing pages', 'pages:write', [204, null], WRITE, { query: C.OriginQuery }),
];

export const MERCHANT_ROUTES: RouteDoc[] = [...STOREFRONT_SETUP_ROUTES, ...PAGE_SETUP_ROUTES];
