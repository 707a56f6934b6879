import assert from 'node:assert/strict';
import { createServer, request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { DEMO } from './helpers.ts';

const LIMIT = 64 * 1024;
const CHECKOUT = `/v3/stores/${DEMO.storeId}/public/checkout`;
const big = (bytes: number) => JSON.stringify({ note: 'x'.repeat(bytes) });

let reference: ReferenceServer;
let base: string;
const server = createServer((req, res) => void reference.listener(req, res));
before(async () => {
  reference = createReferenceServer({ db: ':memory:', config: { publicUrl: DEMO.origin, webhooks: { deliver: false } } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
  reference.close();
});

const json = async (res: Response) => ({ status: res.status, body: await res.json() as { error: { code: string; fields?: Record<string, string> } } });

describe('request body limit (in process)', () => {
  const post = (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
    reference.app.request(path, { method: 'POST', body, headers: { 'Content-Type': type, 'X-Service-Storefront-Api-Key': DEMO.key, ...headers } });

  it('a JSON body over 64 kB is a 413 in the one error shape; one just under is read', async () => {
    const over = await json(await post(CHECKOUT, big(LIMIT), 'application/json'));
    assert.equal(over.status, 413);
    assert.equal(over.body.error.code, 'payload_too_large');
    assert.ok(over.body.error.fields?.body);
    const under = await post(CHECKOUT, big(LIMIT - 100), 'application/json');
    assert.equal(under.status, 400, 'read and validated (the checkout fields are missing)');
  });

  it('the OAuth token endpoint and the consent form refuse large bodies the same way', async () => {
    const form = `grant_type=refresh_token&refresh_token=${'x'.repeat(LIMIT)}`;
    assert.equal((await json(await post('/v3/oauth/token', form, 'application/x-www-form-urlencoded'))).status, 413);
    assert.equal((await json(await post('/v3/oauth/token', big(LIMIT), 'application/json'))).status, 413);
    const consent = await json(await post('/v3/oauth/authorize', `csrf_token=a&padding=${'x'.repeat(LIMIT)}`, 'application/x-www-form-urlencoded', { Cookie: 'svc_oauth_csrf=a' }));
    assert.deepEqual([consent.status, consent.body.error.code], [413, 'payload_too_large']);
  });
});

/** Sends a request over real HTTP; `send` writes the body; resolves with the answer (status and JSON). */
function exchange(headers: Record<string, string>, send: (req: ReturnType<typeof request>, answered: () => boolean) => Promise<void>) {
  return new Promise<{ status: number; body: { error: { code: string } }; written: number }>((resolve, reject) => {
    let res: IncomingMessage | undefined;
    let written = 0;
    const req = request(`${base}${CHECKOUT}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Service-Storefront-Api-Key': DEMO.key, ...headers },
    }, (answer) => {
      res = answer;
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, body: JSON.parse(text), written }));
    });
    req.on('error', (err) => (res ? undefined : reject(err))); // the server may close the connection once it answered
    const write = req.write.bind(req);
    req.write = ((chunk: Buffer, ...rest: never[]) => ((written += chunk.length), write(chunk, ...rest))) as typeof req.write;
    send(req, () => res !== undefined).catch(reject);
  });
}

/** Until the request can take more (or is gone, or 50 ms passed): each wait removes its listeners, which pile up otherwise. */
function drainedOrClosed(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      req.off('drain', done).off('close', done);
      resolve();
    };
    const timer = setTimeout(done, 50);
    req.on('drain', done).on('close', done);
  });
}

describe('request body limit (node listener)', () => {
  it('a Content-Length over the limit is answered 413 before any of the body is sent', async () => {
    const answer = await exchange({ 'Content-Length': String(200 * 1024 * 1024) }, async (req) => {
      req.flushHeaders(); // headers only: the body never comes
    });
    assert.deepEqual([answer.status, answer.body.error.code, answer.written], [413, 'payload_too_large', 0]);
  });

  it('a chunked body is read only up to the limit: 413 while the client is still sending', async () => {
    const CAP = 32 * 1024 * 1024; // far more than the limit; the answer must come long before
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const answer = await exchange({ 'Transfer-Encoding': 'chunked' }, async (req, answered) => {
      let sent = 0;
      while (!answered() && sent < CAP && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) await drainedOrClosed(req);
      }
      if (!answered()) req.end();
    });
    assert.equal(answer.status, 413);
    assert.equal(answer.body.error.code, 'payload_too_large');
    assert.ok(answer.written < CAP, `the answer came after ${answer.written} bytes`);
  });
});
