// The driver layer of the three-engine journeys: what a purchase journey needs from a browser (open a page at a
// viewport, evaluate in it, click and type through shadow roots, wait for a state, screenshot, page problems), the
// same in Chromium (Playwright), Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (webdriverio on
// WebKitWebDriver). Each engine's adapter supplies the few primitives below; everything else is shared page code.
import { FIND, READY_TO_CLICK } from './page-scripts.ts';

export type Engine = 'chromium' | 'firefox' | 'webkit';
export type Viewport = { width: number; height: number };
/**
 * A CSS selector, or hops through shadow roots joined by `>>` (page-scripts.ts FIND); `text` filters by text content
 * (a string: case-insensitive, whitespace runs as one space), `nth` picks one.
 */
export type Target = string | { css: string; text?: string | RegExp; nth?: number };
/** Keys the journeys press; `Control+V` pastes. */
export type Key = 'Escape' | 'Enter' | 'Tab' | 'Control+V';

export type PageOptions = {
  viewport: Viewport;
  /**
   * A touch screen: the primary pointer coarse, as on a phone (`(pointer: coarse)` matches; the checkout's pay bar
   * steps aside for the on-screen keyboard by it). Chromium and Firefox emulate it; WebKitGTK's driver cannot: its
   * pages keep the mouse.
   */
  touch?: boolean;
  /** Problems a test expects (matched against each line `problems()` returns). */
  expectedProblems?: RegExp[];
  /** Sources of functions `(win) => …` run in every document the page loads, before its own scripts. */
  initScripts?: string[];
};

/** What each engine's adapter implements. Page functions are source strings, run with `find` in scope. */
export interface DriverPage {
  goto(url: string): Promise<void>;
  /** Runs `(${source})(...args)` in the page (awaiting a promise it returns) and returns the result as JSON. */
  evaluate<T>(source: string, args: unknown[]): Promise<T>;
  /** Clicks, with the driver's own pointer input, the first element `find(target)` returns. */
  click(target: { css: string; text?: string; flags?: string; nth?: number }): Promise<void>;
  /** Types `text` with the driver's keyboard into the focused element. */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** A PNG of the viewport (WebKit: of the window, the page's frame at its top left). */
  screenshot(): Promise<Buffer>;
  /** Uncaught errors, unhandled rejections, console errors and answers ≥ 400, one line each, since the page opened. */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

export interface DriverBrowser {
  readonly engine: Engine;
  newPage(viewport: Viewport, initScripts: string[], touch: boolean): Promise<DriverPage>;
  close(): Promise<void>;
}

/** A target as page code's `find` takes it (text as a regular expression's source and flags). */
export const toTarget = (target: Target) => {
  if (typeof target === 'string') return { css: target };
  const { text, ...rest } = target;
  if (text === undefined) return rest;
  // a string matches as Playwright's hasText does: anywhere in the text, whatever the case
  return typeof text === 'string' ? { ...rest, text: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags: 'i' } : { ...rest, text: text.source, flags: text.flags };
};
const describeTarget = (target: Target) => (typeof target === 'string' ? target : `${target.css}${target.text ? ` "${target.text}"` : ''}${target.nth ? ` #${target.nth}` : ''}`);
/** An expression for the element a (plain) target names, for the adapters' clicks. */
export const elementExpression = (target: object) => `(${FIND})(${JSON.stringify(target)})[0]`;
/** A page function's source with `find` in its scope. */
export const withFindSource = (source: string) => `(...args) => { const find = ${FIND}; return (${source})(...args); }`;

/** A page of any engine: waits, reads and actions built on the adapter's primitives. */
export class EnginePage {
  constructor(readonly engine: Engine, readonly viewport: Viewport, private readonly driver: DriverPage, private readonly expected: RegExp[] = []) {}

  goto(url: string): Promise<void> {
    return this.driver.goto(url);
  }

  /** `source` is a function's source text; `find(target)` is in scope. */
  evaluate<T>(source: string, ...args: unknown[]): Promise<T> {
    return this.driver.evaluate<T>(withFindSource(source), args);
  }

  /** Polls the page function until it returns something truthy, and returns that. */
  async waitUntil<T>(source: string, args: unknown[] = [], { timeout = 15_000, what = source.slice(0, 80) } = {}): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await this.evaluate<T>(source, ...args);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`${this.engine}: timed out after ${timeout} ms waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Waits until the target's element exists and is shown (a box of some size). */
  async waitFor(target: Target, { timeout = 15_000, attached = false } = {}): Promise<void> {
    await this.waitUntil(`(target, attached) => { const [el] = find(target); if (!el) return false;
      const box = el.getBoundingClientRect(); return attached || (box.width > 0 && box.height > 0); }`,
    [toTarget(target), attached], { timeout, what: describeTarget(target) });
  }

  count(target: Target): Promise<number> {
    return this.evaluate('(target) => find(target).length', toTarget(target));
  }

  /** The element's textContent, trimmed (null when there is none). */
  text(target: Target): Promise<string | null> {
    return this.evaluate('(target) => find(target)[0]?.textContent.trim() ?? null', toTarget(target));
  }

  attribute(target: Target, name: string): Promise<string | null> {
    return this.evaluate('(target, name) => find(target)[0]?.getAttribute(name) ?? null', toTarget(target), name);
  }

  async url(): Promise<string> {
    return this.evaluate('() => location.href');
  }

  async waitForUrl(pattern: RegExp, timeout = 15_000): Promise<void> {
    await this.waitUntil('(source, flags) => new RegExp(source, flags).test(location.href)', [pattern.source, pattern.flags], { timeout, what: `URL ${pattern}` });
  }

  /** Clicks the element with the driver's pointer once it is shown, enabled and at rest. */
  async click(target: Target, { timeout = 15_000 } = {}): Promise<void> {
    const ready = await this.evaluate<boolean>(READY_TO_CLICK, toTarget(target), timeout);
    if (!ready) throw new Error(`${this.engine}: ${describeTarget(target)} was not ready to click within ${timeout} ms`);
    await this.driver.click(toTarget(target));
  }

  /**
   * Chooses a radio button (the target is the input or a label around it): clicks it and waits until it is checked.
   * A second click if the first left it unchecked (the page moved under the pointer between the check for a still
   * target and the click, as it did once in WebKit painting 2 frames a second), then it must be.
   */
  async choose(target: Target): Promise<void> {
    const checked = `(target) => { const [el] = find(target); return !!el && (el.matches('input') ? el : el.querySelector('input')).checked; }`;
    for (let attempt = 1; ; attempt++) {
      await this.click(target);
      const done = await this.waitUntil(checked, [toTarget(target)], { timeout: 3000 }).then(() => true, () => false);
      if (done) return;
      if (attempt === 2) throw new Error(`${this.engine}: ${describeTarget(target)} is still not chosen after two clicks`);
    }
  }

  /** Replaces the field's value by typing `text` with the driver's keyboard (focus, select all, type). */
  async fill(target: Target, text: string): Promise<void> {
    await this.waitFor(target);
    await this.evaluate('(target) => { const [el] = find(target); el.focus(); el.select(); }', toTarget(target));
    await this.driver.type(text);
  }

  /** Chooses an option of a <select> as a buyer's choice does: the value, then input and change events. */
  async select(target: Target, value: string): Promise<void> {
    await this.waitUntil(`(target, value) => { const [el] = find(target); if (!el || ![...el.options].some((o) => o.value === value)) return false;
      el.value = value; el.dispatchEvent(new Event('input', { bubbles: true })); el.dispatchEvent(new Event('change', { bubbles: true })); return true; }`,
    [toTarget(target), value], { what: `option ${value} of ${describeTarget(target)}` });
  }

  async blur(target: Target): Promise<void> {
    await this.evaluate('(target) => find(target)[0].blur()', toTarget(target));
  }

  press(key: Key): Promise<void> {
    return this.driver.press(key);
  }

  screenshot(): Promise<Buffer> {
    return this.driver.screenshot();
  }

  /** Problems seen since the page opened, less those the test expects. */
  async problems(): Promise<string[]> {
    return (await this.driver.problems()).filter((line) => !this.expected.some((re) => re.test(line)));
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

/** Starts `engine` (Debian's build of it); one browser serves every page of a test file. */
export async function launch(engine: Engine): Promise<{ engine: Engine; newPage(options: PageOptions): Promise<EnginePage>; close(): Promise<void> }> {
  const adapters = {
    chromium: () => import('./chromium.ts').then((m) => m.launchChromium()),
    firefox: () => import('./firefox.ts').then((m) => m.launchFirefox()),
    webkit: () => import('./webkit.ts').then((m) => m.launchWebKit()),
  };
  const browser: DriverBrowser = await adapters[engine]();
  return {
    engine,
    async newPage({ viewport, touch = false, expectedProblems, initScripts = [] }) {
      return new EnginePage(engine, viewport, await browser.newPage(viewport, initScripts, touch), expectedProblems);
    },
    close: () => browser.close(),
  };
}
