import fc from 'fast-check';
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ErrorBody, OAuthErrorResponse } from '../../src/contract/index.ts';
import { ROUTES, type RouteDoc } from '../../src/server/openapi/route-table.ts';
import { accountServer, BUYER, DEMO, PAGE } from './account-helpers.ts';

/**
 * Property-based fuzzing of every body, query and path parameter of every route the server documents:
 * whatever arrives, the answer is never a 5xx, and every 4xx but 429 is the one JSON error shape.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const server = accountServer({
  browserRateLimit: { limit: 1e9, windowSeconds: 60 },
  businessRateLimit: { limit: 1e9, windowSeconds: 60 },
  signInThrottle: { freeFailures: 1e9, accountBudget: 1e9 },
});
let bearer = '';
before(async () => {
  bearer = (await server.login(BUYER.email, BUYER.password)).access;
});

/** Field names the contract uses, so random objects often hit real fields with wrong values. */
const FIELD_NAMES = ['items', 'type', 'variant_id', 'bundle_price_option_id', 'quantity', 'destination', 'location_id', 'postal_code',
  'address', 'courier', 'courier_service', 'warehouse_id', 'payment_method', 'sub_payment_method', 'discount_code', 'customer',
  'name', 'phone', 'email', 'notes', 'code', 'shipping_option', 'event_name', 'event_id', 'event_time', 'user_data', 'custom_data',
  'kind', 'password', 'otp', 'refresh', 'tokens', 'token', 'status', 'tracking_number', 'current_password', 'new_password',
  'completed', 'clear_cart', 'shipping_cost', '__proto__', 'constructor'];
const QUERY_NAMES = ['page_size', 'next_cursor', 'previous_cursor', 'search', 'category', 'province_id', 'city_id', 'variant_ids',
  'search_field', 'business_name', 'status', 'payment_status', 'to', 'provider'];

const scalar = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(101, 1, 0, -1, 1e308, '101', 'variant'));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string()), tie('node'), { maxKeys: 6 }),
})).node;
const body = fc.oneof(
  value.map((v) => JSON.stringify(v)),
  fc.string(), // not JSON at all
  fc.constantFrom('', '{', '[]', 'null', '{"items":[{"type":"variant","variant_id":101,"quantity":1e400}]}', '\u0000'),
);
const query = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 5 })), fc.string({ maxLength: 40 }), { maxKeys: 4 });
const pathParam = fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.integer().map(String), fc.constantFrom('1', '101', '1001', 'kaos-polos', 'demo-store'));

function credentials(route: RouteDoc): Record<string, string> {
  const needs = new Set(route.auth[0] ?? []);
  const headers: Record<string, string> = {};
  if (needs.has('storeKey')) headers['X-Service-Storefront-Api-Key'] = DEMO.key;
  if (needs.has('pageKey')) headers['X-Service-Page-Api-Key'] = PAGE.key;
  if (needs.has('customerBearer')) headers.Authorization = `Bearer ${bearer}`;
  if (needs.has('businessKey') || needs.has('businessBearer')) headers['X-Service-Api-Key'] = 'bk_demo';
  return headers;
}

function concretePath(route: RouteDoc, params: string[]): string {
  let i = 0;
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'store_id') return DEMO.storeId;
    if (name === 'page_unique_id') return PAGE.id;
    return encodeURIComponent(params[i++] ?? 'x');
  });
}

describe('fuzzing every documented route', () => {
  for (const route of ROUTES) {
    test(`${route.method.toUpperCase()} ${route.path}`, async () => {
      const sendsBody = route.method === 'post' || route.method === 'patch';
      await fc.assert(
        fc.asyncProperty(fc.array(pathParam, { minLength: 3, maxLength: 3 }), query, sendsBody ? body : fc.constant(undefined), fc.boolean(),
          async (params, q, payload, asText) => {
            const search = new URLSearchParams(q).toString();
            const headers = { ...credentials(route), 'Content-Type': asText ? 'text/plain' : 'application/json' };
            const res = await server.app.request(`${concretePath(route, params)}${search ? `?${search}` : ''}`,
              { method: route.method.toUpperCase(), headers, body: payload });
            const text = await res.text();
            assert.ok(res.status < 500, `${res.status} for ${route.method} ${concretePath(route, params)}?${search} ${payload}: ${text}`);
            if (res.status >= 400 && res.status !== 429) {
              // The OAuth endpoints document their own error shapes: RFC 6749 JSON, or the consent page's HTML.
              if (route.errorBody === 'html') return assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
              if (route.errorBody === 'oauth') return assert.ok(OAuthErrorResponse.safeParse(JSON.parse(text)).success, `OAuth error shape: ${text}`);
              const parsed = ErrorBody.safeParse(JSON.parse(text));
              assert.ok(parsed.success, `error shape of ${res.status}: ${text}`);
              if (res.status === 400) assert.ok(parsed.data.error.message.length > 0);
            }
          }),
        { numRuns: RUNS },
      );
    });
  }
});
