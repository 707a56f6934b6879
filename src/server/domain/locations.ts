import type Database from 'better-sqlite3';
import type { City, Location, LocationPage, PostalCode, Province, Subdistrict } from '../../contract/location.ts';
import { DEFAULT_PAGE_SIZE } from '../../contract/pagination.ts';
import { KIND } from '../db/areas.ts';

/** Location queries over the tables of `installAreas`. */

export interface LocationSearch {
  search?: string;
  pageSize?: number;
  /** A `next_cursor` or `previous_cursor` of an earlier page; `direction` says which one it is. */
  cursor?: string;
  direction?: 'next' | 'previous';
}

/** A cursor that this module did not make; the route answers 400. */
export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

export interface SubdistrictDetail {
  id: number;
  name: string;
  city_id: number;
  city_name: string;
  province_id: number;
  province_name: string;
  label: string;
}

// Search results are in the total order (tier, kind, id). tier 0: every search word is a whole word of the
// area's own name; 1: every word is a prefix of a word of its own name; 2: some words match only the names of
// its city or province. kind: provinces, cities, subdistricts. Cursors hold a (tier, kind, id) position, so
// pages are keyset pages: paging back from a page returns exactly the page before it.
const HITS = `
  SELECT rowid AS id, kind, CASE
    WHEN rowid IN (SELECT rowid FROM area_search WHERE area_search MATCH :words) THEN 0
    WHEN rowid IN (SELECT rowid FROM area_search WHERE area_search MATCH :prefixes) THEN 1
    ELSE 2 END AS tier
  FROM area_search WHERE area_search MATCH :any`;
// Without search words everything is listed; ids of the three levels never overlap, so the id alone is the position.
const ALL = `SELECT id, ${KIND.province} AS kind, 0 AS tier FROM area_provinces
  UNION ALL SELECT id, ${KIND.city}, 0 FROM area_cities
  UNION ALL SELECT id, ${KIND.subdistrict}, 0 FROM area_subdistricts`;
function page(source: string, op: '>' | '<'): string {
  const order = op === '<' ? ' DESC' : '';
  return `SELECT tier, kind, id FROM (${source}) WHERE (tier, kind, id) ${op} (:tier, :kind, :id)
    ORDER BY tier${order}, kind${order}, id${order} LIMIT :limit`;
}

const SUBDISTRICT = `SELECT d.id, d.name, c.id AS city_id, c.name AS city_name, p.id AS province_id, p.name AS province_name
  FROM area_subdistricts d JOIN area_cities c ON c.id = d.city_id JOIN area_provinces p ON p.id = c.province_id
  WHERE d.id = ?`;
const NAME_LIKE = `name LIKE :like ESCAPE '\\'`;
const BY_NAME = 'ORDER BY name COLLATE NOCASE, id';

function prepare(db: Database.Database) {
  return {
    searchNext: db.prepare(page(HITS, '>')),
    searchPrevious: db.prepare(page(HITS, '<')),
    allNext: db.prepare(page(ALL, '>')),
    allPrevious: db.prepare(page(ALL, '<')),
    province: db.prepare('SELECT id, name FROM area_provinces WHERE id = ?'),
    city: db.prepare(`SELECT c.id, c.name, p.id AS province_id, p.name AS province_name
      FROM area_cities c JOIN area_provinces p ON p.id = c.province_id WHERE c.id = ?`),
    subdistrict: db.prepare(SUBDISTRICT),
    provinces: db.prepare(`SELECT id, name FROM area_provinces WHERE ${NAME_LIKE} ${BY_NAME}`),
    allCities: db.prepare(`SELECT id, name, province_id FROM area_cities WHERE ${NAME_LIKE} ${BY_NAME}`),
    cities: db.prepare(`SELECT id, name, province_id FROM area_cities WHERE province_id = :parent AND ${NAME_LIKE} ${BY_NAME}`),
    allSubdistricts: db.prepare(`SELECT id, name, city_id FROM area_subdistricts WHERE ${NAME_LIKE} ${BY_NAME}`),
    subdistricts: db.prepare(`SELECT id, name, city_id FROM area_subdistricts WHERE city_id = :parent AND ${NAME_LIKE} ${BY_NAME}`),
    postalCodes: db.prepare(`SELECT id, name, postal_code FROM area_villages
      WHERE subdistrict_id = :parent AND (${NAME_LIKE} OR postal_code LIKE :prefix ESCAPE '\\') ${BY_NAME}`),
    isPostalCode: db.prepare('SELECT 1 FROM area_villages WHERE subdistrict_id = ? AND postal_code = ? LIMIT 1'),
  };
}
type Statements = ReturnType<typeof prepare>;
const cache = new WeakMap<Database.Database, Statements>();
function statements(db: Database.Database): Statements {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = prepare(db)));
  return s;
}

type Position = { tier: number; kind: number; id: number };
type ProvinceRow = { id: number; name: string };
type CityRow = ProvinceRow & { province_id: number; province_name: string };
type SubdistrictRow = CityRow & { city_id: number; city_name: string };

/** Searches provinces, cities and subdistricts by name (see the order above); a blank search lists them all. */
const SEARCH_MEMO_ENTRIES = 2000;
const searchMemos = new WeakMap<Database.Database, Map<string, LocationPage>>();

/**
 * Search pages, remembered: the area data never changes while the server runs, and buyers type the same prefixes.
 * The least recently used answer goes first once the memo is full.
 */
export function searchLocations(db: Database.Database, query: LocationSearch = {}): LocationPage {
  let memo = searchMemos.get(db);
  if (!memo) searchMemos.set(db, (memo = new Map<string, LocationPage>()));
  const key = JSON.stringify([searchWords(query.search ?? ''), query.pageSize, query.cursor, query.direction]);
  const known = memo.get(key);
  if (known) {
    memo.delete(key); // re-inserted: most recently used at the end
    memo.set(key, known);
    return known;
  }
  const page = searchPage(db, query);
  if (memo.size >= SEARCH_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  memo.set(key, page);
  return page;
}

function searchPage(db: Database.Database, query: LocationSearch): LocationPage {
  const s = statements(db);
  const limit = Math.min(Math.max(Math.trunc(query.pageSize ?? DEFAULT_PAGE_SIZE), 1), 100);
  const { cursor } = query;
  const backward = cursor !== undefined && query.direction === 'previous';
  const from = cursor !== undefined ? decodeCursor(cursor) : { tier: -1, kind: -1, id: -1 };
  const words = searchWords(query.search ?? '');
  const statement = words.length
    ? (backward ? s.searchPrevious : s.searchNext)
    : (backward ? s.allPrevious : s.allNext);
  const match = words.length
    ? {
        any: words.map((w) => `"${w}"*`).join(' '),
        prefixes: `{name} : (${words.map((w) => `"${w}"*`).join(' ')})`,
        words: `{name} : (${words.map((w) => `"${w}"`).join(' ')})`,
      }
    : {};
  const rows = statement.all({ ...match, ...from, limit: limit + 1 }) as Position[];
  const more = rows.length > limit;
  if (more) rows.pop();
  if (backward) rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    results: rows.map((row) => hydrate(s, row)),
    next_cursor: last && (backward || more) ? encodeCursor(last) : null,
    previous_cursor: first && (backward ? more : cursor !== undefined) ? encodeCursor(first) : null,
  };
}

/**
 * The user's text as FTS5 search words: lower-cased runs of letters, digits and marks. Everything else (quotes,
 * `*`, `:`, parentheses, …) separates words, and each word is quoted when used, so no input is FTS5 syntax
 * (`OR` becomes the word "or"). At most 8 words of 40 characters keep the query small.
 */
function searchWords(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return words.slice(0, 8).map((word) => word.slice(0, 40));
}

function encodeCursor({ tier, kind, id }: Position): string {
  return Buffer.from(JSON.stringify([tier, kind, id])).toString('base64url');
}

function decodeCursor(cursor: string): Position {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    /* reported below */
  }
  if (!Array.isArray(value) || value.length !== 3 || !value.every(Number.isSafeInteger)) {
    throw new InvalidCursorError();
  }
  const [tier, kind, id] = value as number[];
  return { tier: tier, kind: kind, id: id };
}

function hydrate(s: Statements, { kind, id }: Position): Location {
  if (kind === KIND.province) {
    const p = s.province.get(id) as ProvinceRow;
    return location('province', p.name, [p.name], p.id, p.name);
  }
  if (kind === KIND.city) {
    const c = s.city.get(id) as CityRow;
    return location('city', c.name, [c.name, c.province_name], c.province_id, c.province_name, c.id, c.name);
  }
  const d = s.subdistrict.get(id) as SubdistrictRow;
  const label = [d.name, d.city_name, d.province_name];
  return location('subdistrict', d.name, label, d.province_id, d.province_name, d.city_id, d.city_name, d.id, d.name);
}

function location(
  type: Location['type'], name: string, label: string[], province_id: number, province_name: string,
  city_id: number | null = null, city_name: string | null = null,
  subdistrict_id: number | null = null, subdistrict_name: string | null = null,
): Location {
  const id = subdistrict_id ?? city_id ?? province_id;
  return { id, type, name, label: label.join(', '), province_id, province_name, city_id, city_name, subdistrict_id, subdistrict_name };
}

/** `%text%` for LIKE, with LIKE's own wildcards taken literally (LIKE ignores ASCII case). */
const contains = (search?: string) => `%${escapeLike(search?.trim() ?? '')}%`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export function listProvinces(db: Database.Database, search?: string): Province[] {
  return statements(db).provinces.all({ like: contains(search) }) as Province[];
}

/** Cities, all or of one province; `null` when that province does not exist. */
export function listCities(db: Database.Database, provinceId?: number, search?: string): City[] | null {
  const s = statements(db);
  if (provinceId === undefined) return s.allCities.all({ like: contains(search) }) as City[];
  if (!s.province.get(provinceId)) return null;
  return s.cities.all({ parent: provinceId, like: contains(search) }) as City[];
}

/** Subdistricts, all or of one city; `null` when that city does not exist. */
export function listSubdistricts(db: Database.Database, cityId?: number, search?: string): Subdistrict[] | null {
  const s = statements(db);
  if (cityId === undefined) return s.allSubdistricts.all({ like: contains(search) }) as Subdistrict[];
  if (!s.city.get(cityId)) return null;
  return s.subdistricts.all({ parent: cityId, like: contains(search) }) as Subdistrict[];
}

/** The villages of a subdistrict with their postal codes; `search` matches a village name or a postal code prefix. */
export function listPostalCodes(db: Database.Database, subdistrictId: number, search?: string): PostalCode[] | null {
  const s = statements(db);
  if (!s.subdistrict.get(subdistrictId)) return null;
  const prefix = `${escapeLike(search?.trim() ?? '')}%`;
  return s.postalCodes.all({ parent: subdistrictId, like: contains(search), prefix }) as PostalCode[];
}

export function getSubdistrict(db: Database.Database, id: number): SubdistrictDetail | null {
  const d = statements(db).subdistrict.get(id) as SubdistrictRow | undefined;
  if (!d) return null;
  const { name, city_id, city_name, province_id, province_name } = d;
  return { id: d.id, name, city_id, city_name, province_id, province_name, label: `${name}, ${city_name}, ${province_name}` };
}

export function isPostalCodeOf(db: Database.Database, subdistrictId: number, postalCode: string): boolean {
  return statements(db).isPostalCode.get(subdistrictId, postalCode) !== undefined;
}
