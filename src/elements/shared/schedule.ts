/**
 * Work split into tasks a phone's CPU can take (docs/decisions.md #27): between two pieces the browser paints and
 * answers input. `scheduler.yield` where it exists (Chromium 129+), else a message posted to ourselves: a task of its
 * own without `setTimeout`'s 4 ms clamp (Safari 15.4 and Firefox 115 have no `scheduler`).
 */
type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a later task: the browser may paint and handle input in between. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Runs `work` when the main thread is idle (`requestIdleCallback`; Safari has none: a timer after the load). */
export function whenIdle(work: () => void, timeout = 2000): void {
  // eslint-disable-next-line no-restricted-syntax -- checked on the same line
  if ('requestIdleCallback' in window) return void window.requestIdleCallback(() => work(), { timeout });
  const later = () => setTimeout(work, 200);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

/** Runs `work` once, when any of `elements` comes within `margin` px of the viewport. */
export function whenVisible(elements: Iterable<Element>, work: () => void, margin = 200): () => void {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    work();
  }, { rootMargin: `${margin}px 0px` });
  for (const element of elements) observer.observe(element);
  return () => observer.disconnect();
}
