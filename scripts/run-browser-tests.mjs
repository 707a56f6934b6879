// Browser tests in Chromium, Firefox ESR and WebKitGTK (scripts/browser-engines.mjs), one engine after the other:
// @web/test-runner (test/browser/**/*.test.ts, the reference server mounted in the test server) in that engine and,
// beside it, the three-engine journeys (test/e2e/engines/) in it; in Chromium also, before the journeys, the
// Playwright tests of test/e2e that need Chromium's own APIs. The two lanes share nothing (each starts its own
// servers on its own ports), and most of a browser test's time is spent waiting, so running them side by side
// shortens the run; the second lane's output is printed as a whole when it ends. A report line per engine at the
// end; non-zero on any failure.
//   npm run test:browser                               all three engines
//   npm run test:browser -- --engine firefox           one engine (or --engine webkit,chromium)
//   npm run test:browser -- --engine webkit --wtr-only --files test/browser/elements/cart.test.ts
//   npm run test:browser -- --one-lane                 the parts of an engine one after the other, all output live
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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

// test/browser/elements/manifest.test.ts compares dist/custom-elements.json with the rendered elements: analyze first
if (runWtr && spawnSync(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet'], { stdio: 'inherit' }).status !== 0) process.exit(1);

const testFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.test.ts')).sort().map((f) => `${dir}/${f}`);
const report = [];
let failed = false;
for (const engine of engines) {
  const parts = [];
  const note = (name, result, counts) => {
    failed ||= result.code !== 0;
    const [pass, fail] = counts;
    parts.push(`${name} ${result.code === 0 ? 'passed' : 'FAILED'} (${Number.isNaN(pass) || pass === undefined ? '?' : pass} passed, ${fail ?? '?'} failed, ${minutes(result.seconds)})`);
  };
  console.log(`\n=== ${engine} ===`);
  const started = Date.now();
  const wtrLane = async () => {
    const result = await run(['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs', ...wtrFiles], { WTR_ENGINE: engine });
    note('web-test-runner', result, wtrCounts(result.tail) ?? []);
  };
  const e2eLane = async (held) => {
    if (engine === 'chromium') {
      const result = await run(['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=1', ...testFiles('test/e2e')], {}, held);
      note('Chromium e2e', result, nodeCounts(result.tail));
    }
    const result = await run(['--import', 'tsx', '--test', '--test-reporter=spec', 'test/e2e/engines/journeys.test.ts'], { E2E_ENGINE: engine }, held);
    note('journeys', result, nodeCounts(result.tail));
  };
  if (runWtr && runE2e && !oneLane) {
    console.log(`(the ${engine === 'chromium' ? 'Chromium e2e tests and the ' : ''}journeys run beside web-test-runner: their output follows its own)`);
    const held = [];
    const e2eDone = e2eLane(held);
    await wtrLane();
    await e2eDone;
    process.stdout.write(`\n--- ${engine}: ${engine === 'chromium' ? 'Chromium e2e and ' : ''}journeys ---\n`);
    for (const chunk of held) process.stdout.write(chunk);
  } else {
    if (runWtr) await wtrLane();
    if (runE2e) await e2eLane(null);
  }
  report.push(`${engine}: ${parts.join('; ')}; ${minutes((Date.now() - started) / 1000)} in all`);
}

console.log(`\nBrowser tests by engine:\n${report.map((line) => `  ${line}`).join('\n')}`);
if (failed) process.exit(1);
