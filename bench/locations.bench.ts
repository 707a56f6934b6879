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
let i = 0;
time('1,000 searches, page size 24', () => void searchLocations(db, { search: words[i++ % words.length] }), 1000);
const cursor = searchLocations(db, { search: 'jawa' }).next_cursor ?? undefined;
time('1,000 second pages of "jawa"', () => void searchLocations(db, { search: 'jawa', cursor }), 1000);
