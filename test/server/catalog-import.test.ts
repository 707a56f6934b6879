import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CsvImportError, importCatalogCsv } from '../../src/server/domain/catalog-import.ts';
import { testServer } from './helpers.ts';

// `catalog import` is held to the business API's contract: the same schemas per row, and a header that means one thing.

const HEADER = 'product_slug,product_name,variant_name,price,stock';
const counts = (db: ReturnType<typeof testServer>['db']) =>
  db.prepare('SELECT (SELECT COUNT(*) FROM products) AS products, (SELECT COUNT(*) FROM variants) AS variants, (SELECT COUNT(*) FROM categories) AS categories').get();

function refused(text: string, message: RegExp) {
  const { db } = testServer();
  const before = counts(db);
  assert.throws(() => importCatalogCsv(db, 1, text), (err: unknown) => err instanceof CsvImportError && message.test(err.message), String(message));
  assert.deepEqual(counts(db), before, 'nothing written');
}

describe('catalog import: rows as the API takes them', () => {
  it('refuses a category_name the API would refuse (over 200 characters), naming line and column', () => {
    refused(`${HEADER},category,category_name\nteh-hijau,Teh Hijau,100 g,30000,5,teh,${'x'.repeat(5000)}`, /^Line 2, category_name: /);
    refused(`${HEADER},category,category_name\nteh-hijau,Teh Hijau,100 g,30000,5,"Teh Hijau",Teh`, /^Line 2, category: /);
  });

  it('takes a category_name within the API\'s bounds', () => {
    const { db } = testServer();
    importCatalogCsv(db, 1, `${HEADER},category,category_name\nteh-hijau,Teh Hijau,100 g,30000,5,teh,Teh & Tisane`);
    assert.equal(db.prepare("SELECT name FROM categories WHERE slug = 'teh'").pluck().get(), 'Teh & Tisane');
  });
});

describe('catalog import: the header', () => {
  it('refuses a column given twice, naming it (the last one used to win: a variant imported at price 0)', () => {
    refused(`${HEADER},price\nteh-hijau,Teh Hijau,100 g,30000,5,0`, /Duplicate column\(s\): price/);
    refused(`${HEADER},SKU, sku \nteh-hijau,Teh Hijau,100 g,30000,5,A,B`, /Duplicate column\(s\): sku/);
  });

  it('refuses unknown and missing columns, naming them', () => {
    refused(`${HEADER},colour\nteh-hijau,Teh Hijau,100 g,30000,5,green`, /Unknown column\(s\): colour/);
    refused('product_slug,product_name,variant_name,price\nteh-hijau,Teh Hijau,100 g,30000', /Missing column\(s\): stock/);
  });

  it('refuses a row with more cells than the header has columns', () => {
    refused(`${HEADER}\nteh-hijau,Teh Hijau,100 g,30000,5,0`, /^Line 2: 6 cells, but the header has 5 columns/);
  });
});
