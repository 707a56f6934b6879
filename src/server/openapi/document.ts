import * as z from 'zod/mini';
import { ErrorBody, HEADERS, OAUTH_PATHS, OAUTH_SCOPES, OAuthErrorResponse } from '../../contract/index.ts';
import { ROLE_PERMISSIONS, type BusinessPermission } from '../http/business-roles.ts';
import { ROUTES, type Credential, type RouteDoc } from './route-table.ts';

type Json = Record<string, unknown>;

/** JSON Schema 2020-12 (what OpenAPI 3.1 uses) of a contract schema; requests as accepted, responses as sent. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
}

const SECURITY_SCHEMES: Record<Credential, Json> = {
  storeKey: { type: 'apiKey', in: 'header', name: HEADERS.storeKey, description: 'Publishable storefront key: selects the store.' },
  guestToken: { type: 'apiKey', in: 'header', name: HEADERS.guestToken, description: 'Guest cart token (uuid), issued in the response header of the same name.' },
  pageKey: { type: 'apiKey', in: 'header', name: HEADERS.pageKey, description: 'Key of the path page; storefront keys are rejected.' },
  customerBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Customer access token from /public/auth/*.' },
  businessKey: { type: 'apiKey', in: 'header', name: HEADERS.businessKey, description: 'Secret business API key; selects one business installation.' },
  businessBearer: { type: 'http', scheme: 'bearer', description: 'The business API key sent as a bearer token.' },
  oauth: {
    type: 'oauth2',
    description: 'OAuth access token of a business app (bearer), scoped; rate limited per installation.',
    flows: { authorizationCode: { authorizationUrl: OAUTH_PATHS.authorize, tokenUrl: OAUTH_PATHS.token, refreshUrl: OAUTH_PATHS.token, scopes: OAUTH_SCOPES } },
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request', 401: 'Missing or invalid credentials', 403: 'Forbidden (insufficient_scope: the OAuth token lacks the scope)', 404: 'Not found (unknown store/page, bad key, inactive plan)',
  413: 'Body larger than 64 kB (payload_too_large)', 422: 'Idempotency-Key reused with another request', 429: 'Rate limited (plain text, Retry-After)',
};

function parameters(route: RouteDoc): Json[] {
  const params: Json[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (route.query) {
    const schema = jsonSchema(route.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      params.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  if (route.idempotent) {
    params.push({ name: HEADERS.idempotencyKey, in: 'header', required: false, schema: { type: 'string', maxLength: 255 },
      description: 'Replays the first successful answer for the same key and body.' });
  }
  return params;
}

function responses(route: RouteDoc): Json {
  const [status, schema] = route.ok;
  const headers: Json = {
    'X-Ratelimit-Limit': { schema: { type: 'integer' } }, 'X-Ratelimit-Remaining': { schema: { type: 'integer' } },
    'X-Ratelimit-Reset': { schema: { type: 'integer' }, description: 'Seconds until the window resets' },
    ...(route.guestTokenHeader ? { [HEADERS.guestToken]: { schema: { type: 'string', format: 'uuid' } } } : {}),
  };
  const content = route.html ? { 'text/html': { schema: { type: 'string' } } }
    : schema ? { 'application/json': { schema: jsonSchema(schema, 'output') } } : undefined;
  const out: Json = { [status]: { description: status === 204 ? 'No content' : 'Success', headers, ...(content ? { content } : {}) } };
  for (const [other, description] of route.alsoOk ?? []) {
    out[other] = { description, headers, ...(other < 300 && content ? { content } : {}) };
  }
  const errorContent = route.errorBody === 'html' ? { 'text/html': { schema: { type: 'string' } } }
    : { 'application/json': { schema: { $ref: `#/components/schemas/${route.errorBody === 'oauth' ? 'OAuthErrorResponse' : 'ErrorBody'}` } } };
  // Every body is read up to 64 kB (http/request-body.ts); the answer is the usual error body, OAuth routes included.
  if (route.body) out[413] = { description: ERROR_TEXT[413], content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
  const originGated = isOriginGated(route);
  for (const code of errorStatuses(route)) {
    const description = code === 403 && originGated ? ORIGIN_REFUSED : ERROR_TEXT[code] ?? 'Error';
    out[code] = code === 429
      ? { description, content: { 'text/plain': { schema: { type: 'string' } } } }
      : { description, content: errorContent };
  }
  return out;
}

/** Behind the store and page gates a browser from a site that is not an allowed origin may not change state. */
const BROWSER_GATED = /^\/v3\/(?:stores\/\{store_id\}\/(?:public|customers\/me)|pages\/\{page_unique_id\})\//;
const ORIGIN_REFUSED = 'Forbidden: origin_not_allowed (a browser request from a site that is not an allowed origin of the store or page)';
const isOriginGated = (route: RouteDoc) => route.method !== 'get' && BROWSER_GATED.test(route.path);

/** The error statuses a route's entry lists, and 403 for state changes behind the browser gates. */
const errorStatuses = (route: RouteDoc): number[] => [...new Set([...route.errors, ...(isOriginGated(route) ? [403] : [])])];

/**
 * Every status the document lists for a route: success, other non-errors, 413 for a body, the errors. The test
 * helpers compare what the server answers in the test suite with these (test/server/documented-statuses.ts).
 */
export function documentedStatuses(route: RouteDoc): number[] {
  return [route.ok[0], ...(route.alsoOk ?? []).map(([status]) => status), ...(route.body ? [413] : []), ...errorStatuses(route)];
}

/** The routes the document describes: the `/__reference/*` ones only when the server has its dev routes on. */
export const describedRoutes = (devRoutes: boolean): RouteDoc[] =>
  ROUTES.filter((route) => devRoutes || !route.path.startsWith('/__reference/'));

const pascal = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');

/**
 * A stable operationId from method and path, for generated clients (`getStoresPublicItems`, `patchOrdersById`):
 * path parameters count only as the last segment (`ById`), `v3` is left out.
 */
export function operationId(route: Pick<RouteDoc, 'method' | 'path'>): string {
  const segments = route.path.split('/').filter((s) => s && s !== 'v3');
  const words = segments.map((s, i) => (s.startsWith('{') ? (i === segments.length - 1 ? `By ${s.slice(1, -1)}` : '') : s));
  return route.method + pascal(words.join(' '));
}

/** Who may call a business route: the roles of the permission its OAuth scope names (http/business-roles.ts). */
function rolesNote(route: RouteDoc): string | undefined {
  const permission = (route.permission ?? route.scopes?.[0]) as BusinessPermission | undefined;
  const roles = permission && ROLE_PERMISSIONS[permission];
  if (!roles) return undefined;
  return `Roles: ${roles.join(', ')}. ${route.permission ? 'Business API key only.' : `OAuth scope: ${permission}.`}`;
}

/**
 * The OpenAPI 3.1 document of every route, generated from the contract schemas. `serverUrl` (the public URL of
 * this server) is its `servers` entry, so tools that import the document call this server. The `/__reference/*`
 * routes are described only when `devRoutes` is on, as they are served only then.
 */
export function openApiDocument(serverUrl = 'http://localhost:8787', options: { devRoutes?: boolean } = {}): Json {
  const paths: Record<string, Json> = {};
  const ids = new Set<string>();
  for (const route of describedRoutes(options.devRoutes ?? false)) {
    const id = operationId(route);
    if (ids.has(id)) throw new Error(`Two routes share the operationId ${id}`);
    ids.add(id);
    const note = rolesNote(route);
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      operationId: id,
      summary: route.summary,
      ...(note ? { description: note } : {}),
      tags: [route.tag],
      security: route.auth.map((alternative) => Object.fromEntries(alternative.map((name) => [name, name === 'oauth' ? route.scopes ?? [] : []]))),
      parameters: parameters(route),
      ...(route.body ? { requestBody: { required: true, content: { [route.form ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: jsonSchema(route.body, 'input') } } } } : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Commerce Service v3 — reference server', version: '3.0.0', license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: serverUrl, description: 'This reference server' }],
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { ErrorBody: jsonSchema(ErrorBody, 'output'), OAuthErrorResponse: jsonSchema(OAuthErrorResponse, 'output') },
    },
  };
}
