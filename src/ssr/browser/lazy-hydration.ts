/**
 * Hydration per element, when it is needed (docs/decisions.md #27): the server's HTML is already right, so a
 * server-rendered element costs no JavaScript until the shopper reaches for it (a tap, a key, focus), it shows live
 * data on screen (the product's price and stock, the cart button's count: when it comes near the viewport), or the
 * browser is idle (the catalog's category chips and its `view_item_list`). Each hydrates in a task of its own.
 *
 * Lit's `defer-hydration` does the holding: an element carrying it does nothing when it upgrades, and hydrates when
 * the attribute goes (the server writes it on nested elements, which their host's hydration releases; this script
 * sets it on the top-level ones before the elements' code runs). A tap that lands before the element it hits is
 * hydrated is held (`preventDefault`, stopped before it reaches the page) and played again on the same node once
 * every element on its path is ready: Lit's hydration keeps the server's nodes, so the button or link is still the
 * one tapped, now with its listeners.
 */
import { whenIdle, whenVisible, yieldToMain } from '../../elements/shared/schedule.ts';

/** What the server renders (`svc-storefront/ssr`). */
export const SERVER_RENDERED = ['svc-catalog', 'svc-product', 'svc-cart-button', 'svc-add-to-cart'];
/** Shows live data once on screen: hydrated when seen, not only when idle. */
const LIVE = new Set(['svc-product', 'svc-cart-button']);
const INPUT = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Top-level elements still holding `defer-hydration` set here. */
const held = new Set<Element>();
/** Server-rendered elements whose first update has run (hydrated, or left as the server wrote them: see below). */
const ready = new WeakSet<Element>();
const whenReady = new WeakMap<Element, Array<() => void>>();

/** Called by the hydration hook at an element's first update (or when its first request failed: the HTML stays). */
export function markReady(element: Element): void {
  ready.add(element);
  whenReady.get(element)?.forEach((resolve) => resolve());
  whenReady.delete(element);
}

const readyPromise = (element: Element) =>
  ready.has(element) ? Promise.resolve() : new Promise<void>((resolve) => whenReady.set(element, [...whenReady.get(element) ?? [], resolve]));

/** Releases an element: it hydrates as soon as its code is defined (at once if it is). */
function release(element: Element): void {
  if (held.delete(element)) element.removeAttribute('defer-hydration');
}

let turn = Promise.resolve();
/** Releases in a task of its own, after those already in line. */
const releaseInTurn = (element: Element) => (turn = turn.then(yieldToMain).then(() => release(element)));

const serverRendered = (node: EventTarget): node is Element =>
  node instanceof Element && !!node.shadowRoot && SERVER_RENDERED.includes(node.localName);

function idleRelease(): void {
  const next = held.values().next();
  if (next.done) return;
  release(next.value);
  whenIdle(idleRelease);
}

/**
 * The elements' code, when the page names it in a tag the browser does not run (`hydrationScripts()`: `<script
 * type="text/plain" data-svc-elements data-src>`): imported after the load event and an idle moment, or at the
 * first tap, key, focus or click, whichever comes first. A page with the elements' module tag has them loaded already.
 */
function importElementsWhenNeeded(): void {
  const src = document.querySelector<HTMLScriptElement>('script[data-svc-elements]')?.dataset.src;
  if (!src) return;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    import(/* @vite-ignore */ new URL(src, location.href).href).catch((error: unknown) => console.error(`[svc] could not load ${src}`, error));
  };
  if (document.readyState === 'complete') whenIdle(load);
  else addEventListener('load', () => whenIdle(load), { once: true });
  for (const type of [...INPUT, 'click']) addEventListener(type, load, { capture: true, passive: true, once: true });
}

/** Holds every top-level server-rendered element and schedules its hydration. Run before the elements' code. */
export function hydrateWhenNeeded(): void {
  importElementsWhenNeeded();
  for (const element of document.querySelectorAll(SERVER_RENDERED.join(','))) {
    if (!element.shadowRoot) continue;
    element.setAttribute('defer-hydration', '');
    held.add(element);
    if (LIVE.has(element.localName)) whenVisible([element], () => void releaseInTurn(element));
  }
  whenIdle(idleRelease);

  // a tap, key or focus: the element it reaches hydrates now, before its click
  for (const type of INPUT) {
    addEventListener(type, (event) => event.composedPath().forEach((node) => node instanceof Element && release(node)), { capture: true, passive: true });
  }
  addEventListener('click', (event) => {
    const waiting = event.composedPath().filter((node): node is Element => serverRendered(node) && !ready.has(node));
    if (!waiting.length) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    waiting.forEach(release);
    const target = event.composedPath()[0];
    void Promise.all(waiting.map(readyPromise)).then(() => target instanceof HTMLElement && target.click());
  }, { capture: true });
}
