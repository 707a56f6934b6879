/**
 * Core Web Vitals read in the page with Chromium's performance APIs (Lighthouse is not installed): layout shifts
 * (CLS as Chrome scores it: the largest session window of shifts ≤ 1 s apart, ≤ 5 s long, none after input), the
 * largest contentful paint, and long tasks for the total blocking time after the first contentful paint.
 */
import type { Browser } from 'playwright';

/** Installed before any page script: observers with `buffered` so nothing before them is lost. */
export const VITALS_INIT = `(() => {
  const v = window.__vitals = { shifts: [], lcp: 0, lcpElement: '', fcp: 0, longTasks: [] };
  const describe = (node) => {
    if (!node) return '?';
    const host = node.getRootNode && node.getRootNode().host;
    const name = node.nodeType === 1 ? node.localName + (node.id ? '#' + node.id : '') + (node.getAttribute('part') ? '[part=' + node.getAttribute('part') + ']' : '') : node.nodeName;
    return host ? host.localName + ' ' + name : name;
  };
  const watch = (type, each) => new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
  watch('layout-shift', (e) => { if (!e.hadRecentInput) v.shifts.push({ t: e.startTime, value: e.value, sources: (e.sources || []).map((s) => describe(s.node)) }); });
  watch('largest-contentful-paint', (e) => { v.lcp = e.startTime; v.lcpElement = describe(e.element); });
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') v.fcp = e.startTime; });
  watch('longtask', (e) => v.longTasks.push({ t: e.startTime, d: e.duration }));
})()`;

export type Shift = { t: number; value: number; sources: string[] };
export type Vitals = { cls: number; lcp: number; lcpElement: string; fcp: number; tbt: number; shifts: Shift[] };

/** CLS: the largest session window (shifts less than 1 s apart, a window at most 5 s long). */
export function sessionCls(shifts: readonly Shift[]): number {
  let best = 0;
  let sum = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const { t, value } of shifts) {
    if (t - last > 1000 || t - start > 5000) {
      sum = 0;
      start = t;
    }
    sum += value;
    last = t;
    best = Math.max(best, sum);
  }
  return best;
}

/** Loads `url` at `viewport`, waits `windowMs` after the load event, and reads the vitals. */
export async function measureVitals(browser: Browser, url: string, viewport: { width: number; height: number }, windowMs = 5000,
  prepare?: (context: import('playwright').BrowserContext) => Promise<void>): Promise<Vitals> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  await prepare?.(context);
  const page = await context.newPage();
  await page.addInitScript(VITALS_INIT);
  await page.goto(url, { waitUntil: 'load' });
  // a timer here, not `waitForFunction`: that compiles Playwright's injected script on the page's main thread, in the
  // middle of a page whose elements are still rendering (what LCP measures)
  await page.waitForTimeout(windowMs);
  const raw = await page.evaluate(() => (window as unknown as { __vitals: Omit<Vitals, 'cls' | 'tbt'> & { longTasks: { t: number; d: number }[] } }).__vitals);
  await context.close();
  const tbt = raw.longTasks.filter((task) => task.t >= raw.fcp).reduce((sum, task) => sum + Math.max(0, task.d - 50), 0);
  return { cls: sessionCls(raw.shifts), lcp: raw.lcp, lcpElement: raw.lcpElement, fcp: raw.fcp, tbt, shifts: raw.shifts };
}

export const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
