/**
 * The pages as a merchant's PageSpeed score sees them: Lighthouse's mobile profile (simulated 4G, 4× CPU) on the
 * pasted-snippet page (classic tag, another origin), the demo storefront `/` (module tag), the server-rendered
 * catalog `/ssr/`, and the floor: the same server-rendered page with every `<script>` removed (same cards, same
 * images, no JavaScript). Interleaved rounds; medians, and the ratio to the floor of the same run. Then our tasks
 * from a trace of each page at 4× CPU throttling (`long-tasks.ts`), and Lighthouse's own `long-tasks` audit.
 *
 *   npm run build && npm run bench -- phone      # ROUNDS=5 by default; PAGES=ssr,floor measures some pages only
 *
 * Lighthouse runs as a child process, asynchronously: the floor page is served from this process. Lighthouse 12
 * (13 needs Node 22); `CHROME_PATH` defaults to Debian's Chromium.
 */
import { spawn } from 'node:child_process';
import { createServer, request as forward } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeFor } from '../demo/static-routes.ts';
import { launchChromium, startDemo } from '../test/e2e/support/demo.ts';
import { report, traceLoad, type Task, type TaskReport } from './long-tasks.ts';
import { median } from './vitals.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const TRACE_ROUNDS = Number(process.env.TRACE_ROUNDS ?? 3);
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic';
const load = () => loadavg().map((n) => n.toFixed(2)).join(' / ');
const loadAtStart = load();

const demo = await startDemo();

/**
 * The floor: `/ssr/` as the server wrote it, without a single script (the JSON data children and JSON-LD too), its
 * absolute addresses made relative: the images come from the page's own origin, as on `/ssr/` (through this
 * process), not from a second one whose connection `/ssr/` does not pay.
 */
const ssrHtml = await (await fetch(`${demo.origin}/ssr/`)).text(); // (fetch takes the gzipped answer apart)
const floorHtml = ssrHtml.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replaceAll(`${demo.origin}/`, '/');
/** Serves the floor at `/floor/`, and everything else from the demo (its styles and images), on one origin. */
const floorSite = createServer((req, res) => {
  if (req.url === '/floor/') {
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
    // gzipped as /ssr/ is; encoded before the head is written, since `encodeFor` adds its Content-Encoding
    const body = encodeFor(req, headers['Content-Type']!, floorHtml, headers);
    return void res.writeHead(200, headers).end(body);
  }
  const target = new URL(req.url ?? '/', demo.origin);
  req.pipe(forward(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  }));
});
await new Promise<void>((resolve) => floorSite.listen(0, '127.0.0.1', resolve));
const floorOrigin = `http://127.0.0.1:${(floorSite.address() as { port: number }).port}`;

const ALL_PAGES = {
  floor: { name: 'the floor: /ssr/ with every script removed', url: `${floorOrigin}/floor/` },
  snippet: { name: 'pasted-snippet page (classic tag, another origin)', url: `${demo.snippetOrigin}/` },
  storefront: { name: '/ (demo storefront, module tag)', url: `${demo.origin}/` },
  ssr: { name: '/ssr/ (server-rendered, svc-hydrate.js + module tag)', url: `${demo.origin}/ssr/` },
} as const;
type PageName = keyof typeof ALL_PAGES;
const chosen = (process.env.PAGES?.split(',') ?? Object.keys(ALL_PAGES)) as PageName[];

type Audit = { numericValue?: number; details?: { items?: Record<string, unknown>[] } };
/** `phases`: Lighthouse's LCP breakdown (TTFB, load delay, load time, render delay), ms; `lcpNode`: the element. */
type Run = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; longTasks: { url: string; duration: number }[]; phases: number[]; lcpNode: string };
/** `KEEP_REPORTS=dir` keeps each Lighthouse report there (to read the network and the simulation's nodes). */
const KEEP_REPORTS = process.env.KEEP_REPORTS;

/** One Lighthouse run (mobile profile, performance only) in a child process; its report read from a file. */
async function lighthouse(url: string, dir: string): Promise<Run> {
  const out = join(KEEP_REPORTS ?? dir, `lh-${new URL(url).port}${new URL(url).pathname.replace(/\W/g, '')}-${Date.now()}.json`);
  const child = spawn(process.execPath, ['node_modules/lighthouse/cli/index.js', url, '--only-categories=performance', '--output=json',
    `--output-path=${out}`, `--chrome-flags=${CHROME_FLAGS}`, '--quiet', '--max-wait-for-load=60000'],
  { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`lighthouse exited with ${code} on ${url}`);
  const lhr = JSON.parse(await readFile(out, 'utf8')) as { categories: { performance: { score: number } }; audits: Record<string, Audit>; runtimeError?: { message: string } };
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message} on ${url}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round(lhr.categories.performance.score * 100), fcp: value('first-contentful-paint'), lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'), cls: value('cumulative-layout-shift'), si: value('speed-index'),
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []) as { url: string; duration: number }[],
    ...lcpBreakdown(lhr.audits['largest-contentful-paint-element']),
  };
}

/** The LCP element's audit: a table of the element, then one of the phases (Lighthouse 12). */
function lcpBreakdown(audit: Audit | undefined): Pick<Run, 'phases' | 'lcpNode'> {
  const [element, phases] = (audit?.details?.items ?? []) as { items?: Record<string, unknown>[] }[];
  const node = element?.items?.[0]?.node as { nodeLabel?: string; snippet?: string } | undefined;
  return { phases: (phases?.items ?? []).map((p) => Number(p.timing)), lcpNode: (node?.snippet ?? '').slice(0, 60) };
}

/** A run that fails (an interstitial when the shared machine stalls a connection) is tried again, twice at most. */
async function lighthouseRetried(url: string, dir: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, dir);
    } catch (error) {
      if (attempt === 3) throw error;
      process.stderr.write(`${(error as Error).message}: trying again\n`);
    }
  }
}

const dir = await mkdtemp(join(tmpdir(), 'svc-phone-'));
const runs = Object.fromEntries(chosen.map((p) => [p, [] as Run[]])) as Record<PageName, Run[]>;
const traces = Object.fromEntries(chosen.map((p) => [p, [] as TaskReport[]])) as Record<PageName, TaskReport[]>;
const worstOurs: Task[] = [];
const browser = await launchChromium();
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of chosen) runs[page].push(await lighthouseRetried(ALL_PAGES[page].url, dir));
    process.stderr.write(`round ${round + 1}/${ROUNDS} (load ${load()})\n`);
  }
  for (let round = 0; round < TRACE_ROUNDS; round++) {
    for (const page of chosen) {
      const tasks = await traceLoad(browser, ALL_PAGES[page].url);
      traces[page].push(report(tasks));
      worstOurs.push(...report(tasks).topOurs.map((t) => ({ ...t, urls: [page, ...t.urls] })));
    }
  }
} finally {
  await browser.close();
  floorSite.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
}

const med = (page: PageName, pick: (r: Run) => number) => median(runs[page].map(pick));
const ratio = (page: PageName, pick: (r: Run) => number) => (chosen.includes('floor') ? ` (${(med(page, pick) / med('floor', pick)).toFixed(2)}×)` : '');
/** Lighthouse's long tasks attributed to a script of ours, per run: the longest and their blocking time. */
const ourLh = (r: Run) => r.longTasks.filter((t) => String(t.url).includes('/dist/'));
const lhLongest = (r: Run) => Math.max(0, ...ourLh(r).map((t) => t.duration));
const lhBlocking = (r: Run) => ourLh(r).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
const ms = (n: number) => n.toFixed(0);
const lighthouseVersion = (JSON.parse(await readFile('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;

if (ROUNDS > 0) printLighthouse();
function printLighthouse() {
  console.log(`Lighthouse ${lighthouseVersion}, mobile profile (simulated 4G, 4× CPU), ${ROUNDS} interleaved rounds, medians; load average (1 / 5 / 15 min, 2 cores) ${loadAtStart} → ${load()}\n`);
  console.log('| Page | score | score − floor | FCP ms | LCP ms (× floor) | TBT ms | CLS | SI ms | our longest task (LH) ms | our blocking (LH) ms | scores |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const page of chosen) {
    const gap = chosen.includes('floor') ? String(med(page, (r) => r.score) - med('floor', (r) => r.score)) : '';
    console.log(`| ${ALL_PAGES[page].name} | ${med(page, (r) => r.score)} | ${gap} | ${ms(med(page, (r) => r.fcp))} | ${ms(med(page, (r) => r.lcp))}${ratio(page, (r) => r.lcp)} | ${ms(med(page, (r) => r.tbt))} | ${med(page, (r) => r.cls).toFixed(3)} | ${ms(med(page, (r) => r.si))} | ${ms(med(page, lhLongest))} | ${ms(med(page, lhBlocking))} | ${runs[page].map((r) => r.score).join(' ')} |`);
  }
  console.log('\nLighthouse\'s LCP breakdown, medians (ms): TTFB / load delay / load time / render delay; the LCP element (most runs)\n');
  console.log('| Page | TTFB | load delay | load time | render delay | LCP element |\n|---|---:|---:|---:|---:|---|');
  for (const page of chosen) {
    const phase = (i: number) => ms(med(page, (r) => r.phases[i] ?? NaN));
    const nodes = runs[page].map((r) => r.lcpNode);
    const common = nodes.sort((a, b) => nodes.filter((n) => n === b).length - nodes.filter((n) => n === a).length)[0] ?? '';
    console.log(`| ${ALL_PAGES[page].name} | ${phase(0)} | ${phase(1)} | ${phase(2)} | ${phase(3)} | \`${common.replace(/\|/g, '\\|')}\` |`);
  }
}
console.log(`\nTraced loads at 4× CPU throttling (Chromium, 412×823 touch, load + 5 s), ${TRACE_ROUNDS} rounds, medians; "ours": tasks running our scripts:\n`);
console.log('| Page | our longest task ms | our blocking time ms | our tasks | longest task, any ms | blocking time, any ms |\n|---|---:|---:|---:|---:|---:|');
for (const page of chosen) {
  const t = (pick: (r: TaskReport) => number) => ms(median(traces[page].map(pick)));
  console.log(`| ${ALL_PAGES[page].name} | ${t((r) => r.longestOurs)} | ${t((r) => r.tbtOurs)} | ${t((r) => r.oursCount)} | ${t((r) => r.longestAll)} | ${t((r) => r.tbtAll)} |`);
}
const top = worstOurs.sort((a, b) => b.ms - a.ms).slice(0, 5);
if (top.length) console.log(`\nOur longest traced tasks: ${top.map((t) => `${t.urls[0]} ${ms(t.ms)} ms at ${ms(t.startMs)} ms (${t.urls.slice(1).map((u) => u.replace(/^.*\//, '')).join(', ') || 'microtasks'})`).join('; ')}`);
