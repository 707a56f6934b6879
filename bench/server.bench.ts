/**
 * Reference server throughput beside raw node:http serving the same bytes, in the same run (the ratio is the figure).
 * `npm run bench -- server`. Prints a Markdown table; medians of ROUNDS rounds.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = 50;
const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

async function start(args: string[]): Promise<string> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return line.replace('listening on ', '');
}

const STORE = '/v3/stores/demo-store/public';
const headers = { 'X-Service-Storefront-Api-Key': 'sfk_demo', 'Content-Type': 'application/json' };
const physical = [{ type: 'variant', variant_id: 101, quantity: 2 }, { type: 'bundle_price_option', bundle_price_option_id: 2, quantity: 1 }];
const allScenarios = [
  { name: 'GET /public/items (24 cards)', method: 'GET', path: `${STORE}/items?page_size=24` },
  { name: 'POST /public/cart/items', method: 'POST', path: `${STORE}/cart/items`, body: { type: 'variant', variant_id: 101, quantity: 1 } },
  {
    name: 'POST /public/checkout/summary', method: 'POST', path: `${STORE}/checkout/summary`,
    body: { items: physical, destination: { location_id: 327302 }, courier: 'jne', courier_service: 'REG', warehouse_id: 11, payment_method: 'bank_transfer' },
  },
  { name: 'GET /public/locations?search=… (full area data)', method: 'GET', path: `${STORE}/locations?search=kota%20bandung&page_size=24` },
];

// ONLY=items (a word of the route's name) runs one scenario, for profiling.
const scenarios = allScenarios.filter((s) => !process.env.ONLY || s.name.includes(process.env.ONLY));

type Result = { rps: number; p50: number; p99: number; non2xx: number };
function run(url: string, s: (typeof scenarios)[number]): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url: url + s.path, method: s.method as 'GET', headers, body: s.body && JSON.stringify(s.body), connections: CONNECTIONS, duration: DURATION },
      (err, r) => (err ? reject(err) : resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx })));
  });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const reference = await start(['--import', 'tsx', 'src/server/cli.ts', '--port', '0', '--rate-limit', '100000000', '--db', join(dir, 'bench.sqlite')]);

// Record what the reference server answers, so the baseline serves exactly the same bytes and headers.
const fixtures: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
for (const s of scenarios) {
  const res = await fetch(reference + s.path, { method: s.method, headers, body: s.body && JSON.stringify(s.body) });
  const kept: Record<string, string> = {};
  res.headers.forEach((value, name) => { if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) kept[name] = value; });
  fixtures[`${s.method} ${s.path}`] = { status: res.status, headers: kept, body: await res.text() };
}
const fixtureFile = join(dir, 'fixtures.json');
writeFileSync(fixtureFile, JSON.stringify(fixtures));
const raw = await start(['bench/raw-server.mjs', fixtureFile]);

console.log(`Reference server vs raw node:http, ${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} rounds (medians)\n`);
console.log('| Route | reference req/s | raw req/s | ratio | reference p50 / p99 ms | raw p50 / p99 ms |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const s of scenarios) {
  const ours: Result[] = [];
  const base: Result[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    ours.push(await run(reference, s));
    base.push(await run(raw, s));
  }
  const [o, b] = [ours, base].map((rs) => ({ rps: median(rs.map((r) => r.rps)), p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)) }));
  const errors = ours.reduce((n, r) => n + r.non2xx, 0);
  console.log(`| ${s.name} | ${Math.round(o!.rps)} | ${Math.round(b!.rps)} | ${(o!.rps / b!.rps).toFixed(2)} | ${o!.p50} / ${o!.p99} | ${b!.p50} / ${b!.p99} |${errors ? ` (${errors} non-2xx)` : ''}`);
}
process.exit(0);
