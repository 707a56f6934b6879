import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';

/**
 * Indonesian delivery areas: provinces, cities (regencies), subdistricts (districts / kecamatan) and villages
 * (kelurahan / desa), keyed by their official code without dots. The CSV files of `idn-area-data` 4.0.1 (ODbL),
 * gzipped unchanged in `area-data/` (its README says how to update them): that package needs Node 22.
 */
const DATA_VERSION = '4.0.1';
/** Bump when the schema or the derived data (postal codes, index contents) change, so old caches are ignored. */
const SCHEMA_VERSION = 1;
// `.data/` of the checkout (or of the installed server package: lib/server/db/ is as deep as src/server/db/)
const CACHE_FILE = fileURLToPath(new URL(`../../../.data/areas-${DATA_VERSION}-v${SCHEMA_VERSION}.sqlite`, import.meta.url));

/** Kind order of the search index; also the type order of search results. */
export const KIND = { province: 0, city: 1, subdistrict: 2 } as const;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS area_provinces (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS area_cities (id INTEGER PRIMARY KEY, province_id INTEGER NOT NULL, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS area_subdistricts (id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS area_villages (
  id INTEGER PRIMARY KEY, subdistrict_id INTEGER NOT NULL, name TEXT NOT NULL, postal_code TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS area_cities_province ON area_cities (province_id);
CREATE INDEX IF NOT EXISTS area_subdistricts_city ON area_subdistricts (city_id);
CREATE INDEX IF NOT EXISTS area_villages_subdistrict ON area_villages (subdistrict_id, postal_code);
-- One row per province, city and subdistrict; rowid = area id (the id ranges of the levels never overlap).
-- "parents" holds the names of the enclosing city and province so "coblong bandung" can match across levels.
CREATE VIRTUAL TABLE IF NOT EXISTS area_search USING fts5(
  name, parents, kind UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
`;

const TABLES = ['area_provinces', 'area_cities', 'area_subdistricts', 'area_villages'];

/**
 * Creates the area tables and fills them if they are empty, in one transaction. Parsing the CSV files takes
 * ~0.5 s and every test opens a fresh database, so the parsed data is kept in a SQLite file under `.data/` and
 * copied in from there (~0.1 s); without a usable cache file the CSV files are imported directly.
 */
export function installAreas(db: Database.Database): void {
  db.exec(SCHEMA);
  if (db.prepare('SELECT 1 FROM area_provinces LIMIT 1').get()) return;
  const cache = db.inTransaction ? null : cacheFile(); // ATTACH is not allowed inside a transaction
  if (cache) {
    try {
      return copyFrom(db, cache);
    } catch {
      rmSync(cache, { force: true }); // unreadable: rebuilt next time; the failed copy was rolled back
    }
  }
  db.transaction(() => fill(db))();
}

function copyFrom(db: Database.Database, file: string): void {
  db.prepare('ATTACH ? AS area_cache').run(file);
  try {
    db.transaction(() => {
      for (const table of TABLES) db.exec(`INSERT INTO ${table} SELECT * FROM area_cache.${table}`);
      db.exec(`INSERT INTO area_search (rowid, name, parents, kind)
        SELECT rowid, name, parents, kind FROM area_cache.area_search`);
    })();
  } finally {
    db.exec('DETACH area_cache');
  }
}

/** The cache file, built on first use; written under a temporary name and renamed so concurrent test processes never see half a file. */
function cacheFile(): string | null {
  if (existsSync(CACHE_FILE)) return CACHE_FILE;
  const temp = `${CACHE_FILE}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(CACHE_FILE), { recursive: true });
    const file = new Database(temp);
    try {
      file.exec(SCHEMA);
      file.transaction(() => fill(file))();
    } finally {
      file.close();
    }
    renameSync(temp, CACHE_FILE);
    return CACHE_FILE;
  } catch {
    rmSync(temp, { force: true });
    return null; // e.g. a read-only checkout
  }
}

function fill(db: Database.Database): void {
  const provinces = readCsv('provinces.csv', ['code', 'name']);
  const cities = readCsv('regencies.csv', ['code', 'province_code', 'name']);
  const subdistricts = readCsv('districts.csv', ['code', 'regency_code', 'name']);
  const villages = readCsv('villages.csv', ['code', 'district_code', 'name']);

  // One JSON array per table, expanded by SQLite's json_each: far fewer JS→native calls than a row-wise insert.
  const bulk = (sql: string, rows: unknown[][]) => db.prepare(sql).run(JSON.stringify(rows));
  const cols = (n: number) => Array.from({ length: n }, (_, i) => `value->>${i}`).join(', ');
  bulk(`INSERT INTO area_provinces (id, name) SELECT ${cols(2)} FROM json_each(?)`, provinces.map(([c, n]) => [id(c), n]));
  bulk(`INSERT INTO area_cities (id, province_id, name) SELECT ${cols(3)} FROM json_each(?)`,
    cities.map(([c, p, n]) => [id(c), id(p), n]));
  bulk(`INSERT INTO area_subdistricts (id, city_id, name) SELECT ${cols(3)} FROM json_each(?)`,
    subdistricts.map(([c, p, n]) => [id(c), id(p), n]));
  bulk(`INSERT INTO area_villages (id, subdistrict_id, name, postal_code) SELECT ${cols(4)} FROM json_each(?)`,
    villages.map(([c, d, n]) => [id(c), id(d), n, postalCode(c, d)]));

  db.exec(`
    INSERT INTO area_search (rowid, name, parents, kind) SELECT id, name, '', ${KIND.province} FROM area_provinces;
    INSERT INTO area_search (rowid, name, parents, kind)
      SELECT c.id, c.name, p.name, ${KIND.city} FROM area_cities c JOIN area_provinces p ON p.id = c.province_id;
    INSERT INTO area_search (rowid, name, parents, kind)
      SELECT d.id, d.name, c.name || ' ' || p.name, ${KIND.subdistrict}
      FROM area_subdistricts d JOIN area_cities c ON c.id = d.city_id JOIN area_provinces p ON p.id = c.province_id;
    INSERT INTO area_search (area_search) VALUES ('optimize');
  `);
}

/** "32.73.01" → 327301 */
const id = (code: string) => Number(code.replaceAll('.', ''));

/**
 * The package has no postal codes, so each village gets a deterministic, made-up one, shaped like the real ones
 * (five digits, one shared by neighbouring villages): the two-digit province code (11..97, so the first digit is
 * 1-9), then three digits from an FNV-1a hash of the district code, shifted by one for every twenty villages of
 * the district (village number `2001`..`2019` → +0, `2020`..`2039` → +1, …). It depends only on the two codes,
 * so it never changes between imports or with the order of the file.
 */
export function postalCode(villageCode: string, districtCode: string): string {
  const villageNumber = Number(villageCode.slice(villageCode.lastIndexOf('.') + 1)) % 1000;
  const suffix = (fnv1a(districtCode) + Math.floor(villageNumber / 20)) % 1000;
  return districtCode.slice(0, 2) + String(suffix).padStart(3, '0');
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function readCsv(file: string, header: string[]): string[][] {
  const [head, ...rows] = parseCsv(gunzipSync(readFileSync(new URL(`area-data/${file}.gz`, import.meta.url))).toString('utf8'));
  if (head?.join() !== header.join()) throw new Error(`${file}: expected columns ${header.join()}, got ${head?.join()}`);
  return rows;
}

// A field is either quoted ("" inside stands for one quote; commas and line breaks allowed) or plain, and is
// followed by a comma, a line break or the end of the text.
const FIELD = /(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r?\n|$)/y;

/** RFC 4180 CSV → rows of fields. Blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  const end = text.length;
  FIELD.lastIndex = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (FIELD.lastIndex < end) {
    const at = FIELD.lastIndex;
    const match = FIELD.exec(text);
    if (!match) throw new Error(`Malformed CSV at offset ${at}`);
    row.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2]);
    if (match[3] === ',') {
      if (FIELD.lastIndex === end) row.push(''); // "a," ends with an empty field
      else continue;
    }
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  }
  return rows;
}
