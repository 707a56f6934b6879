// The browsers we support, read from the one browserslist in package.json (docs/browsers.md), in the forms the tools
// want: the build's target list (vite.config.ts) and the ECMAScript level the shipped files are parsed at
// (test/server/dist-syntax.test.ts). ESLint's compat rule reads the browserslist itself.
import browserslist from 'browserslist';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * browserslist's names → the engine names of the build's transformer (oxc/esbuild style). Android WebView and the
 * in-app browsers on it are Chromium; iOS's in-app browsers are WKWebView, i.e. iOS Safari. Samsung Internet has its
 * own numbers: the policy starts it at 19 (Chromium 102), above the Chromium floor, so it adds nothing to the target.
 */
const ENGINES = { chrome: 'chrome', and_chr: 'chrome', android: 'chrome', edge: 'edge', firefox: 'firefox', and_ff: 'firefox',
  safari: 'safari', ios_saf: 'ios' };

/** `15.4` before `15.10`: dotted versions compared part by part. */
const older = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  return false;
};

/** The supported browsers as browserslist resolves them, e.g. `['chrome 100', 'safari 15.4', …]`. */
export const supportedBrowsers = () => browserslist(undefined, { path: ROOT });

/** The oldest version of each engine the policy supports: `['chrome100', 'edge100', 'firefox115', 'ios15.4', 'safari15.4']`. */
export function buildTargets(browsers = supportedBrowsers()) {
  const oldest = new Map();
  for (const entry of browsers) {
    const [name, range] = entry.split(' ');
    const engine = ENGINES[name];
    if (!engine) continue;
    const version = range.split('-')[0];
    if (!oldest.has(engine) || older(version, oldest.get(engine))) oldest.set(engine, version);
  }
  return [...oldest].map(([engine, version]) => `${engine}${version}`).sort();
}
