import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MeResponse, OAuthInstallation, OAuthInstallationList } from '../../src/contract/index.ts';
import { accountServer } from './account-helpers.ts';
import { bearer, connectPublicApp, PUBLIC_APP, token } from './oauth-helpers.ts';

describe('OAuth tokens on business routes', () => {
  it('enforces scopes: 403 insufficient_scope naming the scope; /v3/me needs none', async () => {
    const s = accountServer();
    const { access_token: t } = await connectPublicApp(s, 'orders:read');
    assert.equal((await bearer(s, 'GET', '/v3/me', t)).status, 200);
    assert.equal((await bearer(s, 'GET', '/v3/orders', t)).status, 200);
    assert.equal((await bearer(s, 'GET', '/v3/orders/1001', t)).status, 200);
    const patch = await bearer(s, 'PATCH', '/v3/orders/1001', t, { notes: 'from an app' });
    assert.equal(patch.status, 403);
    assert.equal(patch.json.error.code, 'insufficient_scope');
    assert.match(patch.headers.get('www-authenticate') ?? '', /error="insufficient_scope", scope="orders:write"/);
    for (const [method, path] of [['GET', '/v3/business-users/me'], ['GET', '/v3/me/business-users'], ['GET', '/v3/webhook-endpoints'],
      ['POST', '/v3/business-users/me/deny-invitation']]) {
      assert.equal((await bearer(s, method!, path!, t)).json.error.code, 'insufficient_scope', path);
    }
    const writer = await connectPublicApp(s, 'orders:write');
    assert.equal((await bearer(s, 'PATCH', '/v3/orders/1001', writer.access_token, { notes: 'from an app' })).status, 200);
    assert.equal((await bearer(s, 'GET', '/v3/oauth/installations', writer.access_token)).status, 403, 'apps do not manage installations');
  });

  it('after the merchant revokes the installation: 403 with no identity data, no refresh, no revival by re-approval', async () => {
    const s = accountServer();
    const tokens = await connectPublicApp(s, 'business:read orders:read');
    const list = OAuthInstallationList.parse((await s.business('GET', '/v3/oauth/installations')).json);
    assert.deepEqual(list.map((i) => [i.application.client_id, i.user.email, i.status, i.scopes]),
      [['demo-public-app', 'owner@example.com', 'active', ['business:read', 'orders:read']]]);
    const id = list[0]!.id;
    assert.equal((await s.business('POST', `/v3/oauth/installations/${id}/revoke`, 'bk_staff')).status, 403, 'staff cannot');
    assert.equal((await s.business('POST', '/v3/oauth/installations/999/revoke')).status, 404);
    const revoked = OAuthInstallation.parse((await s.business('POST', `/v3/oauth/installations/${id}/revoke`)).json);
    assert.equal(revoked.status, 'revoked');

    const me = await bearer(s, 'GET', '/v3/me', tokens.access_token);
    assert.equal(me.status, 403);
    assert.deepEqual(Object.keys(me.json), ['error']);
    assert.ok(!me.text.includes('owner@example.com') && !me.text.includes('Demo Business'));
    assert.equal((await bearer(s, 'GET', '/v3/orders', tokens.access_token)).status, 403);
    const refresh = await token(s, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: PUBLIC_APP.clientId });
    assert.equal(refresh.json.error, 'invalid_grant');

    const fresh = await connectPublicApp(s, 'business:read');
    assert.equal((await bearer(s, 'GET', '/v3/me', fresh.access_token)).status, 200);
    assert.equal((await bearer(s, 'GET', '/v3/me', tokens.access_token)).status, 403, 'an old token stays disconnected');
  });

  it('403 once the user has left the business the installation connects', async () => {
    const s = accountServer();
    const t = (await connectPublicApp(s, 'business:read business:write', { email: 'staff@example.com' })).access_token;
    assert.equal((await bearer(s, 'POST', '/v3/business-users/me/leave', t, { password: 'correct horse battery' })).status, 204);
    assert.equal((await bearer(s, 'GET', '/v3/me', t)).status, 403);
    assert.equal((await bearer(s, 'GET', '/v3/business-users/me', t)).status, 403);
  });

  it('/v3/me lists every active installation of the app by the user, the token\'s own selected', async () => {
    const s = accountServer();
    const demo = await connectPublicApp(s, 'business:read', { businessId: 1 });
    await connectPublicApp(s, 'business:read', { businessId: 3 });
    const me = MeResponse.parse((await bearer(s, 'GET', '/v3/me', demo.access_token)).json);
    assert.deepEqual(me.installations.map((i) => [i.business.id, i.role, i.selected]), [[1, 'owner', true], [3, 'admin', false]]);
    assert.deepEqual(me.scopes, ['business:read']);
  });

  it('rate limits per installation: every token of an installation shares one bucket, apart from API keys', async () => {
    const s = accountServer({ businessRateLimit: { limit: 3, windowSeconds: 60 } });
    const a = await connectPublicApp(s, 'business:read');
    const b = await connectPublicApp(s, 'business:read'); // a second grant of the same installation
    const first = await bearer(s, 'GET', '/v3/me', a.access_token);
    assert.equal(first.headers.get('x-ratelimit-limit'), '3');
    assert.equal(first.headers.get('x-ratelimit-remaining'), '2');
    assert.equal((await bearer(s, 'GET', '/v3/me', b.access_token)).headers.get('x-ratelimit-remaining'), '1');
    assert.equal((await bearer(s, 'GET', '/v3/me', a.access_token)).status, 200);
    const limited = await bearer(s, 'GET', '/v3/me', b.access_token);
    assert.equal(limited.status, 429);
    assert.ok(limited.headers.get('retry-after'));
    assert.equal((await s.business('GET', '/v3/me')).status, 200, 'the API key has its own bucket');
    const other = await connectPublicApp(s, 'business:read', { businessId: 3 });
    assert.equal((await bearer(s, 'GET', '/v3/me', other.access_token)).status, 200, 'another installation, another bucket');
  });
});
