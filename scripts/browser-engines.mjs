// The three browser engines Debian provides, and how each is started for the tests: Chromium (Playwright),
// Firefox ESR (puppeteer-core over WebDriver BiDi, no geckodriver) and WebKitGTK (WebKitWebDriver driving
// MiniBrowser under a virtual display). Read by web-test-runner.config.mjs, scripts/run-browser-tests.mjs and the
// three-engine journeys' drivers (test/e2e/engines/).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const FIREFOX_PATH = '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic'];

/** What each engine needs on the machine, and the Debian package that brings it. */
const REQUIRED = {
  chromium: [[CHROMIUM_PATH, 'chromium']],
  firefox: [[FIREFOX_PATH, 'firefox-esr']],
  webkit: [[WEBKIT_DRIVER_PATH, 'webkit2gtk-driver'], [MINIBROWSER_PATH, 'webkit2gtk-driver'], ['/usr/bin/xvfb-run', 'xvfb'], ['/usr/bin/xauth', 'xauth']],
};

/** Why `engine` cannot run here (a missing file and its package), or null. */
export function missingFor(engine) {
  const missing = REQUIRED[engine].filter(([path]) => !existsSync(path));
  return missing.length ? `${missing.map(([path]) => path).join(', ')} missing (Debian: apt-get install ${[...new Set(missing.map(([, pkg]) => pkg))].join(' ')})` : null;
}

/**
 * The engines asked for: `--engine firefox` / `--engine=webkit,chromium` on the command line, else the ENGINE
 * variable (same syntax), else all three.
 */
export function requestedEngines(argv = process.argv.slice(2), env = process.env) {
  const i = argv.findIndex((arg) => arg === '--engine' || arg.startsWith('--engine='));
  const value = i < 0 ? env.ENGINE : argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  if (!value) return [...ENGINES];
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !ENGINES.includes(name));
  if (unknown.length) throw new Error(`unknown engine ${unknown.join(', ')} (one of ${ENGINES.join(', ')})`);
  return names;
}

/** puppeteer's launch options for Debian's Firefox ESR (WebDriver BiDi). */
export const firefoxLaunchOptions = () => ({
  browser: 'firefox', executablePath: FIREFOX_PATH, headless: true, protocol: 'webDriverBiDi',
  // a launch on a busy 2-core machine takes 10–30 s
  timeout: 120_000,
});

/** W3C capabilities of a MiniBrowser session. */
export const webkitCapabilities = () => ({
  browserName: 'MiniBrowser',
  // WebKitWebDriver speaks classic WebDriver only: webdriverio 9 would ask for BiDi (webSocketUrl), which it refuses
  'wdio:enforceWebDriverClassic': true,
  'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
});

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

const isOpen = (port) => new Promise((resolve) => {
  const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true))).on('error', () => resolve(false));
});

/**
 * WebKitWebDriver on a free port under xvfb-run (MiniBrowser has no headless mode; the 1600×1200 screen holds a
 * 1280 px page with the window's chrome). Resolves once the driver listens; `close()` ends the driver, its browser
 * and the virtual display (one process group).
 */
export async function startWebKitDriver() {
  const port = await freePort();
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1600x1200x24', WEBKIT_DRIVER_PATH, `--port=${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'], detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  const deadline = Date.now() + 60_000;
  while (!(await isOpen(port))) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid, 'SIGTERM');
      throw new Error(`WebKitWebDriver did not listen on ${port} within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const kill = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ } };
  process.once('exit', kill); // never leave a display or a driver behind
  return {
    hostname: '127.0.0.1',
    port,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      kill();
      await exited;
    },
  };
}
