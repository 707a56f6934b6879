// Browser tests in Chromium, Firefox ESR and WebKitGTK (scripts/browser-engines.mjs), one engine after the other:
// @web/test-runner (test/browser/**/*.test.ts, the reference server mounted in the test server) in that engine, the
// three-engine journeys (test/e2e/engines/) in it, and in Chromium also the Playwright tests of test/e2e that need
// Chromium's own APIs, one process per file. Two processes run at a time (the two cores): they share nothing (each
// starts its own servers on its own ports) and a browser test spends much of its time waiting, so the run is shorter
// than one process after the other. web-test-runner's output is live; each other process's is printed whole when it
// ends. A report line per engine at the end (each part's time from its first start to its last end); non-zero on any
// failure.
//   npm run test:browser                               all three engines
//   npm run test:browser -- --engine firefox           one engine (or --engine webkit,chromium)
//   npm run test:browser -- --engine webkit --wtr-only --files test/browser/elements/cart.test.ts
//   npm run test:browser -- --one-lane                 one process at a time, all output live
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { missingFor, requestedEngines } from './browser-engines.mjs';

const argv = process.argv.slice(2);
const engines = requestedEngines(argv);
const flag = (name) => argv.includes(name);
// `--files a b …`: every argument up to the next option
const filesAt = argv.indexOf('--files');
const wtrFiles = filesAt < 0 ? [] : ['--files', ...argv.slice(filesAt + 1).filter((_, i, rest) => !rest.slice(0, i + 1).some((arg) => arg.startsWith('--')))];
const runWtr = !flag('--e2e-only');
const runE2e = !flag('--wtr-only') && !wtrFiles.length;
const oneLane = flag('--one-lane');

const missing = engines.map((engine) => missingFor(engine) && `${engine}: ${missingFor(engine)}`).filter(Boolean);
if (missing.length) {
  console.error(`${missing.join('\n')}\nBrowser downloads do not work here: the engines come from Debian (.ci/run installs them).`);
  process.exit(1);
}

/**
 * Runs node with `args`, echoing its output live (or, with `held`, collecting all of it there); resolves with its
 * exit code, the output's tail and the time taken.
 */
function run(args, env = {}, held = null) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const echo = (stream) => (chunk) => {
      if (held) held.push(chunk);
      else stream.write(chunk);
      tail = (tail + chunk).slice(-20_000);
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, tail: stripVTControlCharacters(tail), seconds: (Date.now() - started) / 1000 }));
  });
}

/** "N passed, M failed" of web-test-runner's last progress line; node:test's "pass N / fail M" summary. */
const wtrCounts = (tail) => [...tail.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1)?.slice(1).map(Number);
const nodeCounts = (tail) => ['pass', 'fail'].map((word) => Number(tail.match(new RegExp(`ℹ ${word} (\\d+)`))?.[1]));
const minutes = (seconds) => `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;

// test/browser/elements/manifest.test.ts compares dist/custom-elements.json with the rendered elements: analyze first,
// unless the manifest is newer than the elements and the analyzer's config (test/server/element-manifest.test.ts may have
// just made it)
const newest = (dir) => Math.max(...readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs));
const manifestAt = existsSync('dist/custom-elements.json') ? statSync('dist/custom-elements.json').mtimeMs : -1;
if (runWtr && manifestAt < Math.max(newest('src/elements'), statSync('custom-elements-manifest.config.mjs').mtimeMs)
  && spawnSync(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet'], { stdio: 'inherit' }).status !== 0) process.exit(1);

// The e2e tests start the demo as `npm start` does, which builds dist/ when it is older than src/: built here once,
// before two of them could start building it at the same time
const ensureBuilt = "const { ensureBrowserBuild } = await import('./demo/browser-build.ts'); process.exit(await ensureBrowserBuild(new AbortController().signal) ? 0 : 1)";
if (runE2e && spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', ensureBuilt], { stdio: 'inherit' }).status !== 0) process.exit(1);

const testFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.test.ts')).sort().map((f) => `${dir}/${f}`);
const report = [];
let failed = false;
for (const engine of engines) {
  console.log(`\n=== ${engine} ===`);
  const started = Date.now();
  /** What each test process of this engine runs; `group` names its line in the report. */
  const tasks = [];
  if (runWtr) tasks.push({ group: 'web-test-runner', args: ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs', ...wtrFiles], env: { WTR_ENGINE: engine } });
  if (runE2e && engine === 'chromium') {
    for (const file of testFiles('test/e2e')) tasks.push({ group: 'Chromium e2e', args: ['--import', 'tsx', '--test', '--test-reporter=spec', file], env: {} });
  }
  if (runE2e) tasks.push({ group: 'journeys', args: ['--import', 'tsx', '--test', '--test-reporter=spec', 'test/e2e/engines/journeys.test.ts'], env: { E2E_ENGINE: engine } });
  if (tasks.length > 1 && !oneLane) console.log('(two test processes at a time; web-test-runner\'s output live, each other one whole when it ends)');

  const groups = new Map();
  let wtrRunning = false;
  const waiting = []; // output of processes that ended while web-test-runner printed
  const show = (chunks) => chunks.forEach((chunk) => process.stdout.write(chunk));
  const runTask = async (task) => {
    const wtr = task.group === 'web-test-runner';
    const held = wtr || oneLane ? null : [];
    if (!groups.has(task.group)) groups.set(task.group, { code: 0, pass: 0, fail: 0, known: true, started: Date.now(), ended: 0 });
    wtrRunning ||= wtr;
    const result = await run(task.args, task.env, held);
    if (wtr) wtrRunning = false;
    const group = groups.get(task.group);
    const counts = wtr ? wtrCounts(result.tail) ?? [] : nodeCounts(result.tail);
    if (result.code !== 0) group.code = result.code;
    if (counts.length !== 2 || counts.some((n) => Number.isNaN(n))) group.known = false;
    else [group.pass, group.fail] = [group.pass + counts[0], group.fail + counts[1]];
    group.ended = Date.now();
    if (held && wtrRunning) waiting.push(...held);
    else if (held) show(held);
    if (wtr) show(waiting.splice(0));
  };
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await runTask(task);
  };
  await Promise.all(Array.from({ length: oneLane ? 1 : 2 }, worker));

  const parts = [...groups].map(([name, g]) => {
    failed ||= g.code !== 0;
    return `${name} ${g.code === 0 ? 'passed' : 'FAILED'} (${g.known ? g.pass : '?'} passed, ${g.known ? g.fail : '?'} failed, ${minutes((g.ended - g.started) / 1000)})`;
  });
  report.push(`${engine}: ${parts.join('; ')}; ${minutes((Date.now() - started) / 1000)} in all`);
}

console.log(`\nBrowser tests by engine:\n${report.map((line) => `  ${line}`).join('\n')}`);
if (failed) process.exit(1);
