import { serve, type ServerType } from '@hono/node-server';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { accountServer } from './account-helpers.ts';

/** Reliability under load over real HTTP: the rate limiter and refresh-token rotation when requests pile up. */
const servers: ServerType[] = [];
after(() => servers.forEach((s) => s.close()));

function listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
    servers.push(server);
  });
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limiting under load', () => {
  test('a burst far over the limit: every answer is a 200 or a plain-text 429 with the headers, and it recovers', async () => {
    const LIMIT = 40;
    const WINDOW = 2;
    const s = accountServer({ browserRateLimit: { limit: LIMIT, windowSeconds: WINDOW } });
    const url = await listen(s.app);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 400 }, () =>
      fetch(`${url}/v3/stores/demo-store/public/items/count`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } })));
    const windows = Math.ceil((Date.now() - started) / (WINDOW * 1000)) + 1; // windows the burst may have touched
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    assert.equal(ok.length + limited.length, answers.length, 'nothing but 200 and 429');
    assert.ok(ok.length >= LIMIT && ok.length <= LIMIT * windows, `${ok.length} answered within ${windows} window(s) of ${LIMIT}`);
    for (const answer of limited) {
      assert.match(answer.headers.get('content-type') ?? '', /^text\/plain/);
      assert.match(answer.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
      assert.equal(answer.headers.get('x-ratelimit-limit'), String(LIMIT));
      assert.equal(answer.headers.get('x-ratelimit-remaining'), '0');
      assert.ok(Number(answer.headers.get('x-ratelimit-reset')) <= WINDOW);
      await answer.text();
    }
    await Promise.all(ok.map((a) => a.text()));
    await sleep(Number(limited[limited.length - 1]!.headers.get('retry-after')) * 1000 + 100);
    const recovered = await fetch(`${url}/v3/stores/demo-store/public/items/count`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } });
    assert.equal(recovered.status, 200);
  });
});

describe('refresh rotation under load', () => {
  test('20 parallel refreshes with one token: exactly one rotation; the reuse revokes the family', async () => {
    const s = accountServer();
    const url = await listen(s.app);
    const { refresh } = await s.login();
    const answers = await Promise.all(Array.from({ length: 20 }, () =>
      fetch(`${url}/v3/stores/demo-store/public/auth/jwt/refresh`, {
        method: 'POST', headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo', 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh }),
      })));
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((code) => code === 200).length, 1, `statuses ${statuses}`);
    assert.equal(statuses.filter((code) => code === 401).length, 19);
    const winner = (await answers[statuses.indexOf(200)]!.json()) as { refresh: string };
    assert.equal((await s.auth('jwt/refresh', { refresh: winner.refresh })).status, 401, 'the family is revoked by the reuse');
  });
});
