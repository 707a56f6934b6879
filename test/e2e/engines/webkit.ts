// WebKitGTK through webdriverio on WebKitWebDriver (MiniBrowser under xvfb-run). MiniBrowser's window does not
// shrink below ≈447 px, and its console never reaches the driver, so every page runs in a same-origin iframe of the
// viewport's size inside a harness document: the harness hooks each document the frame loads before its scripts run
// (WATCH_PROBLEMS) and keeps what it saw. Pages are windows of one session and share its storage: a page opened
// while no other is open starts with the storage of each origin it visits cleared. No touch screen: WebKitWebDriver
// has no command to emulate one, so a phone's page here has the width of a phone and the mouse of a desktop.
import { remote } from 'webdriverio';
import { startWebKitDriver, webkitCapabilities } from '../../../scripts/browser-engines.mjs';
import { elementExpression, type DriverBrowser, type DriverPage, type Key, type Viewport } from './driver.ts';
import { HITS_ITSELF, WATCH_PROBLEMS } from './page-scripts.ts';

// switchToFrame is classic WebDriver's command; webdriverio 9 calls it deprecated in favour of its BiDi switchFrame
process.env.DISABLE_WEBDRIVERIO_DEPRECATION_WARNINGS = 'true';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
type ElementRef = { [ELEMENT]: string };
/** WebDriver's key codes, pressed in order and released in reverse. */
const KEYS: Record<Key, string[]> = { Escape: ['\uE00C'], Enter: ['\uE007'], Tab: ['\uE004'], 'Control+V': ['\uE009', 'v'] };
/** Any address of the origin will do for the harness: it replaces the document (the demo answers a plain 404). */
const HARNESS_PATH = '/__engine-harness';

/**
 * Run in the harness document: empties it, puts the frame in, and defines `__load(url)`. Each document the frame
 * gets is hooked (WATCH_PROBLEMS, then the page's init scripts, each given the frame's window) as soon as it
 * exists: a message-channel loop started when the previous one hides (or by __load) looks for it, which comes
 * before its first script unless the whole document is parsed in one task. A document the loop missed is hooked at
 * its load event and, if it has scripts, noted in `__late`.
 */
const harness = (initScripts: string[]) => `(viewport, clearStorage) => {
  const inits = [${initScripts.join(', ')}];
  document.documentElement.innerHTML = '<head></head><body style="margin:0"></body>';
  if (clearStorage) { localStorage.clear(); sessionStorage.clear(); }
  window.__problems = [];
  window.__late = [];
  const sink = (line) => window.__problems.push(line);
  const watch = ${WATCH_PROBLEMS};
  const frame = document.createElement('iframe');
  frame.style.cssText = 'border:0;display:block;width:' + viewport.width + 'px;height:' + viewport.height + 'px';
  document.body.append(frame);
  let hooked = null;
  const hook = (late) => {
    const doc = frame.contentDocument;
    if (!doc || doc === hooked || frame.contentWindow.location.href === 'about:blank') return false;
    hooked = doc;
    if (late && doc.scripts.length) window.__late.push(frame.contentWindow.location.href); // (none ran unwatched without scripts)
    watch(frame.contentWindow, sink);
    for (const init of inits) init(frame.contentWindow);
    frame.contentWindow.addEventListener('pagehide', () => look());
    return true;
  };
  const look = () => {
    const until = performance.now() + 30000;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => hook(false) || performance.now() > until || channel.port2.postMessage(0);
    channel.port2.postMessage(0);
  };
  frame.addEventListener('load', () => hook(true));
  window.__load = (url) => { window.__left = frame.contentDocument; look(); frame.src = url; };
}`;

export async function launchWebKit(): Promise<DriverBrowser> {
  const driver = await startWebKitDriver();
  let session: WebdriverIO.Browser;
  try {
    // logLevel silent: webdriverio would also log each error it throws to us
    session = await remote({ hostname: driver.hostname, port: driver.port, logLevel: 'silent', capabilities: webkitCapabilities() });
  } catch (error) {
    await driver.close();
    throw error;
  }
  const firstWindow = await session.getWindowHandle();
  const windows = new Set<string>(); // windows with an open page
  let active: { window: string; frame: ElementRef | null } | null = null;

  return {
    engine: 'webkit',
    async newPage(viewport: Viewport, initScripts: string[]): Promise<DriverPage> {
      const window = windows.has(firstWindow) ? (await session.createWindow('window')).handle : firstWindow;
      const clearStorage = windows.size === 0;
      windows.add(window);
      const cleared = new Set<string>();
      const earlierProblems: string[] = []; // of harnesses left for another origin
      let frame: ElementRef | null = null;
      let origin = '';

      /** Makes this page's frame (or, with `top`, its harness) the driver's browsing context. */
      async function enter(top = false) {
        const want = top ? null : frame;
        if (active?.window === window && active.frame === want) return;
        if (active?.window !== window) await session.switchToWindow(window);
        await session.switchToFrame(null);
        if (want) await session.switchToFrame(want);
        active = { window, frame: want };
      }
      const inFrame = async <T>(script: string, args: unknown[] = []) => (await enter(), session.executeScript(script, args as object[]) as Promise<T>);
      const harnessProblems = async (): Promise<string[]> => {
        if (!origin) return [];
        await enter(true);
        const [problems, late] = await session.executeScript('return [window.__problems || [], window.__late || []]', []) as [string[], string[]];
        return [...problems, ...late.map((url) => `(hooked after its scripts started: ${url})`)];
      };

      /**
       * Makes the harness's viewport as high as the frame: what observes intersections with the viewport from inside
       * the frame (the checkout's pay bar watches the bottom tenth of the screen) sees the top-level one, clipped to
       * the frame. (Its width cannot shrink to a phone's; nothing watched depends on the viewport's right edge.)
       */
      async function fitWindowHeight() {
        const innerHeight = () => session.executeScript('return window.innerHeight', []) as Promise<number>;
        for (const deadline = Date.now() + 15_000; ;) {
          const inner = await innerHeight();
          if (inner === viewport.height) return;
          if (Date.now() > deadline) throw new Error(`webkit: the window's viewport is ${inner} px high, not ${viewport.height}`);
          const rect = await session.getWindowRect();
          await session.setWindowRect(0, 0, 1600, rect.height + viewport.height - inner);
          // the window is resized in its own time: wait for the viewport to change before measuring again
          for (const until = Date.now() + 2000; Date.now() < until && await innerHeight() === inner;) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }

      await session.switchToWindow(window);
      await session.setWindowRect(0, 0, 1600, 1200);
      active = { window, frame: null };
      return {
        async goto(url) {
          const target = new URL(url);
          if (target.origin !== origin) {
            earlierProblems.push(...await harnessProblems());
            await enter(true);
            await session.navigateTo(`${target.origin}${HARNESS_PATH}`);
            await session.executeScript(`(${harness(initScripts)})(...arguments)`, [viewport, clearStorage && !cleared.has(target.origin)]);
            cleared.add(target.origin);
            origin = target.origin;
            frame = await session.executeScript('return document.querySelector("iframe")', []) as ElementRef;
            await fitWindowHeight();
          }
          await enter(true);
          await session.executeScript('window.__load(arguments[0])', [url]);
          const deadline = Date.now() + 60_000;
          while (!await session.executeScript(`const f = document.querySelector('iframe');
            return f.contentDocument !== window.__left && f.contentDocument.readyState === 'complete'`, [])) {
            if (Date.now() > deadline) throw new Error(`webkit: ${url} did not load within 60 s`);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          await enter();
        },
        evaluate: (source, args) => inFrame(`return (${source})(...arguments)`, args),
        async click(target) {
          const element = await inFrame<ElementRef | null>(`return ${elementExpression(target)} ?? null`);
          if (!element) throw new Error(`webkit: nothing to click at ${target.css}`);
          try {
            await session.elementClick(element[ELEMENT]);
          } catch (error) {
            // WebKitWebDriver judges what covers an element in the DOM tree, not the flat tree: the label a shadow
            // root slots into a button "intercepts" a click on that button. Then the pointer clicks it, if the
            // middle of the element is really its own.
            if (!/intercepted/.test(String(error)) || !await inFrame(`return (${HITS_ITSELF})(${elementExpression(target)})`)) throw error;
            await session.performActions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' },
              actions: [{ type: 'pointerMove', origin: element, x: 0, y: 0 }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] }]);
          }
        },
        async type(text) {
          await enter();
          await session.performActions([{ type: 'key', id: 'keyboard', actions: [...text].flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]) }]);
        },
        async press(key) {
          await enter();
          const keys = KEYS[key];
          await session.performActions([{ type: 'key', id: 'keyboard', actions: [
            ...keys.map((value) => ({ type: 'keyDown', value })), ...keys.toReversed().map((value) => ({ type: 'keyUp', value }))] }]);
        },
        async screenshot() {
          // the whole window, the page's frame at its top left: WebKit's screenshot of the frame element alone
          // leaves a band of it black
          await enter(true);
          return Buffer.from(await session.takeScreenshot(), 'base64');
        },
        problems: async () => [...earlierProblems, ...await harnessProblems()],
        async close() {
          windows.delete(window);
          await enter(true);
          if (window === firstWindow) await session.navigateTo('about:blank');
          else {
            await session.closeWindow();
            active = null;
            await session.switchToWindow(firstWindow);
          }
          active = null;
        },
      };
    },
    async close() {
      await session.deleteSession().catch(() => {});
      await driver.close();
    },
  };
}
