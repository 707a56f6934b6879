import { exportJWK, generateKeyPair, importJWK, type CryptoKey } from 'jose';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { CLIENT_ASSERTION_TYPE, MeResponse } from '../../src/contract/index.ts';
import { accountServer } from './account-helpers.ts';
import {
  authorizeParams, bearer, clientAssertion, consent, DEMO_PRIVATE_JWK, localServer, openConsent, pkce, PRIVATE_APP, token,
} from './oauth-helpers.ts';

const closers: (() => Promise<void>)[] = [];
after(() => Promise.all(closers.map((close) => close())));

const demoKey = () => importJWK(DEMO_PRIVATE_JWK, 'ES256') as Promise<CryptoKey>;
const strangerKey = async () => (await generateKeyPair('ES256')).privateKey;

/** Consent for a private_key_jwt client, then the code exchange authenticated by `assertion`. */
async function codeFor(s: ReturnType<typeof accountServer>, app: { clientId: string; redirectUri: string }) {
  return (await consent(s, authorizeParams(app, 'business:read orders:read'))).searchParams.get('code')!;
}
const exchange = (s: ReturnType<typeof accountServer>, app: { clientId: string; redirectUri: string }, code: string, assertion: string) =>
  token(s, { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion });

describe('OAuth: private_key_jwt clients', () => {
  it('the seeded client signs in with a client assertion verified against its JWKS (PKCE optional for it)', async () => {
    const s = accountServer();
    const res = await exchange(s, PRIVATE_APP, await codeFor(s, PRIVATE_APP), await clientAssertion(PRIVATE_APP.clientId, await demoKey(), { kid: DEMO_PRIVATE_JWK.kid }));
    assert.equal(res.status, 200, res.text);
    const me = MeResponse.parse((await bearer(s, 'GET', '/v3/me', res.json.access_token)).json);
    assert.equal(me.application?.client_id, 'demo-private-app');
    const refreshed = await token(s, {
      grant_type: 'refresh_token', refresh_token: res.json.refresh_token,
      client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: await clientAssertion(PRIVATE_APP.clientId, await demoKey()),
    });
    assert.equal(refreshed.status, 200);
  });

  it('refuses a bad signature, a replayed assertion, a wrong audience, a long-lived assertion and a missing one', async () => {
    const s = accountServer();
    const refused = async (assertion: string) => {
      const res = await exchange(s, PRIVATE_APP, await codeFor(s, PRIVATE_APP), assertion);
      assert.equal(res.status, 401, res.text);
      assert.equal(res.json.error, 'invalid_client');
    };
    await refused(await clientAssertion(PRIVATE_APP.clientId, await strangerKey(), { kid: DEMO_PRIVATE_JWK.kid }));
    const [header, payload] = (await clientAssertion(PRIVATE_APP.clientId, await demoKey())).split('.');
    await refused(`${header}.${payload}.${'A'.repeat(86)}`);
    await refused(await clientAssertion(PRIVATE_APP.clientId, await demoKey(), { audience: 'https://other.example/token' }));
    await refused(await clientAssertion(PRIVATE_APP.clientId, await demoKey(), { expiresIn: '1h' }));
    await refused(await clientAssertion(PRIVATE_APP.clientId, new TextEncoder().encode('a shared secret of 32 bytes!!!!!'), { alg: 'HS256' }));
    const once = await clientAssertion(PRIVATE_APP.clientId, await demoKey(), { jti: 'only-once' });
    assert.equal((await exchange(s, PRIVATE_APP, await codeFor(s, PRIVATE_APP), once)).status, 200);
    await refused(once);
    const bare = await token(s, { grant_type: 'authorization_code', code: await codeFor(s, PRIVATE_APP), redirect_uri: PRIVATE_APP.redirectUri, client_id: PRIVATE_APP.clientId });
    assert.equal(bare.json.error, 'invalid_client');
    const basic = await token(s, { grant_type: 'authorization_code', code: 'x', redirect_uri: PRIVATE_APP.redirectUri, client_id: 'demo-public-app' });
    assert.equal(basic.json.error, 'invalid_grant', 'a public client needs no credentials, but the code must exist');
  });

  it('a client registered by metadata document: fetched from its client_id URL, keys from its jwks_uri', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    let fetches = 0;
    const host = await localServer((req, _body, res) => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/client.json') {
        fetches += 1;
        return res.end(JSON.stringify({
          client_id: `${host.url}/client.json`, client_name: 'Gudang <Pintar>', redirect_uris: [`${host.url}/callback`],
          token_endpoint_auth_method: 'private_key_jwt', jwks_uri: `${host.url}/jwks.json`, scope: 'business:read orders:read',
        }));
      }
      if (req.url === '/impostor.json') return res.end(JSON.stringify({ client_id: `${host.url}/client.json`, redirect_uris: [`${host.url}/callback`] }));
      if (req.url === '/jwks.json') return res.end(JSON.stringify({ keys: [jwk] }));
      res.statusCode = 404;
      res.end('{}');
    });
    closers.push(host.close);
    const app = { clientId: `${host.url}/client.json`, redirectUri: `${host.url}/callback` };
    const s = accountServer({ oauth: { allowLoopback: true } }); // the documents are on a local server

    const page = await openConsent(s, authorizeParams(app, 'orders:read', pkce().challenge));
    assert.equal(page.res.status, 200);
    assert.ok(page.html.includes('Gudang &lt;Pintar&gt;'));
    assert.ok(page.html.includes(new URL(host.url).host), 'the page names the host the client id lives on');
    const code = await codeFor(s, app);
    const bad = await exchange(s, app, code, await clientAssertion(app.clientId, await strangerKey(), { kid: 'k1' }));
    assert.equal(bad.status, 401);
    const good = await exchange(s, app, await codeFor(s, app), await clientAssertion(app.clientId, privateKey, { kid: 'k1' }));
    assert.equal(good.status, 200, good.text);
    assert.equal(MeResponse.parse((await bearer(s, 'GET', '/v3/me', good.json.access_token)).json).application?.name, 'Gudang <Pintar>');
    assert.equal(fetches, 1, 'the document is cached');

    assert.equal((await openConsent(s, authorizeParams(app, 'orders:write', pkce().challenge))).res.status, 302, 'scope outside the document');
    const impostor = { clientId: `${host.url}/impostor.json`, redirectUri: `${host.url}/callback` };
    assert.equal((await openConsent(s, authorizeParams(impostor, 'business:read', pkce().challenge))).res.status, 400, 'a document must name itself');
    const off = accountServer({ oauth: { metadataDocuments: false, allowLoopback: true } });
    assert.equal((await openConsent(off, authorizeParams(app, 'business:read', pkce().challenge))).res.status, 400);
  });
});
