// Firefox ESR through puppeteer-core over WebDriver BiDi (no geckodriver): a fresh browser context per page. Firefox
// emulates no touch screen per page (BiDi's touch override leaves `(pointer: coarse)` false): pages of a touch screen
// open in a second Firefox, started when the first is asked for, whose preferences make its pointer a coarse one
// without hover and its scrollbars overlay ones, as a phone's.
import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { firefoxLaunchOptions } from '../../../scripts/browser-engines.mjs';
import { elementExpression, type DriverBrowser, type DriverPage, type Viewport } from './driver.ts';

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error instanceof Error ? error.message : String(error)}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
  // (aborted requests are the elements cancelling what a newer input made stale)
  page.on('requestfailed', (request) => !/ABORT/i.test(request.failure()?.errorText ?? '') && problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  return problems;
}

/** A phone's look and feel (Gecko's widget/LookAndFeel.h): pointer capabilities 1 (coarse, no hover), overlay scrollbars. */
const TOUCH_SCREEN = { 'ui.primaryPointerCapabilities': 1, 'ui.allPointerCapabilities': 1, 'ui.useOverlayScrollbars': 1 };

export async function launchFirefox(): Promise<DriverBrowser> {
  const browser = await puppeteer.launch(firefoxLaunchOptions());
  let touchBrowser: Promise<Browser> | null = null;
  return {
    engine: 'firefox',
    async newPage(viewport: Viewport, initScripts: string[], touch: boolean): Promise<DriverPage> {
      if (touch) touchBrowser ??= puppeteer.launch({ ...firefoxLaunchOptions(), extraPrefsFirefox: TOUCH_SCREEN });
      const context = await (touch ? await touchBrowser! : browser).createBrowserContext();
      const page = await context.newPage();
      for (const source of initScripts) await page.evaluateOnNewDocument(`(${source})(window)`);
      await page.setViewport({ ...viewport, deviceScaleFactor: 1 });
      page.setDefaultTimeout(30_000);
      const problems = watch(page);
      return {
        goto: async (url) => void await page.goto(url),
        evaluate: (source, args) => page.evaluate(`(${source})(...${JSON.stringify(args)})`) as Promise<never>,
        async click(target) {
          const handle = (await page.evaluateHandle(elementExpression(target))).asElement() as ElementHandle<Element> | null;
          if (!handle) throw new Error(`firefox: nothing to click at ${target.css}`);
          await handle.click();
        },
        type: (text) => page.keyboard.type(text),
        async press(key) {
          const [modifier, name] = (key.includes('+') ? key.split('+') : [null, key]) as [KeyInput | null, KeyInput];
          if (modifier) await page.keyboard.down(modifier);
          await page.keyboard.press(name);
          if (modifier) await page.keyboard.up(modifier);
        },
        screenshot: async () => Buffer.from(await page.screenshot()),
        problems: async () => [...problems],
        close: () => context.close(),
      };
    },
    async close() {
      await Promise.all([browser.close(), touchBrowser?.then((b) => b.close())]);
    },
  };
}
