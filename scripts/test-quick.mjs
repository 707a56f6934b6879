// `npm run test:quick`: the inner loop's check, a part of `npm test` (which runs three engines). The type check
// first; then, side by side, the node tests (test/server) and the browser tests in Chromium alone (web-test-runner),
// the second's output printed when it ends. Files given on the command line narrow it down: test/server/… files to
// the node tests, test/browser/… files to the browser tests (a kind without files is left out then).
//   npm run test:quick
//   npm run test:quick -- test/server/cart.test.ts test/browser/elements/cart.test.ts
// Not covered: lint, Firefox and WebKit, the Playwright e2e tests and journeys (npm test runs them all).
import { spawn } from 'node:child_process';

const files = process.argv.slice(2);
const unknown = files.filter((file) => !/^test\/(server|browser)\/.+\.test\.ts$/.test(file));
if (unknown.length) {
  console.error(`test:quick takes test/server/… and test/browser/… test files only: ${unknown.join(' ')}`);
  process.exit(2);
}
const serverFiles = files.filter((file) => file.startsWith('test/server/'));
const browserFiles = files.filter((file) => file.startsWith('test/browser/'));
const runServer = !files.length || serverFiles.length > 0;
const runBrowser = !files.length || browserFiles.length > 0;

/** Runs node with `args`: output live, or collected in `held`; resolves with the exit code and the time taken. */
function run(args, held = null) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', held ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit'] });
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

const report = [];
const typecheck = await run(['node_modules/typescript/bin/tsc', '--noEmit']);
report.push(`typecheck ${typecheck.code === 0 ? 'passed' : 'FAILED'} (${typecheck.seconds} s)`);
if (typecheck.code !== 0) {
  console.log(`\n${report.join('\n')}`);
  process.exit(1);
}

const held = [];
const browser = runBrowser
  ? run(['scripts/run-browser-tests.mjs', '--engine', 'chromium', '--wtr-only', ...(browserFiles.length ? ['--files', ...browserFiles] : [])], runServer ? held : null)
  : null;
if (runServer) {
  const server = await run(['scripts/run-node-tests.mjs', ...serverFiles]);
  report.push(`node tests ${server.code === 0 ? 'passed' : 'FAILED'} (${server.seconds} s)`);
}
if (browser) {
  const result = await browser;
  if (held.length) process.stdout.write(`\n--- Chromium browser tests ---\n${Buffer.concat(held.map((chunk) => Buffer.from(chunk))).toString()}`);
  report.push(`Chromium browser tests ${result.code === 0 ? 'passed' : 'FAILED'} (${result.seconds} s)`);
}
console.log(`\n${report.join('\n')}`);
process.exit(report.some((line) => line.includes('FAILED')) ? 1 : 0);
