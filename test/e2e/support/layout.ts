// Layout checks the phone journeys run in every state: nothing wider than the viewport, no element of ours
// overflowing its host, touch targets of 44×44 px, inputs of 16 px. They read our elements through their shadow
// roots. The in-page code is a string: tsx would add helpers (`__name`) the page does not have.
import type { Page } from 'playwright';

/** Runs in the page with the viewport width the test set; returns what is wrong, one line each. */
export const AUDIT = `(viewportWidth) => {
  const problems = [];
  const describe = (el) => {
    const host = el.getRootNode().host;
    const part = el.getAttribute('part');
    return (host ? host.localName + ' ' : '') + el.localName + (part ? '[part="' + part + '"]' : el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '')
      + (el.textContent.trim() ? ' "' + el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 30) + '"' : '');
  };
  const parentOf = (n) => n.parentElement ?? n.parentNode?.host ?? null;
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  // the box 'el' must stay in: its host, or the nearest ancestor below it that clips (a card: clipped text is lost
  // too); null under one that scrolls sideways (the catalog's filter row does, on purpose); the screen for what is
  // fixed to it (the checkout's pay bar)
  const boundOf = (el, host) => {
    for (let n = el; n && n !== host; n = parentOf(n)) if (getComputedStyle(n).position === 'fixed') return document.documentElement;
    for (let n = parentOf(el); n && n !== host; n = parentOf(n)) {
      const overflow = getComputedStyle(n).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') return null;
      if (overflow !== 'visible') return n;
    }
    return host;
  };
  // the 1 px boxes of screen-reader text, clipped on purpose
  const srOnly = (el) => getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)' || el.closest('.sr-only');

  const width = document.documentElement.scrollWidth;
  if (width > viewportWidth) problems.push('the page is ' + width + ' px wide in a ' + viewportWidth + ' px viewport');

  const hosts = [];
  const collect = (root) => {
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot && el.localName.startsWith('svc-')) hosts.push(el), collect(el.shadowRoot);
  };
  collect(document);
  for (const host of hosts) {
    if (!visible(host)) continue;
    for (const el of host.shadowRoot.querySelectorAll('*')) {
      if (!visible(el) || srOnly(el)) continue;
      const r = el.getBoundingClientRect();
      const dialog = el.closest('dialog');
      if (el.localName === 'dialog') {
        if (r.left < -0.5 || r.right > viewportWidth + 0.5) problems.push(describe(el) + ' spans ' + Math.round(r.left) + '–' + Math.round(r.right) + ' px');
        if (el.scrollWidth > el.clientWidth + 1) problems.push(describe(el) + ' scrolls sideways (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
      } else if (!dialog) {
        const bound = boundOf(el, host);
        const b = bound?.getBoundingClientRect();
        const cropped = bound !== host && el.localName === 'img'; // a card's photo may be cropped (zoomed on hover)
        if (b && !cropped && (r.right > b.right + 0.5 || r.left < b.left - 0.5)) {
          problems.push(describe(el) + (bound === host ? ' overflows its host: ' : ' is cut off by ' + describe(bound) + ': ') + Math.round(r.left) + '–' + Math.round(r.right) + ' px in ' + Math.round(b.left) + '–' + Math.round(b.right));
        }
      }
      // touch targets (WCAG 2.5.5) and 16 px inputs (iOS zooms into smaller ones)
      const control = el.matches('button, a.btn, select, textarea, input:not([type=hidden])');
      if (!control) continue;
      const radio = el.matches('input[type=radio], input[type=checkbox]');
      const target = radio ? (el.closest('label') ?? el) : el;
      const t = target.getBoundingClientRect();
      if (Math.min(t.width, t.height) < 43.5) problems.push(describe(target) + ' is a ' + Math.round(t.width) + '×' + Math.round(t.height) + ' px target');
      if (el.matches('select, textarea, input:not([type=radio], [type=checkbox], [type=hidden])') && parseFloat(getComputedStyle(el).fontSize) < 16) {
        problems.push(describe(el) + ' has a ' + getComputedStyle(el).fontSize + ' font');
      }
    }
  }
  return problems;
}`;

/**
 * Waits until the page is at rest: the drawer slid in, the dialog popped up (the animations of the document and of
 * every shadow root; skeletons shimmer forever and are not waited for).
 */
export const SETTLE = `async () => {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const roots = [document];
  for (let i = 0; i < roots.length; i++) for (const el of roots[i].querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  const finite = roots.flatMap((root) => root.getAnimations()).filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => {})));
}`;
export async function settle(page: Page): Promise<void> {
  await page.evaluate(`(${SETTLE})()`);
}

/** What is wrong with the layout as the page stands now, prefixed by `state` ("[390 px] checkout filled: …"). */
export async function layoutProblems(page: Page, viewportWidth: number, state: string): Promise<string[]> {
  await settle(page);
  const problems = await page.evaluate(`(${AUDIT})(${viewportWidth})`) as string[];
  return problems.map((p) => `[${viewportWidth} px] ${state}: ${p}`);
}
