import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { createReferenceServer, type ReferenceServerOptions } from '../../src/server/index.ts';
import { DEMO } from './helpers.ts';
import { physicalCheckout, variant } from './order-fixtures.ts';

const closers: (() => void)[] = [];
after(() => closers.forEach((close) => close()));

/**
 * The reference server behind a real node:http server on 127.0.0.1 (port 0), with the payment simulator (dev routes),
 * without which a card payment and its `payment_url` are not offered.
 */
async function serve(options: ReferenceServerOptions = {}) {
  const reference = createReferenceServer({ db: ':memory:', config: { webhooks: { deliver: false }, devRoutes: true }, ...options });
  const server = createServer((req, res) => void reference.listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
    reference.close();
  });
  const port = (server.address() as AddressInfo).port;
  /** A request sent with a forged Host (and forwarding headers), as anyone can send it. */
  const call = (method: string, path: string, body?: unknown) => new Promise<{ status?: number; json: Record<string, string> }>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, method, path,
      headers: {
        Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', 'Content-Type': 'application/json',
        'X-Service-Storefront-Api-Key': DEMO.key,
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
  return { port, call };
}

/** Every URL the server builds for buyers and OAuth apps, asked for with `Host: evil.example`. */
async function publicUrls(call: Awaited<ReturnType<typeof serve>>['call']) {
  const placed = await call('POST', `/v3/stores/${DEMO.storeId}/public/checkout`, physicalCheckout([variant(104)], { payment_method: 'card' }));
  assert.equal(placed.status, 201, JSON.stringify(placed.json));
  const paid = await call('POST', `/v3/stores/${DEMO.storeId}/public/orders/${placed.json.secret_slug}/payment`);
  assert.equal(paid.status, 200, JSON.stringify(paid.json));
  const metadata = await call('GET', '/.well-known/oauth-authorization-server');
  assert.equal(metadata.status, 200);
  return { order: placed.json.public_order_url as string, payment: paid.json.payment_url as string, issuer: metadata.json.issuer as string };
}

describe('public URLs never come from the Host header', () => {
  it('without a configured public URL: the listening address, whatever Host says', async () => {
    const { port, call } = await serve();
    const urls = await publicUrls(call);
    for (const url of Object.values(urls)) {
      assert.ok(!url.includes('evil.example'), url);
      assert.equal(new URL(url).origin, `http://127.0.0.1:${port}`, url);
    }
  });

  it('with createReferenceServer({ publicUrl }): that origin, whatever Host says', async () => {
    const { call } = await serve({ publicUrl: 'https://shop.example/' });
    const urls = await publicUrls(call);
    assert.equal(urls.issuer, 'https://shop.example');
    assert.match(urls.payment, /^https:\/\/shop\.example\/__reference\/pay\//);
    assert.match(urls.order, /^https:\/\/shop\.example\//);
  });

  it('a public URL that is not an http(s) origin is refused at start', () => {
    for (const publicUrl of ['javascript:alert(1)', 'shop.example', 'https://user:pw@shop.example', 'ftp://shop.example']) {
      assert.throws(() => createReferenceServer({ db: ':memory:', publicUrl }), /publicUrl/, publicUrl);
    }
  });
});
