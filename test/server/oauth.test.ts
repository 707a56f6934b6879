import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AuthorizationServerMetadata, MeResponse, OAuthTokenResponse } from '../../src/contract/index.ts';
import { accountServer } from './account-helpers.ts';
import {
  authorizeParams, bearer, businessChoices, connectPublicApp, consent, hiddenFields, ISSUER, openConsent, pkce, postForm,
  PUBLIC_APP, token,
} from './oauth-helpers.ts';

const exchange = (s: ReturnType<typeof accountServer>, code: string, verifier: string, extra: Record<string, string> = {}) =>
  token(s, { grant_type: 'authorization_code', code, redirect_uri: PUBLIC_APP.redirectUri, client_id: PUBLIC_APP.clientId, code_verifier: verifier, ...extra });

describe('OAuth authorization server: public client with PKCE', () => {
  it('publishes its endpoints, scopes and methods in the RFC 8414 metadata document', async () => {
    const s = accountServer();
    const meta = AuthorizationServerMetadata.parse((await s.request('GET', '/.well-known/oauth-authorization-server')).json);
    assert.equal(meta.issuer, ISSUER);
    assert.equal(meta.authorization_endpoint, `${ISSUER}/v3/oauth/authorize`);
    assert.equal(meta.token_endpoint, `${ISSUER}/v3/oauth/token`);
    assert.deepEqual(meta.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(meta.token_endpoint_auth_methods_supported, ['none', 'private_key_jwt']);
    assert.ok(meta.scopes_supported.includes('orders:read') && meta.scopes_supported.includes('orders:write'));
  });

  it('runs the whole flow: consent, code, token, /v3/me; a wrong code_verifier is refused and spends the code', async () => {
    const s = accountServer();
    const { verifier, challenge } = pkce();
    const back = await consent(s, authorizeParams(PUBLIC_APP, 'business:read orders:read', challenge, 'st-1'));
    assert.equal(`${back.origin}${back.pathname}`, PUBLIC_APP.redirectUri);
    assert.equal(back.searchParams.get('state'), 'st-1');
    assert.equal(back.searchParams.get('iss'), ISSUER);
    const code = back.searchParams.get('code')!;

    const wrong = await exchange(s, code, pkce().verifier);
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error, 'invalid_grant');
    assert.equal((await exchange(s, code, verifier)).json.error, 'invalid_grant', 'a code is tried once');

    const { verifier: v2, challenge: c2 } = pkce();
    const again = await consent(s, authorizeParams(PUBLIC_APP, 'business:read orders:read', c2));
    const res = await exchange(s, again.searchParams.get('code')!, v2);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const tokens = OAuthTokenResponse.parse(res.json);
    assert.equal(tokens.scope, 'business:read orders:read');
    const me = MeResponse.parse((await bearer(s, 'GET', '/v3/me', tokens.access_token)).json);
    assert.equal(me.auth_type, 'oauth');
    assert.equal(me.user.email, 'owner@example.com');
    assert.deepEqual(me.application, { client_id: 'demo-public-app', name: 'Demo Dashboard (public PKCE client)' });
    assert.deepEqual(me.installations.map((i) => [i.business.name, i.selected]), [['Demo Business', true]]);
    assert.equal((await bearer(s, 'GET', '/v3/orders', tokens.access_token)).status, 200);
  });

  it('binds a code to its client, redirect_uri and lifetime, and refuses it a second time (revoking the first tokens)', async () => {
    const s = accountServer();
    const { verifier, challenge } = pkce();
    const codeOf = async () => (await consent(s, authorizeParams(PUBLIC_APP, 'business:read', challenge))).searchParams.get('code')!;
    assert.equal((await exchange(s, await codeOf(), verifier, { redirect_uri: 'http://127.0.0.1:8787/oauth/callback' })).json.error, 'invalid_grant');
    assert.equal((await exchange(s, await codeOf(), verifier, { client_id: 'demo-private-app' })).json.error, 'invalid_client');
    const code = await codeOf();
    const first = await exchange(s, code, verifier);
    assert.equal(first.status, 200);
    assert.equal((await exchange(s, code, verifier)).json.error, 'invalid_grant');
    assert.equal((await bearer(s, 'GET', '/v3/me', first.json.access_token)).status, 401, 'replaying a code revokes what it gave');

    const expiring = accountServer({ oauth: { codeSeconds: 0 } });
    const late = await consent(expiring, authorizeParams(PUBLIC_APP, 'business:read', challenge));
    assert.equal((await exchange(expiring, late.searchParams.get('code')!, verifier)).json.error, 'invalid_grant');
  });

  it('rotates refresh tokens; reusing a rotated one revokes the whole grant', async () => {
    const s = accountServer();
    const first = await connectPublicApp(s, 'business:read orders:read');
    const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
      token(s, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: PUBLIC_APP.clientId, ...extra });
    assert.equal((await refresh(first.refresh_token, { scope: 'orders:write' })).json.error, 'invalid_scope');
    const narrowed = await refresh(first.refresh_token, { scope: 'business:read' });
    assert.equal(narrowed.status, 200);
    assert.equal(narrowed.json.scope, 'business:read');
    assert.notEqual(narrowed.json.refresh_token, first.refresh_token);
    assert.equal((await bearer(s, 'GET', '/v3/orders', narrowed.json.access_token)).status, 403);
    const reuse = await refresh(first.refresh_token);
    assert.equal(reuse.status, 400);
    assert.equal(reuse.json.error, 'invalid_grant');
    assert.equal((await bearer(s, 'GET', '/v3/me', narrowed.json.access_token)).status, 401);
    assert.equal((await refresh(narrowed.json.refresh_token)).json.error, 'invalid_grant');
  });

  it('revocation (RFC 7009): a refresh token ends its grant; unknown tokens answer 200 too', async () => {
    const s = accountServer();
    const tokens = await connectPublicApp(s, 'business:read');
    const revoke = (t: string) => postForm(s, '/v3/oauth/revoke', { token: t, client_id: PUBLIC_APP.clientId });
    assert.equal((await revoke('svc_rt_unknown')).status, 200);
    assert.equal((await bearer(s, 'GET', '/v3/me', tokens.access_token)).status, 200);
    assert.equal((await revoke(tokens.refresh_token)).status, 200);
    const after = await bearer(s, 'GET', '/v3/me', tokens.access_token);
    assert.equal(after.status, 401);
    assert.match(after.headers.get('www-authenticate') ?? '', /invalid_token/);
  });

  it('authorization request errors: an error page before the redirect_uri is trusted, a redirect after', async () => {
    const s = accountServer();
    const { challenge } = pkce();
    const base = authorizeParams(PUBLIC_APP, 'business:read', challenge);
    for (const bad of [{ client_id: 'nope' }, { redirect_uri: 'https://evil.example/cb' }, { redirect_uri: '' }]) {
      const page = await openConsent(s, { ...base, ...bad });
      assert.equal(page.res.status, 400);
      assert.equal(page.res.headers.get('location'), null);
    }
    const errorOf = async (params: Record<string, string>) => {
      const res = await s.app.request(`/v3/oauth/authorize?${new URLSearchParams(params)}`);
      assert.equal(res.status, 302);
      const to = new URL(res.headers.get('location')!);
      assert.equal(to.searchParams.get('state'), 'xyz');
      return to.searchParams.get('error');
    };
    const { code_challenge: _, code_challenge_method: __, ...noPkce } = base;
    assert.equal(await errorOf(noPkce), 'invalid_request');
    assert.equal(await errorOf({ ...base, code_challenge_method: 'plain' }), 'invalid_request');
    assert.equal(await errorOf({ ...base, scope: 'orders:read everything' }), 'invalid_scope');
    assert.equal(await errorOf({ ...base, response_type: 'token' }), 'unsupported_response_type');
    const denied = await consent(s, base, { decision: 'deny' });
    assert.equal(denied.searchParams.get('error'), 'access_denied');
    assert.equal(denied.searchParams.get('code'), null);
  });

  it('the consent page escapes what it echoes, needs its CSRF cookie and checks the password', async () => {
    const s = accountServer();
    const { challenge } = pkce();
    const page = await openConsent(s, authorizeParams(PUBLIC_APP, 'orders:read', challenge, '"><script>alert(1)</script>'));
    assert.equal(page.res.status, 200);
    assert.ok(!page.html.includes('<script>'));
    assert.equal(page.fields.state, '"><script>alert(1)</script>');
    assert.match(page.res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.match(page.res.headers.get('set-cookie') ?? '', /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i);
    const signIn = { ...page.fields, decision: 'sign_in', email: 'owner@example.com', password: 'correct horse battery' };
    assert.equal((await postForm(s, '/v3/oauth/authorize', signIn)).status, 403, 'no cookie');
    assert.equal((await postForm(s, '/v3/oauth/authorize', signIn, { Cookie: 'svc_oauth_csrf=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).status, 403);
    const wrong = await postForm(s, '/v3/oauth/authorize', { ...signIn, password: 'wrong password' }, { Cookie: page.cookie });
    assert.equal(wrong.status, 200);
    assert.match(wrong.text, /incorrect/);
    assert.equal(hiddenFields(wrong.text).ticket, undefined);
    // A tampered scope after sign-in no longer matches the ticket: sign in again.
    const ok = await postForm(s, '/v3/oauth/authorize', signIn, { Cookie: page.cookie });
    const widened = await postForm(s, '/v3/oauth/authorize',
      { ...hiddenFields(ok.text), scope: 'orders:read orders:write', decision: 'approve', business_id: '1' }, { Cookie: page.cookie });
    assert.equal(widened.status, 200);
    assert.match(widened.text, /expired/);
    // A user with only a pending invitation has no business to connect.
    const pending = await postForm(s, '/v3/oauth/authorize', { ...signIn, email: 'member@example.com' }, { Cookie: page.cookie });
    assert.deepEqual(businessChoices(pending.text), []);
    assert.match(pending.text, /no active business/);
  });
});
