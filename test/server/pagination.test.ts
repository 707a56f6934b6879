import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LocationPage } from '../../src/contract/index.ts';
import { testServer } from './helpers.ts';

const { storefront, db } = testServer();
const keyOf = (item: { entity_type?: string; type?: string; id: number }) => `${item.entity_type ?? item.type}:${item.id}`;

for (const base of ['/items?', '/locations?search=bandung&']) {
  describe(`cursor pagination of ${base}`, () => {
    test('page_size must be an integer from 1 to 100', async () => {
      for (const size of ['0', '101', '-1', 'abc', '1.5', '', '1e2']) {
        const res = await storefront('GET', `${base}page_size=${size}`);
        assert.equal(res.status, 400, `page_size=${size}`);
        assert.ok(res.json.error.fields['query.page_size'], `page_size=${size}`);
      }
      for (const size of ['1', '100']) assert.equal((await storefront('GET', `${base}page_size=${size}`)).status, 200);
    });

    test('both cursors at once, and cursors the server never issued, are 400', async () => {
      const first = await storefront('GET', `${base}page_size=2`);
      const cursor = first.json.next_cursor;
      const both = await storefront('GET', `${base}next_cursor=${cursor}&previous_cursor=${cursor}`);
      assert.equal(both.status, 400);
      assert.ok(both.json.error.fields['query.previous_cursor']);
      for (const forged of ['abc', 'eyJ4IjoxfQ', Buffer.from('[1,2]').toString('base64url')]) {
        const res = await storefront('GET', `${base}next_cursor=${forged}`);
        assert.equal(res.status, 400, forged);
        assert.ok(res.json.error.fields['query.next_cursor'], forged);
      }
    });

    test('paging forward covers everything once, in a stable order, and paging back returns the same pages', async () => {
      const forward: { results: any[]; next_cursor: string | null; previous_cursor: string | null }[] = [];
      let url = `${base}page_size=5`;
      for (let i = 0; i < 8; i++) {
        const page = (await storefront('GET', url)).json;
        forward.push(page);
        if (!page.next_cursor) break;
        url = `${base}page_size=5&next_cursor=${page.next_cursor}`;
      }
      assert.equal(forward[0]!.previous_cursor, null);
      const seen = forward.flatMap((p) => p.results.map(keyOf));
      assert.equal(new Set(seen).size, seen.length, 'no duplicates');
      // back from the last fetched page to the first
      let page = forward[forward.length - 1]!;
      for (let i = forward.length - 2; i >= 0; i--) {
        const back = (await storefront('GET', `${base}page_size=5&previous_cursor=${page.previous_cursor}`)).json;
        assert.deepEqual(back.results.map(keyOf), forward[i]!.results.map(keyOf), `page ${i}`);
        page = back;
      }
      assert.equal(page.previous_cursor, null);
      // the same request twice gives the same page
      assert.deepEqual((await storefront('GET', `${base}page_size=5`)).json, forward[0]);
    });
  });
}

test('the whole item feed pages to exactly items/count entries, and new items do not shift an issued cursor', async () => {
  const first = (await storefront('GET', '/items?page_size=10')).json;
  db.prepare("INSERT INTO products (id, store_id, slug, name, item_type, position) VALUES (900, 1, 'baru', 'Produk Baru', 'physical', -1)").run();
  db.prepare("INSERT INTO variants (id, product_id, name, price, stock) VALUES (9000, 900, 'Standar', 1000, 5)").run();
  const second = (await storefront('GET', `/items?page_size=10&next_cursor=${first.next_cursor}`)).json;
  assert.ok(!second.results.some((i: { id: number }) => first.results.some((f: { id: number }) => f.id === i.id)));
  let total = 0;
  let cursor: string | null = null;
  do {
    const page: any = (await storefront('GET', `/items?page_size=100${cursor ? `&next_cursor=${cursor}` : ''}`)).json;
    total += page.results.length;
    cursor = page.next_cursor;
  } while (cursor);
  assert.equal(total, (await storefront('GET', '/items/count')).json.total);
});

test('location search pages validate against the contract', async () => {
  LocationPage.parse((await storefront('GET', '/locations?search=kota&page_size=100')).json);
});
