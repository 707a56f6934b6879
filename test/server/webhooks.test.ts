import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, describe, it } from 'node:test';
import { WebhookEndpointCreated, WebhookEvent } from '../../src/contract/index.ts';
import { resolveConfig, type WebhookConfig } from '../../src/server/config.ts';
import { createReferenceServer, startWebhookWorker, verifyWebhookSignature } from '../../src/server/index.ts';
import { accountServer } from './account-helpers.ts';
import { localServer, waitFor } from './oauth-helpers.ts';
import { physicalCheckout, variant } from './order-fixtures.ts';

const cleanups: (() => unknown)[] = [];
after(() => Promise.all(cleanups.map((fn) => fn())));

type Received = { headers: IncomingMessage['headers']; body: string; event: WebhookEvent };

/** A webhook receiver on 127.0.0.1 answering with `status(n)` for its n-th request (1-based). */
async function receiver(status: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server = await localServer((req, body, res: ServerResponse) => {
    received.push({ headers: req.headers, body, event: JSON.parse(body) as WebhookEvent });
    res.statusCode = status(received.length);
    res.end('ok');
  });
  cleanups.push(server.close);
  return { url: `${server.url}/hooks`, received };
}

/** The demo server with a running delivery worker (tiny delays) and an endpoint of Demo Business pointing at `url`. */
async function setup(url: string, webhooks: Partial<WebhookConfig> = {}, events?: string[]) {
  const s = accountServer({ webhooks: { allowLoopback: true } }); // the receivers listen on 127.0.0.1
  const worker = startWebhookWorker(s.db, resolveConfig({
    webhooks: { pollIntervalMs: 20, backoffBaseMs: 20, backoffMaxMs: 80, timeoutMs: 2000, allowLoopback: true, ...webhooks },
  }).webhooks);
  cleanups.push(() => worker.stop());
  const created = await s.business('POST', '/v3/webhook-endpoints', 'bk_demo', { body: { url, ...(events ? { events } : {}) } });
  assert.equal(created.status, 201, created.text);
  const endpoint = WebhookEndpointCreated.parse(created.json);
  const order = async () => (await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(101)]) })).json as { secret_slug: string };
  const log = async (query = '') => (await s.request('GET', `/__reference/webhooks${query}`)).json as { events: any[]; deliveries: any[] };
  return { s, worker, endpoint, order, log };
}

describe('webhook signatures', () => {
  const secret = 'whsec_test_secret_value';
  const payload = '{"id":"evt_1","type":"order.paid"}';
  const now = new Date('2025-01-01T00:00:00Z');
  const t = Math.floor(now.getTime() / 1000);
  const sign = async (body: string, at: number, key = secret) =>
    `t=${at},v1=${(await import('node:crypto')).createHmac('sha256', key).update(`${at}.${body}`).digest('hex')}`;

  it('accepts the right secret within the replay window and refuses everything else', async () => {
    const header = await sign(payload, t);
    assert.deepEqual(verifyWebhookSignature({ payload, header, secret, now }), { ok: true, timestamp: t });
    assert.equal(verifyWebhookSignature({ payload: Buffer.from(payload), header, secret, now }).ok, true);
    assert.deepEqual(verifyWebhookSignature({ payload: `${payload} `, header, secret, now }), { ok: false, reason: 'signature_mismatch' });
    assert.equal(verifyWebhookSignature({ payload, header, secret: 'whsec_other', now }).ok, false);
    assert.deepEqual(verifyWebhookSignature({ payload, header: await sign(payload, t - 301), secret, now }), { ok: false, reason: 'timestamp_outside_tolerance' });
    assert.equal(verifyWebhookSignature({ payload, header: await sign(payload, t - 301), secret, now, toleranceSeconds: 600 }).ok, true);
    assert.equal(verifyWebhookSignature({ payload, header: header.replace(`t=${t}`, `t=${t + 1}`), secret, now }).ok, false, 'the timestamp is signed');
    assert.deepEqual(verifyWebhookSignature({ payload, header: undefined, secret, now }), { ok: false, reason: 'missing_header' });
    assert.deepEqual(verifyWebhookSignature({ payload, header: 'v1=abc', secret, now }), { ok: false, reason: 'malformed_header' });
    const rotated = `${header},v1=${'0'.repeat(64)}`;
    assert.equal(verifyWebhookSignature({ payload, header: rotated, secret, now }).ok, true, 'any v1 may match');
  });
});

describe('webhook delivery', () => {
  it('order created, paid and status changed reach the receiver, signed, with stable ids', async () => {
    const hook = await receiver();
    const { s, endpoint, order } = await setup(hook.url);
    const placed = await order();
    await waitFor(() => hook.received.length === 1, 'order.created');
    assert.equal((await s.request('POST', `/__reference/orders/${placed.secret_slug}/pay`)).status, 200);
    await waitFor(() => hook.received.length === 3, 'order.paid + status change');
    const id = hook.received[0]!.event.data.order.id;
    assert.equal((await s.business('PATCH', `/v3/orders/${id}`, 'bk_demo', { body: { status: 'shipped', tracking_number: 'JNE123' } })).status, 200);
    await waitFor(() => hook.received.length === 4, 'shipped');

    const events = hook.received.map((r) => WebhookEvent.parse(JSON.parse(r.body)));
    assert.deepEqual(events.map((e) => e.type).sort(), ['order.created', 'order.paid', 'order.status_changed', 'order.status_changed']);
    const shipped = events.find((e) => e.data.order.status === 'shipped')!;
    assert.equal(shipped.data.previous_status, 'processing');
    assert.equal(shipped.data.order.tracking_number, 'JNE123');
    assert.equal(events.find((e) => e.type === 'order.paid')!.data.order.payment_status, 'paid');
    for (const r of hook.received) {
      assert.equal(verifyWebhookSignature({ payload: r.body, header: r.headers['x-service-signature'] as string, secret: endpoint.secret }).ok, true);
      assert.equal(r.headers['x-service-event-id'], r.event.id);
      assert.equal(r.headers['x-service-event-type'], r.event.type);
      assert.equal(r.headers['content-type'], 'application/json');
      assert.ok(events.every((e) => e.business_id === 1 && e.data.order.id === id));
    }
    assert.equal(new Set(events.map((e) => e.id)).size, 4);
  });

  it('retries a failing receiver with backoff, same event and bytes, until a 2xx; then never again', async () => {
    const hook = await receiver((n) => (n <= 2 ? 500 : 204));
    const { order, log } = await setup(hook.url);
    await order();
    const delivered = await waitFor(async () => (await log('?status=delivered')).deliveries[0], 'delivery');
    assert.equal(delivered.attempts, 3);
    assert.deepEqual(delivered.attempt_log.map((a: any) => [a.attempt, a.response_status, a.error]),
      [[1, 500, 'HTTP 500'], [2, 500, 'HTTP 500'], [3, 204, null]]);
    assert.equal(new Set(hook.received.map((r) => r.body)).size, 1, 'the same bytes every time');
    assert.deepEqual(hook.received.map((r) => r.headers['x-service-delivery-attempt']), ['1', '2', '3']);
    await new Promise((resolve) => setTimeout(resolve, 300)); // many poll intervals and backoff periods
    assert.equal(hook.received.length, 3, 'no duplicate after the 2xx');
  });

  it('a receiver that is down is retried and, after maxAttempts, the delivery is failed', async () => {
    const { order, log } = await setup('http://127.0.0.1:9/hooks', { maxAttempts: 3 }); // port 9: nothing listens
    await order();
    const failed = await waitFor(async () => (await log('?status=failed')).deliveries[0], 'failure');
    assert.equal(failed.attempts, 3);
    assert.ok(failed.last_error);
  });

  it('an event exists iff its change committed; endpoints get only the event types they asked for', async () => {
    const hook = await receiver();
    const { s, order, log } = await setup(hook.url, {}, ['order.paid']);
    const refused = await s.storefront('POST', '/checkout', { body: physicalCheckout([variant(111, 50)]) });
    assert.equal(refused.status, 400);
    assert.equal((await log()).events.length, 0);
    const placed = await order();
    await s.request('POST', `/__reference/orders/${placed.secret_slug}/pay`);
    await waitFor(() => hook.received.length === 1, 'paid');
    assert.equal(hook.received[0]!.event.type, 'order.paid');
    assert.deepEqual((await log()).events.map((e) => e.type).sort(), ['order.created', 'order.paid', 'order.status_changed']);
    await waitFor(async () => (await log('?status=delivered')).deliveries.length === 1, 'recorded as delivered');
    assert.equal((await log()).deliveries.length, 1, 'one delivery: the endpoint asked for order.paid only');
  });

  it('endpoints: list without secrets, delete cancels waiting deliveries, scoped per business', async () => {
    const { s, endpoint, order, log } = await setup('http://127.0.0.1:9/hooks', { backoffBaseMs: 60_000, backoffMaxMs: 60_000 });
    const listed = (await s.business('GET', '/v3/webhook-endpoints')).json;
    assert.deepEqual(listed.map((e: any) => [e.id, e.secret_hint, 'secret' in e]), [[endpoint.id, endpoint.secret.slice(-4), false]]);
    assert.equal((await s.business('GET', '/v3/webhook-endpoints', 'bk_owner_otp')).json.length, 0);
    assert.equal((await s.business('DELETE', `/v3/webhook-endpoints/${endpoint.id}`, 'bk_owner_otp')).status, 404);
    assert.equal((await s.business('POST', '/v3/webhook-endpoints', 'bk_demo', { body: { url: 'ftp://x' } })).status, 400);
    await order();
    await waitFor(async () => (await log()).deliveries[0]?.attempts === 1, 'first attempt');
    assert.equal((await s.business('DELETE', `/v3/webhook-endpoints/${endpoint.id}`)).status, 204);
    assert.equal((await log()).deliveries[0].status, 'cancelled');
    assert.equal((await s.business('GET', '/v3/webhook-endpoints')).json.length, 0);
  });

  it('close() of the reference server stops the worker and aborts a delivery in flight', async () => {
    let disconnected!: () => void;
    const gone = new Promise<void>((resolve) => (disconnected = resolve));
    let arrived = false;
    const hang = await localServer((req) => { // never answers
      arrived = true;
      req.socket.once('close', disconnected);
    });
    cleanups.push(hang.close);
    const server = createReferenceServer({ db: ':memory:', config: { publicUrl: 'http://localhost:8787', webhooks: { pollIntervalMs: 10, allowLoopback: true } } });
    server.db.prepare("INSERT INTO webhook_endpoints (business_id, url, secret, created_at) VALUES (1, ?, 'whsec_x_secret_0123456789', ?)")
      .run(`${hang.url}/hooks`, new Date().toISOString());
    const res = await server.app.request('/v3/stores/demo-store/public/checkout', {
      method: 'POST', body: JSON.stringify(physicalCheckout([variant(101)])),
      headers: { 'Content-Type': 'application/json', 'X-Service-Storefront-Api-Key': 'sfk_demo' },
    });
    assert.equal(res.status, 201);
    await waitFor(() => arrived, 'the delivery reaches the receiver');
    server.close();
    assert.equal(server.db.open, false);
    await waitFor(async () => (await Promise.race([gone.then(() => true), new Promise((r) => setTimeout(r, 5))])) as boolean | undefined,
      'the receiver sees the request aborted', 2000);
  });
});
