import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The nodes the pay bar depends on, found in the checkout's shadow root after each render (`box`: the checkout's). */
type Nodes = { box: Element | null; submit: Element | null; main: Element | null; summary: Element | null; bar: Element | null };

const TYPED = 'input:not([type=radio], [type=checkbox], [type=button], [type=submit]), select, textarea';

/**
 * When `<svc-checkout>` shows its pay bar (fixed at the bottom of the screen): the checkout reaches the bottom tenth
 * of the screen while its own place-order button is out of view, the summary is not a column beside the form (that
 * column holds the button), and the buyer is not typing on a touch screen (the on-screen keyboard would carry a
 * fixed bar over the field, ours or the page's). Only the checkout under the screen's bottom edge shows a bar, so two
 * checkouts on one page never stack two, and the bar never lies over the merchant's content below the checkout. A
 * page that makes the bar fixed to something else than the screen (a transformed ancestor) gets none.
 */
export class PayBarController implements ReactiveController {
  private boxAtBottom = false;
  private submitInView = false;
  private typing = false;
  private wide = false;
  private misplaced = false;
  private nodes: Nodes = { box: null, submit: null, main: null, summary: null, bar: null };
  private readonly atBottom = new IntersectionObserver((entries) => this.set(() => (this.boxAtBottom = entries.at(-1)!.isIntersecting)),
    { rootMargin: '-90% 0px 0px 0px' });
  private readonly inView = new IntersectionObserver((entries) => this.set(() => (this.submitInView = entries.at(-1)!.isIntersecting)));
  private readonly resized = new ResizeObserver(() => this.set(() => this.measure()));

  constructor(private readonly host: ReactiveControllerHost & HTMLElement, private readonly find: () => Nodes) {
    host.addController(this);
  }

  get shown(): boolean {
    return this.boxAtBottom && !this.submitInView && !this.typing && !this.wide && !this.misplaced;
  }

  hostConnected() {
    // any field of the page (the keyboard it opens would carry the bar over it too), and ours: focus moving inside
    // one shadow root is not seen above it
    for (const root of [document, this.host.shadowRoot]) {
      root?.addEventListener('focusin', this.onFocus);
      root?.addEventListener('focusout', this.onFocus);
    }
    this.resized.observe(this.host);
  }

  hostDisconnected() {
    for (const root of [document, this.host.shadowRoot]) {
      root?.removeEventListener('focusin', this.onFocus);
      root?.removeEventListener('focusout', this.onFocus);
    }
    for (const observer of [this.atBottom, this.inView, this.resized]) observer.disconnect();
    this.nodes = { box: null, submit: null, main: null, summary: null, bar: null };
  }

  hostUpdated() {
    const found = this.find();
    if (found.box !== this.nodes.box) this.follow(this.atBottom, this.nodes.box, found.box, () => (this.boxAtBottom = false));
    if (found.submit !== this.nodes.submit) this.follow(this.inView, this.nodes.submit, found.submit, () => (this.submitInView = false));
    const barAppeared = found.bar && !this.nodes.bar;
    this.nodes = found;
    this.measure();
    // once it has slid in (an animation moves it meanwhile)
    if (barAppeared) void Promise.all(found.bar!.getAnimations().map((a) => a.finished)).then(() => this.set(() => (this.misplaced = this.offScreenBottom(found.bar!))), () => {});
  }

  private follow(observer: IntersectionObserver, before: Element | null, now: Element | null, reset: () => void) {
    if (before) observer.unobserve(before);
    reset();
    if (now) observer.observe(now);
  }

  /** The summary is a column beside the form (wide layouts): the button stays in view in it. */
  private measure() {
    const { main, summary } = this.nodes;
    this.wide = !!main && !!summary && summary.getBoundingClientRect().left >= main.getBoundingClientRect().right;
  }

  /** A fixed bar whose bottom is not the screen's: an ancestor (transform, filter, contain) holds it. */
  private offScreenBottom(bar: Element) {
    const bottom = bar.getBoundingClientRect().bottom;
    return Math.abs(bottom - window.innerHeight) > 2 && Math.abs(bottom - document.documentElement.clientHeight) > 2;
  }

  /** A field taking the focus hides the bar at once; where the focus went is looked at once the frame is drawn. */
  private readonly onFocus = (event: Event) => {
    const target = event.composedPath()[0];
    if (event.type === 'focusin' && target instanceof Element && target.matches(TYPED) && matchMedia('(pointer: coarse)').matches) {
      this.set(() => (this.typing = true));
    }
    requestAnimationFrame(() => this.set(() => (this.typing = this.typingNow())));
  };

  private typingNow(): boolean {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return !!active?.matches(TYPED) && matchMedia('(pointer: coarse)').matches;
  }

  /** Applies a change; re-renders only when it changes whether the bar shows. */
  private set(change: () => void) {
    const before = this.shown;
    change();
    if (this.shown !== before) this.host.requestUpdate();
  }
}
