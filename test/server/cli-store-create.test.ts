// `store create` (a store of one's own to try things on), `store set-order-status-url` (where the buyer's order link
// leads) and what `catalog import` says when a row's slug is a product the store has already.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runAdmin as admin, startCli } from './cli-helpers.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'cli-store-')), 'reference.sqlite');

describe('svc-reference-server store create', () => {
  it('creates a store with its keys printed once, the first store\'s payment methods and no products; a running server serves it', async () => {
    const db = fresh();
    const server = await startCli(['--port', '0', '--db', db]);
    try {
      const created = await admin(['store', 'create', 'toko-kopi', '--name', 'Toko Kopi', '--plan', 'basic', '--db', db]);
      assert.equal(created.code, 0, created.stderr);
      assert.match(created.stdout, /^toko-kopi \(Toko Kopi\): plan basic, storefront active$/m);
      const storefrontKey = /storefront keys: (sfk_[\w-]{24})$/m.exec(created.stdout)?.[1];
      const businessKey = /business API key: (bk_[\w-]{24}) /.exec(created.stdout)?.[1];
      assert.ok(storefrontKey && businessKey, created.stdout);
      assert.match(created.stdout, /store add-origin toko-kopi .*catalog import products\.csv --store toko-kopi/);
      assert.doesNotMatch((await admin(['store', 'show', 'toko-kopi', '--db', db])).stdout, /bk_/, 'the business key is not shown again');

      const headers = { 'X-Service-Storefront-Api-Key': storefrontKey };
      const count = await fetch(`${server.url}/v3/stores/toko-kopi/public/items/count`, { headers });
      assert.deepEqual([count.status, await count.json()], [200, { total: 0 }]);
      const methods = async (store: string, key: string) =>
        ((await (await fetch(`${server.url}/v3/stores/${store}/public/payment-methods`, { headers: { 'X-Service-Storefront-Api-Key': key } })).json()) as { code: string }[]).map((m) => m.code);
      assert.deepEqual(await methods('toko-kopi', storefrontKey), await methods('demo-store', 'sfk_demo'));
      const setup = await fetch(`${server.url}/v3/stores`, { headers: { 'X-Service-Api-Key': businessKey } });
      assert.deepEqual(((await setup.json()) as { unique_id: string }[]).map((s) => s.unique_id), ['toko-kopi'], 'the key is the new business\'s');
    } finally {
      await server.stop();
    }
  });

  it('refuses a taken id, a bad id or plan, and a missing name', async () => {
    const db = fresh();
    const taken = await admin(['store', 'create', 'demo-store', '--name', 'Lagi', '--db', db]);
    assert.deepEqual([taken.code, taken.stderr.trim()], [1, 'A store "demo-store" exists already: pick another id']);
    assert.equal((await admin(['store', 'create', 'Toko Kopi', '--name', 'Toko', '--db', db])).code, 2);
    assert.match((await admin(['store', 'create', 'toko', '--name', 'Toko', '--plan', 'gold', '--db', db])).stderr, /Unknown plan gold: free, lite, basic, pro, ultimate/);
    assert.match((await admin(['store', 'create', 'toko', '--db', db])).stderr, /Name the store: --name/);
  });
});

describe('svc-reference-server store set-order-status-url', () => {
  it('sets the merchant\'s order page, shows it, and goes back to the service\'s own with default', async () => {
    const db = fresh();
    const set = await admin(['store', 'set-order-status-url', 'demo-store', 'https://toko.example/pesanan', '--db', db]);
    assert.equal(set.code, 0, set.stderr);
    assert.match(set.stdout, /order status page: https:\/\/toko\.example\/pesanan$/m);
    const back = await admin(['store', 'set-order-status-url', 'demo-store', 'default', '--db', db]);
    assert.match(back.stdout, /order status page: \(the service's own/);
    const bad = await admin(['store', 'set-order-status-url', 'demo-store', 'toko.example/pesanan', '--db', db]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /Not a page address: toko\.example\/pesanan/);
  });
});

describe('catalog import into a store that has the slug already', () => {
  it('says which existing product it updated, what it was called, and what of it stays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-store-'));
    const csv = join(dir, 'products.csv');
    writeFileSync(csv, 'product_slug,product_name,variant_name,sku,price,stock\nkaos-polos,Kaos Kebun,M,KK-M,99000,4\nteh-hijau,Teh Hijau,50 g,,15000,5\n');
    const imported = await admin(['catalog', 'import', csv, '--store', 'demo-store', '--db', join(dir, 'reference.sqlite')]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /1 products created, 1 updated; 2 variants created, 0 updated/);
    assert.match(imported.stdout, /updated the existing product kaos-polos \("Kaos Polos Premium", now "Kaos Kebun"\); 8 variants not in the file stay/);
    assert.match(imported.stdout, /give yours a slug of its own to add a new one/);
  });
});
