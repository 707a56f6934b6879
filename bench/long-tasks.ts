/**
 * Our tasks on a phone's CPU: a page loaded in Chromium with 4× CPU throttling (the DevTools protocol's
 * `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile profile applies it), traced, and every main-thread task
 * attributed to the scripts that ran in it. A task is ours when a script of ours (`/dist/`) was compiled, evaluated or
 * called in it, or, on a page that runs a script of ours, when it ran 1 ms or more of JavaScript naming no other script
 * (a `fetch` answered, a promise resolved): the measured pages run no script but ours (the demo storefront's small
 * inline module aside). A page without script has a few ms of Blink's own promise work, which is not counted.
 */
import type { Browser } from 'playwright';

type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, unknown> };
/** `jsMs`: time in JavaScript events (a parse task's empty microtask checkpoint is not script). */
export type Task = { startMs: number; ms: number; urls: string[]; jsMs: number };
export type TaskReport = { longestOurs: number; tbtOurs: number; longestAll: number; tbtAll: number; oursCount: number; topOurs: Task[] };

/** Events that mean JavaScript ran in a task (outermost ones: their time is not counted twice). */
const JS = new Set(['FunctionCall', 'EvaluateScript', 'v8.evaluateModule', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame']);
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading'];

/** Events that name the script they compile, evaluate or call. */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'v8.produceModuleCache', 'TimerFire', 'FireAnimationFrame']);

/** The script URL an event names, if any. */
function urlOf(event: TraceEvent): string | undefined {
  if (!SCRIPT_EVENTS.has(event.name)) return undefined;
  const data = event.args?.data as { url?: string; fileName?: string; stackTrace?: { url: string }[] } | undefined;
  return data?.url || data?.fileName || (event.args?.fileName as string | undefined) || data?.stackTrace?.[0]?.url || undefined;
}

/** The renderer main thread of the traced page: the `CrRendererMain` that parsed the page's HTML. */
function mainThread(events: TraceEvent[], pageUrl: string): { pid: number; tid: number } | undefined {
  const parse = events.find((e) => e.name === 'ParseHTML' && (e.args?.beginData as { url?: string } | undefined)?.url?.startsWith(pageUrl));
  if (parse) return { pid: parse.pid, tid: parse.tid };
  const names = events.filter((e) => e.name === 'thread_name' && (e.args?.name as string) === 'CrRendererMain');
  return names[0] && { pid: names[0].pid, tid: names[0].tid };
}

/** Top-level tasks of the page's main thread with the script URLs seen inside each. */
export function tasksOf(events: TraceEvent[], pageUrl: string): Task[] {
  const thread = mainThread(events, pageUrl);
  if (!thread) return [];
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid).sort((a, b) => a.ts - b.ts);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === thread.pid)?.ts ?? own[0]?.ts ?? 0;
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined);
  const inner = own.filter((e) => e.name !== 'RunTask' && (urlOf(e) || JS.has(e.name)));
  let cursor = 0;
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    while (cursor < inner.length && inner[cursor]!.ts < task.ts) cursor++;
    const urls = new Set<string>();
    let jsMs = 0;
    let jsEnd = 0;
    for (let i = cursor; i < inner.length && inner[i]!.ts <= end; i++) {
      const event = inner[i]!;
      const url = urlOf(event);
      if (url) urls.add(url);
      if (JS.has(event.name) && event.ts >= jsEnd && event.dur !== undefined) {
        jsMs += event.dur / 1000;
        jsEnd = event.ts + event.dur;
      }
    }
    return { startMs: (task.ts - navigation) / 1000, ms: task.dur! / 1000, urls: [...urls], jsMs };
  });
}

const blocking = (tasks: Task[]) => tasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0);
const namesOurs = (task: Task) => task.urls.some((u) => u.includes('/dist/'));

export function report(tasks: Task[]): TaskReport {
  // promise reactions name no script; Blink runs a few of its own (image decoding, fonts) on a page without any
  const runsOurs = tasks.some(namesOurs);
  const ours = tasks.filter((t) => namesOurs(t) || (runsOurs && t.jsMs >= 1 && t.urls.every((u) => u.includes('/dist/'))));
  return {
    longestOurs: Math.max(0, ...ours.map((t) => t.ms)),
    tbtOurs: blocking(ours),
    longestAll: Math.max(0, ...tasks.map((t) => t.ms)),
    tbtAll: blocking(tasks),
    oursCount: ours.length,
    topOurs: [...ours].sort((a, b) => b.ms - a.ms).slice(0, 3),
  };
}

/** Loads `url` in a phone-sized context at `rate`× CPU, traced from navigation until `afterLoadMs` after load. */
export async function traceLoad(browser: Browser, url: string, { rate = 4, afterLoadMs = 5000 } = {}): Promise<Task[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(afterLoadMs);
  const buffer = await browser.stopTracing();
  await context.close();
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  return tasksOf(traceEvents, url);
}
