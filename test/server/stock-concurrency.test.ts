import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { serve } from '@hono/node-server';
import { PublicOrder } from '../../src/contract/index.ts';
import { DEMO, testServer } from './helpers.ts';
import { bundle, physicalCheckout, variant } from './order-fixtures.ts';

const TOPI = 111; // topi-terbatas, stock 3
const BUYERS = 50;

type Answer = { status: number; json: any };

function assertOnlyStockSold(answers: Answer[], db: ReturnType<typeof testServer>['db'], sold: number) {
  const created = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status !== 201);
  assert.equal(created.length, sold);
  for (const order of created) PublicOrder.parse(order.json);
  assert.equal(new Set(created.map((a) => a.json.secret_slug)).size, sold);
  for (const answer of refused) {
    assert.equal(answer.status, 400);
    assert.equal(answer.json.error.code, 'out_of_stock');
    assert.ok('items.0.quantity' in answer.json.error.fields);
  }
  assert.equal(db.prepare('SELECT count(*) FROM orders WHERE legacy_id IS NULL').pluck().get(), sold);
  assert.equal(db.prepare('SELECT min(stock) FROM variants').pluck().get() as number >= 0, true);
}

describe('stock under concurrent checkouts', () => {
  it(`sells the 3 hats to 3 of ${BUYERS} simultaneous in-process buyers`, async () => {
    const { app, db } = testServer();
    const answers = await Promise.all(Array.from({ length: BUYERS }, async () => {
      const res = await app.request(`/v3/stores/${DEMO.storeId}/public/checkout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Service-Storefront-Api-Key': DEMO.key },
        body: JSON.stringify(physicalCheckout([variant(TOPI)])),
      });
      return { status: res.status, json: await res.json() };
    }));
    assertOnlyStockSold(answers, db, 3);
    for (const a of answers.filter((x) => x.status === 400)) assert.match(a.json.error.message, /Topi Edisi Terbatas \(Standar\)/);
    assert.equal(db.prepare('SELECT stock FROM variants WHERE id = ?').pluck().get(TOPI), 0);
  });

  it(`sells bundle components only as far as they go (25 shirts, 3 per bundle → 8 bundles)`, async () => {
    const { app, db } = testServer();
    const answers = await Promise.all(Array.from({ length: 20 }, async () => {
      const res = await app.request(`/v3/stores/${DEMO.storeId}/public/checkout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Service-Storefront-Api-Key': DEMO.key },
        body: JSON.stringify(physicalCheckout([bundle(1)])),
      });
      return { status: res.status, json: await res.json() };
    }));
    assertOnlyStockSold(answers, db, 8);
    assert.equal(db.prepare('SELECT stock FROM variants WHERE id = 102').pluck().get(), 1);
  });

  it(`sells the 3 hats to 3 of ${BUYERS} simultaneous buyers over real HTTP`, async () => {
    const { app, db } = testServer();
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const answers = await Promise.all(Array.from({ length: BUYERS }, async () => {
        const res = await fetch(`http://127.0.0.1:${port}/v3/stores/${DEMO.storeId}/public/checkout`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Service-Storefront-Api-Key': DEMO.key },
          body: JSON.stringify(physicalCheckout([variant(TOPI)])),
        });
        return { status: res.status, json: await res.json() };
      }));
      assertOnlyStockSold(answers, db, 3);
      assert.equal(db.prepare('SELECT stock FROM variants WHERE id = ?').pluck().get(TOPI), 0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
