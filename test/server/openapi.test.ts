import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describedRoutes, documentedStatuses } from '../../src/server/openapi/document.ts';
import { accountServer } from './account-helpers.ts';

/** Every (method, path) the app's router serves, in OpenAPI path syntax; middleware (ALL) and preflights aside. */
function servedRoutes(app: ReturnType<typeof accountServer>['app']): string[] {
  const served = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.method === 'OPTIONS') continue;
    served.add(`${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return [...served];
}

describe('GET /v3/openapi.json', () => {
  it('is an OpenAPI 3.1 document that covers every route the server implements', async () => {
    const s = accountServer();
    const res = await s.request('GET', '/v3/openapi.json');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const doc = res.json;
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '3.0.0');
    const routes = servedRoutes(s.app);
    assert.ok(routes.length > 60);
    const missing = routes.filter((r) => {
      const [method, path] = r.split(' ');
      return !doc.paths[path!]?.[method!];
    });
    assert.deepEqual(missing, []);
    // and documents nothing the server does not serve
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`));
    assert.deepEqual(documented.filter((d) => !routes.includes(d)), []);
  });

  it('lists for each route the statuses the test helpers check answers against (documented-statuses.ts)', async () => {
    const doc = (await accountServer().request('GET', '/v3/openapi.json')).json;
    for (const route of describedRoutes(true)) {
      const listed = Object.keys(doc.paths[route.path][route.method].responses).sort();
      assert.deepEqual(listed, [...new Set(documentedStatuses(route).map(String))].sort(), `${route.method} ${route.path}`);
    }
  });

  it('describes the /__reference dev routes only when they are on, as the router serves them', async () => {
    const off = accountServer({ devRoutes: false });
    const doc = (await off.request('GET', '/v3/openapi.json')).json;
    assert.deepEqual(Object.keys(doc.paths).filter((path) => path.startsWith('/__reference')), []);
    assert.deepEqual(servedRoutes(off.app).filter((route) => route.includes('/__reference')), []);
    const on = (await accountServer({ devRoutes: true }).request('GET', '/v3/openapi.json')).json;
    assert.ok(on.paths['/__reference/mailbox'].get);
  });

  it('describes bodies, queries, responses and credentials from the contract schemas', async () => {
    const doc = (await accountServer().request('GET', '/v3/openapi.json')).json;
    const login = doc.paths['/v3/stores/{store_id}/public/auth/login'].post;
    assert.deepEqual(login.requestBody.content['application/json'].schema.required.sort(), ['email', 'password']);
    assert.ok(JSON.stringify(login.responses['200']).includes('refresh_expires_in'));
    assert.deepEqual(login.security, [{ storeKey: [] }]);
    const orders = doc.paths['/v3/orders'].get;
    assert.ok(orders.parameters.some((p: any) => p.name === 'search_field' && p.in === 'query' && p.schema.enum.includes('order_id')));
    assert.deepEqual(orders.security, [{ businessKey: [] }, { businessBearer: [] }, { oauth: ['orders:read'] }]);
    const customerOrder = doc.paths['/v3/stores/{store_id}/customers/me/orders/{order_id}'].get.responses['200'].content['application/json'].schema;
    assert.equal(customerOrder.additionalProperties, false);
    assert.ok(!('platform_fee' in customerOrder.properties));
    assert.ok('final_variants' in customerOrder.properties);
    const pageOrder = doc.paths['/v3/pages/{page_unique_id}/orders'].post;
    assert.ok(pageOrder.parameters.some((p: any) => p.name === 'Idempotency-Key' && p.in === 'header'));
    assert.deepEqual(Object.keys(pageOrder.responses).sort(), ['201', '400', '403', '404', '413', '422', '429']);
    assert.match(pageOrder.responses['403'].description, /origin_not_allowed/);
    // the consent page answers 200 again after a sign-in (the approval step) or a wrong password
    assert.deepEqual(Object.keys(doc.paths['/v3/oauth/authorize'].post.responses).sort(), ['200', '303', '400', '403', '413', '429']);
    assert.ok(doc.paths['/v3/oauth/authorize'].get.responses['302']);
    assert.equal(doc.components.securitySchemes.pageKey.name, 'X-Service-Page-Api-Key');
    assert.equal(doc.components.securitySchemes.businessKey.name, 'X-Service-Api-Key');
    assert.ok(doc.paths['/v3/pages/{page_unique_id}/analytics/meta/events'].post.responses['204']);
  });
});
