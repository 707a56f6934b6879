// Code that runs in the page under test, the same in every engine. Strings, not functions: tsx would wrap a
// function's inner names in a helper (`__name`) the page does not have.

/**
 * `find(target)`: the elements a target names, through shadow roots. `css` is a chain of selectors joined by `>>`;
 * each is searched in what the previous one found (the element's shadow root and its children), at any depth of
 * shadow roots below: "#checkout svc-checkout >> #search" finds the search box of the location picker inside the
 * checkout. `text` keeps the elements whose text matches (a regular expression's source and flags), `nth` picks one.
 */
export const FIND = `(target) => {
  const deep = (root, selector, out) => {
    out.push(...root.querySelectorAll(selector));
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) deep(el.shadowRoot, selector, out);
    return out;
  };
  let found = [document];
  for (const hop of target.css.split('>>').map((part) => part.trim())) {
    const scopes = found.flatMap((el) => (el.shadowRoot ? [el.shadowRoot, el] : [el]));
    found = [...new Set(scopes.flatMap((scope) => deep(scope, hop, [])))];
  }
  if (target.text) {
    const re = new RegExp(target.text, target.flags);
    found = found.filter((el) => re.test(el.textContent.replace(/\\s+/g, ' ')));
  }
  return target.nth === undefined ? found : found.slice(target.nth, target.nth + 1);
}`;

/**
 * Whether a click at the middle of the element lands on it or on something of its own in the flat tree (a node
 * slotted into it counts, wherever that node lives in the DOM), rather than on something covering it.
 */
export const HITS_ITSELF = `(el) => {
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  let hit = document.elementFromPoint(x, y);
  for (let inner = hit?.shadowRoot?.elementFromPoint(x, y); inner && inner !== hit; inner = hit.shadowRoot?.elementFromPoint(x, y)) hit = inner;
  for (let node = hit; node; node = node.assignedSlot || node.parentNode || node.host) if (node === el) return true;
  return false;
}`;

/**
 * Resolves true once the target's element can take a click: shown, enabled, at rest (the same box 40 ms apart, so
 * that a drawer sliding in is not clicked mid-way), scrolled into the viewport and not covered (a sticky bar over it
 * would take the click; Playwright checks this too, puppeteer does not: one covered at rest is scrolled to the middle
 * of the screen); false after `timeoutMs`.
 */
export const READY_TO_CLICK = `async (target, timeoutMs) => {
  const hitsItself = ${HITS_ITSELF};
  const deadline = performance.now() + timeoutMs;
  const boxOf = (el) => { const b = el.getBoundingClientRect(); return [b.x, b.y, b.width, b.height].join(); };
  let last = '';
  for (;;) {
    const [el] = find(target);
    const box = el && el.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden') {
      const outside = box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth;
      if (outside) el.scrollIntoView({ block: 'center' });
      else if (boxOf(el) === last && !el.disabled) {
        if (hitsItself(el)) return true;
        // covered at rest (a sticky bar over it, as a buyer scrolls it out from under one): to the middle of the screen
        el.scrollIntoView({ block: 'center' });
      }
      last = boxOf(el);
    } else last = '';
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}`;

/**
 * Installed in a window before its scripts run: uncaught errors, unhandled rejections, console.error calls and
 * answers of 400 and more go to `sink`. Used where the driver cannot report them
 * itself (WebKitWebDriver, whose MiniBrowser keeps its console to itself).
 */
export const WATCH_PROBLEMS = `(win, sink) => {
  const text = (value) => (value && value.stack ? String(value) : typeof value === 'string' ? value : JSON.stringify(value));
  win.addEventListener('error', (e) => sink('pageerror: ' + (e.error ? String(e.error) : e.message)));
  win.addEventListener('unhandledrejection', (e) => sink('pageerror: ' + text(e.reason)));
  const error = win.console.error;
  win.console.error = (...args) => (sink('console: ' + args.map(text).join(' ')), error.apply(win.console, args));
  // answers of 400 and more: fetch's own, and other resources' where resource timing has responseStatus (WebKitGTK
  // 2.50 has not)
  const fetch = win.fetch;
  win.fetch = (...args) => fetch.apply(win, args).then((response) => (response.status >= 400 && sink(response.status + ' ' + response.url), response));
  new win.PerformanceObserver((list) => list.getEntries().forEach((e) => e.initiatorType !== 'fetch' && e.responseStatus >= 400 && sink(e.responseStatus + ' ' + e.name)))
    .observe({ type: 'resource', buffered: true });
}`;
