// Chromium through Playwright (Debian's /usr/bin/chromium): a fresh context per page.
import { chromium, type ElementHandle, type Page } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/browser-engines.mjs';
import { elementExpression, type DriverBrowser, type DriverPage, type Viewport } from './driver.ts';

/** Problems as the Playwright tests of test/e2e note them (support/demo.ts `watchProblems`). */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // Chromium logs every answer ≥ 400 as "Failed to load resource" without the address: judged by the response
  page.on('console', (message) => message.type() === 'error' && !message.text().startsWith('Failed to load resource') && problems.push(`console: ${message.text()}`));
  page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
  // (aborted requests are the elements cancelling what a newer input made stale)
  page.on('requestfailed', (request) => request.failure()?.errorText !== 'net::ERR_ABORTED' && problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  return problems;
}

export async function launchChromium(): Promise<DriverBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return {
    engine: 'chromium',
    async newPage(viewport: Viewport, initScripts: string[], touch: boolean): Promise<DriverPage> {
      // a touch screen is a phone's: touch events, a coarse pointer and the page's meta viewport
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: touch, isMobile: touch });
      for (const source of initScripts) await context.addInitScript(`(${source})(window)`);
      const page = await context.newPage();
      const problems = watch(page);
      return {
        goto: async (url) => void await page.goto(url),
        evaluate: (source, args) => page.evaluate(`(${source})(...${JSON.stringify(args)})`),
        async click(target) {
          const handle = (await page.evaluateHandle(elementExpression(target))).asElement() as ElementHandle<Element> | null;
          if (!handle) throw new Error(`chromium: nothing to click at ${target.css}`);
          await handle.click();
        },
        type: (text) => page.keyboard.type(text),
        press: (key) => page.keyboard.press(key),
        screenshot: () => page.screenshot(),
        problems: async () => [...problems],
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
