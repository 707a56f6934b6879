// Layout shifts of the elements of ours on a page, measured the same way in every engine (Firefox and WebKit have no
// Layout Instability API): from the first frame to the load event + 3 s, in every frame (requestAnimationFrame, so
// what is sampled is what is painted, however slowly the engine paints) and just before the first element of ours
// is defined, the position of each element of ours and of what follows it in the page (the content a box that grows
// would push), and with a ResizeObserver each element's size. Where the engine has the Layout Instability API (Chromium), its layout-shift entries too, so
// that both measures are read side by side. Used by the three-engine journeys (test/e2e/engines/layout-shift.ts).
import { sessionCls, type Shift } from '../../../bench/vitals.ts';

/** How far (px) a box may move between two frames and not count: sub-pixel layout rounding. */
export const MOVE_TOLERANCE_PX = 1;

/**
 * `(win) => …`, installed before the page's scripts (an init script): fills `win.__shiftWatch`. Elements of ours:
 * the custom elements (svc-*) and what page-runtime.js fills in an HTML Mode page. A move counts when the box was or
 * is in the viewport, as a layout shift does.
 */
export const SHIFT_WATCH = `(win) => {
  const doc = win.document;
  const layoutInstability = !!win.PerformanceObserver.supportedEntryTypes?.includes('layout-shift');
  // paints before the watch (none, if it came first: its first sample is taken before the first paint)
  const paintedBefore = win.performance.getEntriesByType('paint').map((e) => e.name);
  const watch = win.__shiftWatch = { paintedBefore, frames: 0, sampledBeforeDefine: false, moves: [], sizes: [], layoutInstability, shifts: [], done: false };
  const RUNTIME = '[data-svc-checkout], [data-svc-order], [data-svc-shipping-options], [data-svc-status], [data-svc-error]';
  const ours = (el) => el.localName.startsWith('svc-') || el.matches(RUNTIME);
  const describe = (el) => el.localName + (el.id ? '#' + el.id : '') + [...el.attributes].filter((a) => !['id', 'class', 'style'].includes(a.name))
    .slice(0, 2).map((a) => '[' + a.name + (a.value ? '="' + a.value.slice(0, 24) + '"' : '') + ']').join('');
  const shown = (el) => el.getClientRects().length > 0;
  // the next box in the page after el: its next shown sibling, else its parent's, and so on up to <body>
  const following = (el) => {
    for (let node = el; node && node !== doc.body; node = node.parentElement) {
      for (let next = node.nextElementSibling; next; next = next.nextElementSibling) if (shown(next)) return next;
    }
    return null;
  };
  const now = () => Math.round(win.performance.now());
  const sizes = new win.ResizeObserver((entries) => entries.forEach((e) => watch.sizes.push({ t: now(), what: describe(e.target),
    width: Math.round(e.contentRect.width), height: Math.round(e.contentRect.height) })));
  const sized = new WeakSet();
  const last = new Map();
  // a sample of the boxes: the frame that shows them (or the one a slower network would show)
  const sample = () => {
    const inView = (top, height) => top < win.innerHeight && top + height > 0;
    for (const host of doc.querySelectorAll('*')) {
      if (!ours(host)) continue;
      if (!sized.has(host)) sized.add(host), sizes.observe(host);
      const next = following(host);
      for (const [el, what] of [[host, describe(host)], [next, next && describe(next) + ' (after ' + describe(host) + ')']]) {
        if (!el || !shown(el)) continue;
        const box = el.getBoundingClientRect();
        const was = last.get(el);
        const at = { x: box.left + win.scrollX, y: box.top + win.scrollY };
        if (was && Math.max(Math.abs(at.x - was.x), Math.abs(at.y - was.y)) > ${MOVE_TOLERANCE_PX}
          && (inView(was.y - win.scrollY, box.height) || inView(box.top, box.height))) {
          watch.moves.push({ t: now(), what, dx: Math.round(at.x - was.x), dy: Math.round(at.y - was.y) });
        }
        last.set(el, at);
      }
    }
  };
  const frame = () => {
    if (watch.done) return;
    watch.frames++;
    sample();
    win.requestAnimationFrame(frame);
  };
  win.requestAnimationFrame(frame);
  // The boxes just before the first element of ours is defined, as a frame: what the page shows until the code has
  // come (its style sheets are in by then: scripts wait for them). Sampled whether or not the engine happened to
  // paint then, which depends on the machine's speed: so that a box that holds no room fails on a fast one too.
  const define = win.customElements.define;
  win.customElements.define = function (name, ...rest) {
    if (name.startsWith('svc-') && !watch.sampledBeforeDefine) watch.sampledBeforeDefine = true, sample();
    return define.call(this, name, ...rest);
  };
  if (layoutInstability) {
    new win.PerformanceObserver((list) => list.getEntries().forEach((e) => e.hadRecentInput || watch.shifts.push({ t: e.startTime, value: e.value,
      sources: (e.sources || []).map((s) => (s.node && s.node.nodeType === 1 ? describe(s.node) : s.node ? s.node.nodeName : 'a node since removed')
        + ' ' + JSON.stringify([s.previousRect, s.currentRect].map((r) => [r.x, r.y, r.width, r.height].map(Math.round)))) })))
      .observe({ type: 'layout-shift', buffered: true });
  }
  win.addEventListener('load', () => win.setTimeout(() => { watch.done = true; sizes.disconnect(); }, 3000));
}`;

export type ShiftWatch = {
  paintedBefore: string[];
  frames: number;
  sampledBeforeDefine: boolean;
  moves: Array<{ t: number; what: string; dx: number; dy: number }>;
  sizes: Array<{ t: number; what: string; width: number; height: number }>;
  layoutInstability: boolean;
  shifts: Shift[];
  done: boolean;
};

/** The measure, read once it is done: what moved, the size changes behind it, and CLS where the engine has it. */
export function shiftReport(watch: ShiftWatch): { moves: string[]; sizes: string[]; cls: number | null } {
  // a size history per element: its first size, then each change (the first is no change: it is when it was laid out)
  const seen = new Map<string, string>();
  const sizes: string[] = [];
  for (const { t, what, width, height } of watch.sizes) {
    const size = `${width}×${height}`;
    if (seen.has(what) && seen.get(what) !== size) sizes.push(`${t} ms ${what}: ${seen.get(what)} → ${size}`);
    seen.set(what, size);
  }
  return {
    moves: watch.moves.map(({ t, what, dx, dy }) => `${t} ms ${what} moved ${dx}, ${dy} px`),
    sizes,
    cls: watch.layoutInstability ? sessionCls(watch.shifts) : null,
  };
}
