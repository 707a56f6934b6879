// `npm run bench [-- NAME…]`: prints figures (never pass/fail). NAMEs: size, server, browser, layout, locations, phone (default: all).
// Results and how to read them: docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BENCHES = {
  size: ['scripts/size.mjs'],
  server: ['--import', 'tsx', 'bench/server.bench.ts'],
  browser: ['--import', 'tsx', 'bench/browser.bench.ts'],
  layout: ['--import', 'tsx', 'bench/layout-shift.bench.ts'],
  locations: ['--import', 'tsx', 'bench/locations.bench.ts'],
  phone: ['--import', 'tsx', 'bench/phone.bench.ts'],
};
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(BENCHES);
if (chosen.some((name) => name === 'browser' || name === 'size' || name === 'layout' || name === 'phone') && !existsSync('dist/svc-elements.js')) {
  spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
for (const name of chosen) {
  if (!BENCHES[name]) {
    console.error(`unknown bench "${name}"; choose from ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n## ${name}\n`);
  spawnSync(process.execPath, BENCHES[name], { stdio: 'inherit' });
}
