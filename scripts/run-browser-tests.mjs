// Browser tests: @web/test-runner (test/browser/**/*.test.ts in Debian's Chromium, the reference server mounted in
// the test server), then the Playwright tests of test/e2e (two-page sessions, the HTML Mode page, the purchase
// journeys), one file at a time. Non-zero on failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

if (!existsSync('/usr/bin/chromium')) {
  console.error('Chromium is missing at /usr/bin/chromium (Debian: apt-get install chromium). Browser downloads do not work here.');
  process.exit(1);
}

const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;

// test/browser/elements/manifest.test.ts compares dist/custom-elements.json with the rendered elements: analyze first
if (run(['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet']) !== 0) process.exit(1);
const wtr = run(['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs']);
const e2eTests = readdirSync('test/e2e').filter((f) => f.endsWith('.test.ts')).sort().map((f) => `test/e2e/${f}`);
const e2e = e2eTests.length ? run(['--import', 'tsx', '--test', '--test-concurrency=1', ...e2eTests]) : 0;

if (wtr !== 0 || e2e !== 0) {
  console.error(`browser tests failed (web-test-runner: ${wtr}, playwright: ${e2e})`);
  process.exit(1);
}
