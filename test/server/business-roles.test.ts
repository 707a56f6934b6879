import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sha256 } from '../../src/server/domain/passwords.ts';
import { ROUTES } from '../../src/server/openapi/route-table.ts';
import { accountServer } from './account-helpers.ts';
import { authorizeParams, bearer, businessChoices, connectPublicApp, hiddenFields, openConsent, PASSWORD, pkce, postForm, PUBLIC_APP } from './oauth-helpers.ts';

/** One API key of business 1 per role: the seed's owner, staff and pending (invited) member, and an admin added here. */
const KEYS = { owner: 'bk_demo', admin: 'bk_admin', staff: 'bk_staff', pending: 'bk_member' } as const;
type Role = keyof typeof KEYS;
const ALL: Role[] = ['owner', 'admin', 'staff', 'pending'];
const MEMBERS: Role[] = ['owner', 'admin', 'staff'];
const MANAGERS: Role[] = ['owner', 'admin'];

function rolesServer() {
  const s = accountServer();
  s.db.prepare("INSERT INTO business_users (id, email, name, password_hash) VALUES (10, 'admin@example.com', 'Ade Admin', '!')").run();
  s.db.prepare("INSERT INTO business_memberships (business_id, user_id, role, status, invited_at, verified_at) VALUES (1, 10, 'admin', 'verified', '2026-01-01', '2026-01-01')").run();
  s.db.prepare("INSERT INTO business_api_keys (key_hash, user_id, business_id, created_at) VALUES (?, 10, 1, '2026-01-01')").run(sha256(KEYS.admin));
  return s;
}

/**
 * The expected role model, written out independently of the server's table: which roles may call each business
 * route. Each probe is a request that changes nothing when allowed (a bad body, an unknown id, an already accepted
 * invitation), so one server serves every role; an allowed role gets anything but 403, a refused one 403.
 */
type Probe = { roles: Role[]; path: string; body?: unknown };
const INVALID = 'not json';
const PROBES: Record<string, Probe> = {
  'get /v3/me': { roles: ALL, path: '/v3/me' },
  'get /v3/me/business-users': { roles: ALL, path: '/v3/me/business-users' },
  'get /v3/business-users/me': { roles: ALL, path: '/v3/business-users/me' },
  'post /v3/business-users/me/leave': { roles: ALL, path: '/v3/business-users/me/leave', body: INVALID },
  'post /v3/business-users/me/accept-invitation': { roles: ALL, path: '/v3/business-users/me/accept-invitation', body: INVALID },
  'post /v3/business-users/me/deny-invitation': { roles: MEMBERS, path: '/v3/business-users/me/deny-invitation' }, // pending: see below
  'get /v3/orders': { roles: MEMBERS, path: '/v3/orders' },
  'get /v3/orders/{id}': { roles: MEMBERS, path: '/v3/orders/1001' },
  'patch /v3/orders/{id}': { roles: MEMBERS, path: '/v3/orders/1001', body: { status: 'nope' } },
  'get /v3/webhook-endpoints': { roles: MEMBERS, path: '/v3/webhook-endpoints' },
  'post /v3/webhook-endpoints': { roles: MANAGERS, path: '/v3/webhook-endpoints', body: { url: 'ftp://nope' } },
  'delete /v3/webhook-endpoints/{id}': { roles: MANAGERS, path: '/v3/webhook-endpoints/999' },
  'get /v3/oauth/installations': { roles: MEMBERS, path: '/v3/oauth/installations' },
  'post /v3/oauth/installations/{id}/revoke': { roles: MANAGERS, path: '/v3/oauth/installations/999/revoke' },
  'get /v3/stores': { roles: MEMBERS, path: '/v3/stores' },
  'get /v3/stores/{store_id}': { roles: MEMBERS, path: '/v3/stores/demo-store' },
  'patch /v3/stores/{store_id}': { roles: MANAGERS, path: '/v3/stores/demo-store', body: INVALID },
  'get /v3/stores/{store_id}/storefront-keys': { roles: MEMBERS, path: '/v3/stores/demo-store/storefront-keys' },
  'post /v3/stores/{store_id}/storefront-keys': { roles: MANAGERS, path: '/v3/stores/demo-store/storefront-keys', body: INVALID },
  'post /v3/stores/{store_id}/storefront-keys/{key}/rotate': { roles: MANAGERS, path: '/v3/stores/demo-store/storefront-keys/sfk_unknown/rotate' },
  'delete /v3/stores/{store_id}/storefront-keys/{key}': { roles: MANAGERS, path: '/v3/stores/demo-store/storefront-keys/sfk_unknown' },
  'get /v3/stores/{store_id}/allowed-origins': { roles: MEMBERS, path: '/v3/stores/demo-store/allowed-origins' },
  'post /v3/stores/{store_id}/allowed-origins': { roles: MANAGERS, path: '/v3/stores/demo-store/allowed-origins', body: INVALID },
  'delete /v3/stores/{store_id}/allowed-origins': { roles: MANAGERS, path: '/v3/stores/demo-store/allowed-origins?origin=https://unknown.example' },
  'get /v3/landing-pages': { roles: MEMBERS, path: '/v3/landing-pages' },
  'get /v3/landing-pages/{page_id}': { roles: MEMBERS, path: '/v3/landing-pages/demo-page' },
  'post /v3/landing-pages/{page_id}/keys': { roles: MANAGERS, path: '/v3/landing-pages/demo-page/keys', body: INVALID },
  'post /v3/landing-pages/{page_id}/keys/{key}/rotate': { roles: MANAGERS, path: '/v3/landing-pages/demo-page/keys/pgk_unknown/rotate' },
  'delete /v3/landing-pages/{page_id}/keys/{key}': { roles: MANAGERS, path: '/v3/landing-pages/demo-page/keys/pgk_unknown' },
  'post /v3/landing-pages/{page_id}/domains': { roles: MANAGERS, path: '/v3/landing-pages/demo-page/domains', body: INVALID },
  'delete /v3/landing-pages/{page_id}/domains': { roles: MANAGERS, path: '/v3/landing-pages/demo-page/domains?origin=https://unknown.example' },
  ...catalogProbes(),
};

/** Catalog: staff keep the shop running, so every member reads and writes it; pending members do neither. */
function catalogProbes(): Record<string, Probe> {
  const ST = '/v3/stores/{store_id}';
  const at = (path: string) => `/v3/stores/demo-store${path}`;
  const probes: [string, string, unknown?][] = [
    ['get /categories', at('/categories')], ['post /categories', at('/categories'), INVALID],
    ['patch /categories/{category_id}', at('/categories/999'), INVALID], ['delete /categories/{category_id}', at('/categories/999')],
    ['get /products', at('/products')], ['post /products', at('/products'), INVALID], ['get /products/{product_id}', at('/products/1')],
    ['patch /products/{product_id}', at('/products/1'), INVALID], ['post /products/{product_id}/variants', at('/products/1/variants'), INVALID],
    ['get /variants/{variant_id}', at('/variants/101')], ['patch /variants/{variant_id}', at('/variants/101'), INVALID],
    ['get /variants/{variant_id}/stock-adjustments', at('/variants/101/stock-adjustments')],
    ['post /variants/{variant_id}/stock-adjustments', at('/variants/101/stock-adjustments'), INVALID],
    ['get /bundles', at('/bundles')], ['post /bundles', at('/bundles'), INVALID], ['get /bundles/{bundle_id}', at('/bundles/1')],
    ['patch /bundles/{bundle_id}', at('/bundles/1'), INVALID], ['post /bundles/{bundle_id}/price-options', at('/bundles/1/price-options'), INVALID],
    ['patch /bundle-price-options/{option_id}', at('/bundle-price-options/1'), INVALID],
  ];
  return Object.fromEntries(probes.map(([route, path, body]) => {
    const [method, rest] = route.split(' ');
    return [`${method} ${ST}${rest}`, { roles: MEMBERS, path, ...(body === undefined ? {} : { body }) }];
  }));
}

const businessRoutes = () => ROUTES.filter((r) => r.auth.some((alt) => alt.includes('businessKey'))).map((r) => `${r.method} ${r.path}`);

describe('one role model for business users (owner, admin, staff, pending)', () => {
  it('the probes cover every business route of the route table', () => {
    assert.deepEqual(businessRoutes().filter((r) => !PROBES[r]).sort(), []);
  });

  it('every business route answers each role as the role model says', async () => {
    const s = rolesServer();
    const wrong: string[] = [];
    for (const [route, probe] of Object.entries(PROBES)) {
      const method = route.split(' ')[0]!.toUpperCase();
      for (const role of ALL) {
        // Denying an invitation is the pending member's own step; probing it would remove the membership.
        if (route.endsWith('deny-invitation') && role === 'pending') continue;
        const res = await s.business(method, probe.path, KEYS[role], probe.body === undefined ? {} : { body: probe.body });
        const allowed = probe.roles.includes(role);
        if (allowed === (res.status === 403)) wrong.push(`${role} ${route}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('every scoped business route refuses a token without its scope, naming the scope the OpenAPI document lists', async () => {
    const s = rolesServer();
    const ordersOnly = (await connectPublicApp(s, 'orders:read')).access_token;
    const businessOnly = (await connectPublicApp(s, 'business:read')).access_token;
    const wrong: string[] = [];
    const scoped = ROUTES.filter((r) => r.auth.some((alt) => alt.includes('oauth')) && r.scopes?.length);
    assert.ok(scoped.length > 40);
    for (const route of scoped) {
      const probe = PROBES[`${route.method} ${route.path}`]!;
      const scope = route.scopes![0]!;
      const token = scope === 'orders:read' ? businessOnly : ordersOnly;
      const res = await bearer(s, route.method.toUpperCase(), probe.path, token, probe.body);
      const challenge = res.headers.get('www-authenticate') ?? '';
      if (res.json?.error?.code !== 'insufficient_scope' || !challenge.includes(`scope="${scope}"`)) wrong.push(`${route.method} ${route.path}: ${res.status} ${challenge}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('a refused role gets a 403 naming the roles that may', async () => {
    const s = rolesServer();
    const res = await s.business('POST', '/v3/webhook-endpoints', KEYS.staff, { body: { url: 'https://hooks.example/x' } });
    assert.equal(res.status, 403);
    assert.equal(res.json.error.code, 'forbidden');
    assert.match(res.json.error.message, /owner or admin/);
    assert.equal((await s.business('GET', '/v3/webhook-endpoints', KEYS.owner)).json.length, 0, 'nothing was created');
    const pending = await s.business('GET', '/v3/orders', KEYS.pending);
    assert.match(pending.json.error.message, /Accept the invitation/);
    assert.equal((await s.business('POST', '/v3/business-users/me/deny-invitation', KEYS.pending)).status, 204);
  });

  it('staff cannot connect an app with scopes beyond the staff role; owners can', async () => {
    const s = rolesServer();
    const { challenge } = pkce();
    const page = await openConsent(s, authorizeParams(PUBLIC_APP, 'orders:read webhooks:write', challenge));
    const signedIn = await postForm(s, '/v3/oauth/authorize',
      { ...page.fields, decision: 'sign_in', email: 'staff@example.com', password: PASSWORD }, { Cookie: page.cookie });
    const decided = await postForm(s, '/v3/oauth/authorize',
      { ...hiddenFields(signedIn.text), decision: 'approve', business_id: String(businessChoices(signedIn.text)[0]) }, { Cookie: page.cookie });
    assert.equal(decided.status, 403);
    assert.match(decided.text, /webhooks:write/);
    assert.equal(s.db.prepare('SELECT count(*) FROM oauth_installations').pluck().get(), 0);

    const staffReader = await connectPublicApp(s, 'orders:read', { email: 'staff@example.com' });
    assert.equal((await bearer(s, 'GET', '/v3/orders', staffReader.access_token)).status, 200);
    const owner = await connectPublicApp(s, 'orders:read webhooks:write');
    assert.equal((await bearer(s, 'POST', '/v3/webhook-endpoints', owner.access_token, { url: 'ftp://nope' })).status, 400);
  });

  it('an app acts with the role its user has now: a demoted owner\'s token loses the manager routes', async () => {
    const s = rolesServer();
    const owner = await connectPublicApp(s, 'webhooks:write webhooks:read');
    s.db.prepare("UPDATE business_memberships SET role = 'staff' WHERE id = 1").run();
    assert.equal((await bearer(s, 'POST', '/v3/webhook-endpoints', owner.access_token, { url: 'https://hooks.example/x' })).status, 403);
    assert.equal((await bearer(s, 'GET', '/v3/webhook-endpoints', owner.access_token)).status, 200);
  });
});
