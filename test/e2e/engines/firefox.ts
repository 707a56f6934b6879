// Firefox ESR through puppeteer-core over WebDriver BiDi (no geckodriver): a fresh browser context per page.
import puppeteer, { type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
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

export async function launchFirefox(): Promise<DriverBrowser> {
  const browser = await puppeteer.launch(firefoxLaunchOptions());
  return {
    engine: 'firefox',
    async newPage(viewport: Viewport, initScripts: string[]): Promise<DriverPage> {
      const context = await browser.createBrowserContext();
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
    close: () => browser.close(),
  };
}
