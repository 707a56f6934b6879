// `npm run size`: gzip -9 size of every entry (and, for ES entries, of everything loaded before first use),
// against the budgets of DESIGN.md. Builds first when dist/ is missing. Exits 1 when over budget.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1000;
const BUDGETS = [
  { file: 'dist/svc-elements.js', budget: 30 * KB, what: 'all elements, loaded before first use (ES entry + svc-core.js)', graph: true },
  // 2.3 kB: the reserved boxes as every engine evaluates them and their <style> fallback (docs/decisions.md, 25)
  { file: 'dist/svc-elements.iife.js', budget: 2.3 * KB, what: 'the classic <script> tag: reserved boxes, the first page at t = 0, loads the ES build beside it' },
  { file: 'dist/svc-elements.bundle.iife.js', budget: null, what: 'everything inlined, lazy parts included (for hosts without chunks)' },
  { file: 'dist/page-runtime.js', budget: 10 * KB, what: 'HTML Mode runtime, classic <script>' },
  { file: 'dist/page-runtime.esm.js', budget: 10 * KB, what: 'HTML Mode runtime, ES module (static imports)', graph: true },
  { file: 'dist/client.js', budget: null, what: 'headless client (static imports: svc-core.js, shared with the elements)', graph: true },
  { file: 'dist/session.js', budget: null, what: 'nanostores session and the client parts it uses (static imports, svc-core.js included)', graph: true },
];

if (!existsSync('dist/svc-elements.js')) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
/** The file and every chunk it imports or re-exports statically: what a browser fetches before anything is used. */
function staticGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, spec] of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
    if (spec.startsWith('.')) staticGraph(resolve(dirname(file), spec), seen);
  }
  return seen;
}

let over = false;
console.log('| Entry | gzip | budget | |\n|---|---:|---:|---|');
for (const { file, budget, what, graph } of BUDGETS) {
  if (!existsSync(file)) {
    console.log(`| ${file} | missing | | |`);
    over = true;
    continue;
  }
  const size = graph ? [...staticGraph(resolve(file))].reduce((sum, f) => sum + gz(f), 0) : gz(file);
  const verdict = budget === null ? '' : size <= budget ? 'ok' : 'OVER BUDGET';
  if (budget !== null && size > budget) over = true;
  console.log(`| ${file} — ${what} | ${(size / KB).toFixed(1)} kB | ${budget ? `${budget / KB} kB` : '—'} | ${verdict} |`);
}
const lazy = existsSync('dist/chunks') ? execFileSync('ls', ['dist/chunks']).toString().split('\n').filter((f) => f.endsWith('.js')) : [];
for (const chunk of lazy) console.log(`| dist/chunks/${chunk} | ${(gz(join('dist/chunks', chunk)) / KB).toFixed(1)} kB | | chunk |`);
process.exit(over ? 1 : 0);
