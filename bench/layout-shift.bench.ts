/**
 * Cumulative Layout Shift of the demo pages and the pasted-snippet page, through the demo server (`npm start`'s
 * demo/serve.ts, which serves the built bundles), over load and the first 5 s, on a phone and a desktop viewport.
 * `node --import tsx bench/layout-shift.bench.ts` (ROUNDS=3 by default; the worst round is reported).
 */
import { launchChromium, startDemo } from '../test/e2e/support/demo.ts';
import { measureVitals, VIEWPORTS, type Shift } from './vitals.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const demo = await startDemo();
const browser = await launchChromium();
const pages = {
  '/ (demo storefront)': `${demo.origin}/`,
  '/demo/checkout.html': `${demo.origin}/demo/checkout.html`,
  '/demo/landing.html': `${demo.origin}/demo/landing.html`,
  'pasted-snippet page': `${demo.snippetOrigin}/`,
};

const rows: string[] = [];
const culprits = new Map<string, number>();
try {
  for (const [name, url] of Object.entries(pages)) {
    const worst: Record<string, number> = {};
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      for (let round = 0; round < ROUNDS; round++) {
        const { cls, shifts } = await measureVitals(browser, url, viewport);
        worst[label] = Math.max(worst[label] ?? 0, cls);
        shifts.forEach((shift: Shift) => shift.sources.forEach((source) => culprits.set(`${name} ${label}: ${source}`, (culprits.get(`${name} ${label}: ${source}`) ?? 0) + shift.value)));
      }
    }
    rows.push(`| ${name} | ${worst.phone!.toFixed(3)} | ${worst.desktop!.toFixed(3)} |`);
  }
} finally {
  await browser.close();
  await demo.close();
}
console.log(`CLS over load and the first 5 s, worst of ${ROUNDS} rounds (goal ≤ 0.01):\n`);
console.log(`| Page | ${VIEWPORTS.phone.width}×${VIEWPORTS.phone.height} | ${VIEWPORTS.desktop.width}×${VIEWPORTS.desktop.height} |\n|---|---:|---:|`);
rows.forEach((row) => console.log(row));
const moved = [...culprits].sort((a, b) => b[1] - a[1]).slice(0, 12);
if (moved.length) console.log(`\nWhat moved (summed shift score over the rounds, by the node that moved):\n${moved.map(([what, score]) => `- ${what}: ${score.toFixed(3)}`).join('\n')}`);
