// Times the area import and location searches: node --import tsx bench/locations.bench.ts
import Database from 'better-sqlite3';
import { installAreas } from '../src/server/db/areas.ts';
import { searchLocations } from '../src/server/domain/locations.ts';

function time(label: string, run: () => void, times = 1): void {
  const start = performance.now();
  for (let i = 0; i < times; i++) run();
  const ms = performance.now() - start;
  console.log(`${label}: ${ms.toFixed(1)} ms${times > 1 ? ` (${((ms / times) * 1000).toFixed(0)} µs each)` : ''}`);
}

let db = new Database(':memory:');
time('installAreas (first, may build the .data cache)', () => installAreas(db));
time('installAreas (fresh :memory: database)', () => installAreas((db = new Database(':memory:'))));

const words = ['bandung', 'kota bandung', 'coblong bandung', 'jawa', 'a', 'sumatera utara', 'kab', 'xyz', ''];
// 810 distinct searches (9 texts × page sizes 11–100): each is new to the memo the first time, remembered the second.
const searches = words.flatMap((search) => Array.from({ length: 90 }, (_, n) => ({ search, pageSize: 11 + n })));
let i = 0;
time('810 searches, first time (searched in SQLite)', () => void searchLocations(db, searches[i++]!), searches.length);
i = 0;
time('810 searches, again (remembered)', () => void searchLocations(db, searches[i++]!), searches.length);
const cursor = searchLocations(db, { search: 'jawa', pageSize: 7 }).next_cursor ?? undefined;
time('second page of "jawa", first time', () => void searchLocations(db, { search: 'jawa', pageSize: 7, cursor }));
