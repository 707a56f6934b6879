import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { LocationPage, PostalCodeList, ProvinceList } from '../../src/contract/location.ts';
import type { Location } from '../../src/contract/location.ts';
import { installAreas, parseCsv, postalCode } from '../../src/server/db/areas.ts';
import {
  getSubdistrict, InvalidCursorError, isPostalCodeOf, listCities, listPostalCodes, listProvinces, listSubdistricts,
  searchLocations,
} from '../../src/server/domain/locations.ts';

let db: Database.Database;
before(() => {
  db = new Database(':memory:');
  installAreas(db);
});

const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const search = (text: string, pageSize = 100) => LocationPage.parse(searchLocations(db, { search: text, pageSize })).results;
const labels = (results: Location[]) => results.map((r) => r.label);

describe('installAreas', () => {
  it('imports every level', () => {
    assert.equal(count('area_provinces'), 38);
    assert.equal(count('area_cities'), 514);
    assert.ok(count('area_subdistricts') > 7000);
    assert.ok(count('area_villages') > 80000);
    assert.equal(count('area_search'), 38 + 514 + count('area_subdistricts'));
  });

  it('is idempotent', () => {
    installAreas(db);
    assert.equal(count('area_provinces'), 38);
  });

  it('keeps quoted CSV fields whole', () => {
    assert.equal(getSubdistrict(db, 352922)?.name, 'Ra"as');
    assert.equal((db.prepare('SELECT name FROM area_villages WHERE id = 1207281007').get() as { name: string }).name, 'Lubuk Pakam I,II');
    assert.deepEqual(parseCsv('code,name\r\n1,"a, ""b"""\n\n2,\n"x\ny",z'), [
      ['code', 'name'], ['1', 'a, "b"'], ['2', ''], ['x\ny', 'z'],
    ]);
    assert.throws(() => parseCsv('1,"open'));
  });

  it('derives deterministic five-digit postal codes', () => {
    const rows = () => db.prepare('SELECT id, postal_code FROM area_villages ORDER BY id').all() as { id: number; postal_code: string }[];
    const codes = rows();
    assert.ok(codes.every((v) => /^[1-9]\d{4}$/.test(v.postal_code)));
    const other = new Database(':memory:');
    installAreas(other);
    assert.deepEqual(other.prepare('SELECT id, postal_code FROM area_villages ORDER BY id').all(), codes);
    assert.equal(postalCode('32.73.02.1001', '32.73.02'), postalCode('32.73.02.1001', '32.73.02'));
    assert.equal(postalCode('32.73.02.1001', '32.73.02').slice(0, 2), '32');
    // Neighbouring villages mostly share one code.
    const perDistrict = db.prepare('SELECT avg(n) AS avg FROM (SELECT count(DISTINCT postal_code) AS n FROM area_villages GROUP BY subdistrict_id)').get() as { avg: number };
    assert.ok(perDistrict.avg < 2);
  });
});

describe('searchLocations', () => {
  it('finds every level by a prefix of any word, cities before their subdistricts', () => {
    const results = search('bandung');
    assert.deepEqual(labels(results.slice(0, 3)).sort(), [
      'Kabupaten Bandung Barat, Jawa Barat', 'Kabupaten Bandung, Jawa Barat', 'Kota Bandung, Jawa Barat',
    ]);
    assert.ok(results.slice(0, 3).every((r) => r.type === 'city'));
    assert.ok(labels(results).includes('Coblong, Kota Bandung, Jawa Barat'));
    assert.ok(labels(search('band')).includes('Kota Bandung, Jawa Barat'));
  });

  it('ranks the exact name first', () => {
    const [first] = search('kota bandung');
    assert.equal(first?.label, 'Kota Bandung, Jawa Barat');
    assert.deepEqual({ id: first?.id, type: first?.type, city_id: first?.city_id, province_id: first?.province_id }, {
      id: 3273, type: 'city', city_id: 3273, province_id: 32,
    });
    assert.equal(search('jawa')[0]?.type, 'province');
  });

  it('finds subdistricts, case-insensitively and with the names of their parents', () => {
    for (const text of ['coblong', 'COBLONG', 'coblong bandung', 'Coblong, Kota Bandung']) {
      assert.deepEqual(search(text)[0], {
        id: 327302, type: 'subdistrict', name: 'Coblong', label: 'Coblong, Kota Bandung, Jawa Barat',
        province_id: 32, province_name: 'Jawa Barat', city_id: 3273, city_name: 'Kota Bandung',
        subdistrict_id: 327302, subdistrict_name: 'Coblong',
      }, text);
    }
    assert.deepEqual(search('coblong surabaya'), []);
  });

  it('never lets the search text become FTS5 syntax', () => {
    for (const text of ['"foo* OR (', "'", '"', 'x'.repeat(300), 'NEAR(a b)', '{name}: ^x -y', 'a AND', '*', '\u0301']) {
      assert.doesNotThrow(() => searchLocations(db, { search: text }), text);
    }
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
      searchLocations(db, { search: text, pageSize: 5 });
    }), { numRuns: 300 });
  });

  it('lists provinces, then cities, then subdistricts without a search', () => {
    const { results } = searchLocations(db, { pageSize: 40 });
    assert.deepEqual(results.slice(0, 38).map((r) => r.type), Array(38).fill('province'));
    assert.deepEqual(results.slice(38).map((r) => r.label), ['Kabupaten Aceh Selatan, Aceh', 'Kabupaten Aceh Tenggara, Aceh']);
    assert.deepEqual(searchLocations(db, { search: '  ', pageSize: 40 }).results, results);
  });

  it('remembers a search page: the same words give the same answer without searching again', () => {
    const first = searchLocations(db, { search: 'Kota Bandung', pageSize: 7 });
    assert.equal(searchLocations(db, { search: '  kota   BANDUNG ', pageSize: 7 }), first, 'the remembered page itself');
    assert.notEqual(searchLocations(db, { search: 'Kota Bandung', pageSize: 8 }), first);
    assert.deepEqual(searchLocations(db, { search: 'Kota Bandung', pageSize: 8 }).results.slice(0, 7), first.results);
  });

  /** Follows next_cursor to the end, then previous_cursor back to the start. */
  function walk(text: string | undefined, pageSize: number) {
    const forward: Location[][] = [];
    let page = searchLocations(db, { search: text, pageSize });
    assert.equal(page.previous_cursor, null);
    forward.push(page.results);
    while (page.next_cursor) {
      page = searchLocations(db, { search: text, pageSize, cursor: page.next_cursor, direction: 'next' });
      forward.push(page.results);
    }
    const backward = [page.results];
    while (page.previous_cursor) {
      page = searchLocations(db, { search: text, pageSize, cursor: page.previous_cursor, direction: 'previous' });
      backward.unshift(page.results);
    }
    return { forward, backward };
  }

  it('pages forward and back through identical pages', () => {
    for (const [text, pageSize] of [['bandung', 7], ['jawa barat', 100], [undefined, 100]] as const) {
      const { forward, backward } = walk(text, pageSize);
      assert.ok(forward.length > 2, `several pages for ${text}`);
      assert.deepEqual(backward, forward);
      assert.ok(forward.slice(0, -1).every((p) => p.length === pageSize));
      const keys = forward.flat().map((r) => `${r.type}:${r.id}`);
      assert.equal(new Set(keys).size, keys.length, 'no duplicates');
      if (text === undefined) assert.equal(keys.length, count('area_search'));
    }
    const all = search('bandung');
    assert.deepEqual(walk('bandung', 7).forward.flat(), all);
  });

  it('rejects cursors it did not make', () => {
    for (const cursor of ['nope', '', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('[1,2]').toString('base64url')]) {
      assert.throws(() => searchLocations(db, { cursor }), InvalidCursorError);
      assert.throws(() => searchLocations(db, { cursor, direction: 'previous' }), InvalidCursorError);
    }
  });
});

describe('area lists', () => {
  it('lists provinces by name, filtered by a case-insensitive substring', () => {
    const provinces = ProvinceList.parse(listProvinces(db));
    assert.equal(provinces.length, 38);
    assert.deepEqual(provinces.map((p) => p.name), provinces.map((p) => p.name).sort((a, b) => a.localeCompare(b)));
    assert.deepEqual(listProvinces(db, 'JAWA').map((p) => p.id), [32, 33, 35]);
    assert.deepEqual(listProvinces(db, 'tengah').map((p) => p.name), ['Jawa Tengah', 'Kalimantan Tengah', 'Papua Tengah', 'Sulawesi Tengah']);
    assert.deepEqual(listProvinces(db, '%'), []);
  });

  it('lists cities and subdistricts, all or of one parent, null for an unknown parent', () => {
    assert.equal(listCities(db)?.length, 514);
    assert.deepEqual(listCities(db, 32, 'bandung'), [
      { id: 3204, name: 'Kabupaten Bandung', province_id: 32 },
      { id: 3217, name: 'Kabupaten Bandung Barat', province_id: 32 },
      { id: 3273, name: 'Kota Bandung', province_id: 32 },
    ]);
    assert.deepEqual(listCities(db, 35, 'bandung'), []);
    assert.equal(listCities(db, 99), null);
    assert.ok(listSubdistricts(db)!.length > 7000);
    assert.deepEqual(listSubdistricts(db, 3273, 'coBL'), [{ id: 327302, name: 'Coblong', city_id: 3273 }]);
    assert.equal(listSubdistricts(db, 3273)?.length, 30);
    assert.equal(listSubdistricts(db, 9999), null);
  });

  it('lists the postal areas of a subdistrict', () => {
    const villages = PostalCodeList.parse(listPostalCodes(db, 327302));
    assert.ok(villages.some((v) => v.name === 'Dago'));
    const code = villages[0]!.postal_code;
    assert.deepEqual(listPostalCodes(db, 327302, 'dag')?.map((v) => v.name), ['Dago']);
    assert.equal(listPostalCodes(db, 327302, code)?.length, villages.filter((v) => v.postal_code === code).length);
    assert.equal(listPostalCodes(db, 999999), null);
    assert.ok(isPostalCodeOf(db, 327302, code));
    assert.ok(!isPostalCodeOf(db, 327302, '00000'));
    assert.ok(!isPostalCodeOf(db, 999999, code));
  });

  it('describes a subdistrict for shipping', () => {
    assert.deepEqual(getSubdistrict(db, 327302), {
      id: 327302, name: 'Coblong', city_id: 3273, city_name: 'Kota Bandung', province_id: 32, province_name: 'Jawa Barat',
      label: 'Coblong, Kota Bandung, Jawa Barat',
    });
    assert.equal(getSubdistrict(db, 3273), null);
  });
});
