import { exportJWK, generateKeyPair } from 'jose';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { CLIENT_ASSERTION_TYPE } from '../../src/contract/index.ts';
import { resolveConfig } from '../../src/server/config.ts';
import { startWebhookWorker } from '../../src/server/index.ts';
import { isAllowedAddress, outboundFetch, OutboundRefused, REFUSED_ADDRESS } from '../../src/server/http/outbound.ts';
import type { DeliveryLogEntry } from '../../src/server/webhooks/log.ts';
import { accountServer } from './account-helpers.ts';
import { authorizeParams, clientAssertion, consent, localServer, openConsent, pkce, token, waitFor } from './oauth-helpers.ts';

const closers: (() => unknown)[] = [];
after(() => Promise.all(closers.map((close) => close())));

const STRICT = { allowLoopback: false };
const DEV = { allowLoopback: true };

/** A local server counting its requests; `/doc` answers a client metadata document naming itself. */
type Answer = { status?: number; headers?: Record<string, string>; body?: string };
async function target(handler?: (path: string) => Answer | undefined) {
  const hits: string[] = [];
  const server = await localServer((req, _body, res) => {
    hits.push(req.url ?? '');
    const answer = handler?.(req.url ?? '') ?? {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: `${server.url}${req.url}`, redirect_uris: [`${server.url}/callback`] }),
    };
    res.writeHead(answer.status ?? 200, answer.headers ?? {});
    res.end(answer.body ?? '');
  });
  closers.push(server.close);
  return { ...server, port: new URL(server.url).port, hits };
}

const refusal = (reason: OutboundRefused['reason']) => (err: unknown) => err instanceof OutboundRefused && err.reason === reason;

describe('outbound guard: addresses', () => {
  it('refuses loopback, private, link-local, unspecified, CGNAT, multicast and broadcast, also in IPv4-mapped IPv6', () => {
    for (const ip of [
      '127.0.0.1', '127.1.2.3', '0.0.0.0', '0.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
      '100.64.0.1', '224.0.0.1', '255.255.255.255', '::', '::1', '[::1]', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::', '::127.0.0.1', 'not-an-ip',
    ]) assert.equal(isAllowedAddress(ip, STRICT), false, ip);
    for (const ip of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      assert.equal(isAllowedAddress(ip, STRICT), true, ip);
    }
  });

  it('refuses the IPv4-translated form (::ffff:0:a.b.c.d), local-use NAT64 (64:ff9b:1::/48) and Teredo, in every spelling', () => {
    for (const ip of [
      '::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '0:0:0:0:ffff:0:7f00:1', '::ffff:0:169.254.169.254', '::FFFF:0:10.0.0.1',
      '64:ff9b:1::7f00:1', '64:ff9b:1:7f00:1::', '64:ff9b:1::a9fe:a9fe', '64:ff9b:1:ffff::8.8.8.8',
      '0:0:0:0:0:ffff:127.0.0.1', '0:0:0:0:0:ffff:7f00:1', '0064:ff9b:0:0:0:0:7f00:0001', '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ]) assert.equal(isAllowedAddress(ip, STRICT), false, ip);
    for (const ip of ['::ffff:0:127.0.0.1', '64:ff9b:1::7f00:1']) assert.equal(isAllowedAddress(ip, DEV), false, `${ip} with the development flag`);
    for (const ip of ['64:ff9b::808:808', '2001:db8:1::1', '2001:4860:4860::8888']) assert.equal(isAllowedAddress(ip, STRICT), true, ip);
  });

  it('the development flag allows loopback only, never private, link-local or unspecified addresses', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) assert.equal(isAllowedAddress(ip, DEV), true, ip);
    for (const ip of ['0.0.0.0', '::', '10.0.0.1', '169.254.169.254', '192.168.0.1', 'fe80::1']) assert.equal(isAllowedAddress(ip, DEV), false, ip);
  });
});

describe('outbound guard: requests', () => {
  it('refuses a literal loopback address and a host name that resolves to loopback, without connecting', async () => {
    const t = await target();
    await assert.rejects(outboundFetch(`http://127.0.0.1:${t.port}/doc`, { policy: STRICT }), refusal('address'));
    await assert.rejects(outboundFetch(`http://localhost:${t.port}/doc`, { policy: STRICT }), refusal('address'));
    await assert.rejects(outboundFetch(`http://[::ffff:127.0.0.1]:${t.port}/doc`, { policy: STRICT }), refusal('address'));
    for (const spelled of ['2130706433', '0x7f.0.0.1', '0177.0.0.1', '127.1']) { // the URL parser's other spellings of 127.0.0.1
      await assert.rejects(outboundFetch(`http://${spelled}:${t.port}/doc`, { policy: STRICT }), refusal('address'), spelled);
    }
    await assert.rejects(outboundFetch('ftp://example.com/x', { policy: STRICT }), refusal('url'));
    assert.equal(t.hits.length, 0);
  });

  it('with the development flag, fetches from loopback, follows redirects re-checking each hop, and bounds the size', async () => {
    const t = await target((path): Answer => {
      if (path === '/ok') return { body: 'hello' };
      if (path === '/hop') return { status: 302, headers: { Location: '/ok' } };
      if (path === '/to-metadata') return { status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data/' } };
      if (path === '/to-private') return { status: 307, headers: { Location: 'http://10.0.0.1/' } };
      if (path === '/loop') return { status: 302, headers: { Location: '/loop' } };
      if (path === '/big') return { body: 'x'.repeat(100_000) };
      return { status: 404 };
    });
    const ok = await outboundFetch(`${t.url}/hop`, { policy: DEV, maxRedirects: 3 });
    assert.deepEqual([ok.status, ok.body.toString(), new URL(ok.url).pathname], [200, 'hello', '/ok']);
    const byName = await outboundFetch(`http://localhost:${t.port}/ok`, { policy: DEV }); // resolved, checked, pinned
    assert.deepEqual([byName.status, byName.body.toString()], [200, 'hello']);
    await assert.rejects(outboundFetch(`${t.url}/to-metadata`, { policy: DEV, maxRedirects: 3 }), refusal('address'));
    await assert.rejects(outboundFetch(`${t.url}/to-private`, { policy: DEV, maxRedirects: 3 }), refusal('address'));
    await assert.rejects(outboundFetch(`${t.url}/loop`, { policy: DEV, maxRedirects: 3 }), refusal('redirect'));
    assert.equal((await outboundFetch(`${t.url}/hop`, { policy: DEV })).status, 302, 'no redirects followed unless asked');
    await assert.rejects(outboundFetch(`${t.url}/big`, { policy: DEV, maxBytes: 64 * 1024 }), refusal('size'));
    assert.equal(t.hits.filter((p) => p === '/loop').length, 4, 'the first request and three redirects, no more');
  });
});

describe('outbound guard: OAuth client metadata documents and jwks_uri', () => {
  it('an anonymous authorize request cannot make the server fetch a loopback or private URL', async () => {
    const t = await target();
    const s = accountServer();
    for (const clientId of [`http://127.0.0.1:${t.port}/doc?x=1`, `http://localhost:${t.port}/doc`, `http://[::1]:${t.port}/doc`]) {
      const page = await openConsent(s, authorizeParams({ clientId, redirectUri: `${t.url}/callback` }, 'business:read', pkce().challenge));
      assert.equal(page.res.status, 400, clientId);
    }
    assert.equal(t.hits.length, 0, 'nothing was fetched');
  });

  it('with the development flag a loopback document is fetched; a failed fetch is cached briefly, not repeated per request', async () => {
    const t = await target((path) => (path === '/missing' ? { status: 404 } : undefined));
    const s = accountServer({ oauth: { allowLoopback: true } });
    const good = { clientId: `${t.url}/doc`, redirectUri: `${t.url}/callback` };
    assert.equal((await openConsent(s, authorizeParams(good, 'business:read', pkce().challenge))).res.status, 200);
    const missing = { clientId: `${t.url}/missing`, redirectUri: `${t.url}/callback` };
    for (let i = 0; i < 3; i += 1) assert.equal((await openConsent(s, authorizeParams(missing, 'business:read', pkce().challenge))).res.status, 400);
    assert.equal(t.hits.filter((p) => p === '/missing').length, 1);
  });
  it('a jwks_uri that redirects to a private address is refused: the client assertion cannot be verified', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const t = await target((path): Answer => {
      if (path === '/jwks-direct') return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ keys: [jwk] }) };
      if (path === '/jwks') return { status: 302, headers: { Location: 'http://10.0.0.1/jwks' } };
      const jwksUri = `${t.url}${path === '/direct.json' ? '/jwks-direct' : '/jwks'}`;
      return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({
        client_id: `${t.url}${path}`, redirect_uris: [`${t.url}/callback`], token_endpoint_auth_method: 'private_key_jwt', jwks_uri: jwksUri,
      }) };
    });
    const s = accountServer({ oauth: { allowLoopback: true } });
    const exchange = async (clientId: string) => {
      const app = { clientId, redirectUri: `${t.url}/callback` };
      const code = (await consent(s, authorizeParams(app, 'business:read'))).searchParams.get('code')!;
      return token(s, {
        grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, client_assertion_type: CLIENT_ASSERTION_TYPE,
        client_assertion: await clientAssertion(clientId, privateKey, { kid: 'k1' }),
      });
    };
    assert.equal((await exchange(`${t.url}/direct.json`)).status, 200, 'the same keys, served directly, verify');
    const refused = await exchange(`${t.url}/redirected.json`);
    assert.deepEqual([refused.status, refused.json.error], [401, 'invalid_client']);
  });
});

describe('outbound guard: webhooks', () => {
  it('an endpoint at a loopback, private, link-local or unspecified address is a 400 naming url', async () => {
    const s = accountServer();
    for (const url of ['http://169.254.169.254/latest', 'http://127.0.0.1:9/hooks', 'http://[::1]/hooks', 'http://0.0.0.0:8080/', 'http://10.1.2.3/', 'http://[::ffff:127.0.0.1]/']) {
      const res = await s.business('POST', '/v3/webhook-endpoints', 'bk_demo', { body: { url } });
      assert.equal(res.status, 400, url);
      assert.equal(res.json.error.code, 'validation_error');
      assert.ok(res.json.error.fields.url, url);
    }
    assert.equal((await s.business('GET', '/v3/webhook-endpoints', 'bk_demo')).json.length, 0);
  });

  it('an endpoint whose host name resolves to loopback is refused at creation; a name that does not resolve yet is kept', async () => {
    const s = accountServer();
    const local = await s.business('POST', '/v3/webhook-endpoints', 'bk_demo', { body: { url: 'http://localhost:9/hooks' } });
    assert.equal(local.status, 400);
    assert.ok(local.json.error.fields.url, local.text);
    const later = await s.business('POST', '/v3/webhook-endpoints', 'bk_demo', { body: { url: 'https://hooks.invalid/x' } });
    assert.equal(later.status, 201, 'checked again at each delivery');
    assert.equal((await s.business('GET', '/v3/webhook-endpoints', 'bk_demo')).json.length, 1);
  });

  it('delivery re-checks the address after DNS: a host name resolving to loopback is refused, and the log shows no status', async () => {
    const t = await target(() => ({ status: 204 }));
    // created while its name still pointed elsewhere (here: on a server allowing loopback); the worker is strict
    const s = accountServer({ webhooks: { allowLoopback: true } });
    const created = await s.business('POST', '/v3/webhook-endpoints', 'bk_demo', { body: { url: `http://localhost:${t.port}/hooks` } });
    assert.equal(created.status, 201, created.text);
    const worker = startWebhookWorker(s.db, resolveConfig({ webhooks: { pollIntervalMs: 20, backoffBaseMs: 20, backoffMaxMs: 40, maxAttempts: 2 } }).webhooks);
    closers.push(() => worker.stop());
    const { physicalCheckout, variant } = await import('./order-fixtures.ts');
    assert.equal((await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(101)]) })).status, 201);
    const log = async () => (await s.request('GET', '/__reference/webhooks?status=failed')).json as { deliveries: DeliveryLogEntry[] };
    const failed = await waitFor(async () => (await log()).deliveries[0], 'the refused delivery');
    assert.deepEqual(failed.attempt_log.map((a) => [a.response_status, a.error]), [[null, REFUSED_ADDRESS], [null, REFUSED_ADDRESS]]);
    assert.equal(failed.last_status, null);
    assert.equal(t.hits.length, 0, 'the receiver was never contacted');
  });
});
