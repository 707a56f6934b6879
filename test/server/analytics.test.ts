import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OutboxEvent } from '../../src/server/domain/analytics-outbox.ts';
import { accountServer, DEMO, PAGE, sleep } from './account-helpers.ts';

const event = (extra: Record<string, unknown> = {}) => ({
  event_name: 'AddToCart',
  event_id: 'evt-00000001',
  event_time: 1_700_000_000,
  event_source_url: 'http://localhost:8787/landing.html',
  user_data: { em: 'a'.repeat(64), fbp: 'fb.1.123.456' },
  custom_data: { value: 170000, currency: 'IDR', content_ids: ['101'] },
  ...extra,
});

type Server = ReturnType<typeof accountServer>;
type PostOptions = { body?: unknown; raw?: boolean; headers?: Record<string, string | null>; page?: string; key?: string };
/** An event as a page's browser sends it: from one of the page's domains. */
const post = (s: Server, path: string, options: PostOptions = {}) =>
  s.page('POST', path, { ...options, headers: { Origin: DEMO.origin, ...options.headers } });

async function outbox(s: Server, provider?: string) {
  return (await s.request('GET', `/__reference/outbox${provider ? `?provider=${provider}` : ''}`)).json.events as OutboxEvent[];
}

describe('analytics events', () => {
  for (const [route, kinds] of [['meta', ['meta', 'facebook']], ['tiktok', ['tiktok']], ['snackvideo', ['snackvideo', 'kwai']]] as const) {
    it(`${route}: 204 with an empty body, stored in the outbox for kinds ${kinds.join(', ')}`, async () => {
      const s = accountServer();
      for (const [i, kind] of kinds.entries()) {
        const res = await post(s, `/analytics/${route}/events`, { body: event({ kind, event_id: `evt-${route}-${i}` }) });
        assert.equal(res.status, 204);
        assert.equal(res.text, '');
      }
      const stored = await outbox(s, route);
      assert.deepEqual(stored.map((e) => e.kind).sort(), [...kinds].sort());
      assert.equal(stored[0]!.page_unique_id, PAGE.id);
      assert.equal(stored[0]!.forwarded_at, null); // no sender by default
    });
  }

  it('defaults the kind to the route\'s provider and refuses another provider\'s kind', async () => {
    const s = accountServer();
    assert.equal((await post(s, '/analytics/meta/events', { body: event() })).status, 204);
    assert.equal((await outbox(s, 'meta'))[0]!.kind, 'meta');
    const wrong = await post(s, '/analytics/meta/events', { body: event({ kind: 'tiktok', event_id: 'evt-other-1' }) });
    assert.equal(wrong.status, 400);
    assert.ok('kind' in wrong.json.error.fields);
    assert.equal((await post(s, '/analytics/snackvideo/events', { body: event({ kind: 'facebook' }) })).status, 400);
  });

  it('deduplicates by (page, provider, event_id)', async () => {
    const s = accountServer();
    for (let i = 0; i < 3; i++) assert.equal((await post(s, '/analytics/meta/events', { body: event() })).status, 204);
    assert.equal((await post(s, '/analytics/tiktok/events', { body: event() })).status, 204);
    assert.equal((await outbox(s, 'meta')).length, 1);
    assert.equal((await outbox(s)).length, 2);
  });

  it('deduplicates per page: one page cannot claim the event id of another page\'s event', async () => {
    const s = accountServer();
    const claimed = await post(s, '/analytics/meta/events', { page: PAGE.otherId, key: PAGE.otherKey, body: event({ event_name: 'AddToCart' }) });
    assert.equal(claimed.status, 204);
    assert.equal((await post(s, '/analytics/meta/events', { body: event({ event_name: 'AddToCart' }) })).status, 204);
    const stored = await outbox(s, 'meta');
    assert.deepEqual(stored.map((e) => e.page_unique_id).sort(), [PAGE.id, PAGE.otherId].sort());
  });

  it('accepts text/plain JSON (navigator.sendBeacon)', async () => {
    const s = accountServer();
    const res = await post(s, '/analytics/tiktok/events', {
      body: JSON.stringify(event({ event_id: 'evt-beacon-1' })), raw: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    assert.equal(res.status, 204);
    assert.equal((await outbox(s, 'tiktok'))[0]!.event_id, 'evt-beacon-1');
  });

  it('takes the page key from ?page_key= on event routes only, since sendBeacon cannot send headers', async () => {
    const s = accountServer();
    const beacon = (path: string, key: string) => s.request('POST', `/v3/pages/${PAGE.id}${path}?page_key=${key}`, {
      body: JSON.stringify(event({ event_id: 'evt-beacon-2' })), raw: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: DEMO.origin },
    });
    assert.equal((await beacon('/analytics/meta/events', PAGE.key)).status, 204);
    assert.equal((await outbox(s, 'meta'))[0]!.event_id, 'evt-beacon-2');
    assert.equal((await beacon('/analytics/meta/events', PAGE.otherKey)).status, 404, 'another page\'s key');
    assert.equal((await beacon('/analytics/meta/events', 'sfk_demo')).status, 404, 'a storefront key');
    assert.equal((await beacon('/checkout/summary', PAGE.key)).status, 404, 'other page routes still need the header');
    assert.equal((await s.request('GET', `/v3/pages/${PAGE.id}/locations/provinces?page_key=${PAGE.key}`)).status, 404);
  });

  it('answers 400 for bad bodies and 404 without the page key', async () => {
    const s = accountServer();
    for (const body of ['not json', {}, event({ event_name: 'Hack' }), event({ event_id: 'x' }), event({ user_data: { em: 'plain@example.com' } })]) {
      assert.equal((await post(s, '/analytics/meta/events', { body })).status, 400, JSON.stringify(body));
    }
    assert.equal((await post(s, '/analytics/meta/events', { body: event(), key: 'sfk_demo' })).status, 404);
    assert.equal((await outbox(s)).length, 0);
  });

  it('forwards through a configured sender and records failures', async () => {
    const sent: OutboxEvent[] = [];
    const s = accountServer({
      analyticsSender: async (e) => {
        if (e.provider === 'tiktok') throw new Error('TikTok said no');
        sent.push(e);
      },
    });
    await post(s, '/analytics/meta/events', { body: event({ kind: 'facebook' }) });
    await post(s, '/analytics/tiktok/events', { body: event() });
    await post(s, '/analytics/meta/events', { body: event({ kind: 'facebook' }) }); // a duplicate is not sent again
    await sleep(20);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.kind, 'facebook');
    assert.equal(sent[0]!.payload.custom_data?.value, 170000);
    const [tiktok] = await outbox(s, 'tiktok');
    assert.equal(tiktok!.forwarded_at, null);
    assert.match(tiktok!.last_error ?? '', /TikTok said no/);
    assert.ok((await outbox(s, 'meta'))[0]!.forwarded_at);
  });

  it('the outbox route is dev-only', async () => {
    const s = accountServer({ devRoutes: false });
    assert.equal((await post(s, '/analytics/meta/events', { body: event() })).status, 204);
    assert.equal((await s.request('GET', '/__reference/outbox')).status, 404);
  });
});
