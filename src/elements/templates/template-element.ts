import { consume } from '@lit/context';
import { ReactiveElement } from 'lit';
import { state } from 'lit/decorators.js';
import { isApiError, NetworkError } from '../../client/errors.ts';
import { NotConfiguredError } from '../shared/element.ts';
import { Localize } from '../shared/localize.ts';
import { defaultStorefront, storefrontContext, type Storefront } from '../shared/storefront.ts';
import { SvcErrorEvent } from '../shared/svc-event.ts';
import type { Instance, Host } from './render.ts';
import { TEMPLATE_TERMS } from './templates.i18n.ts';
import { BIND } from './vocabulary.ts';

/** Every control of every template on the page, to the instance whose scope it acts in and its element. */
export const controls = new WeakMap<Element, { instance: Instance; owner: TemplateElement }>();

/** How long a control says `data-svc-state="done"` after its action succeeded. */
const DONE_MS = 2000;

/**
 * What `<svc-context>` and `<svc-list>` share: they render their `<template>` child into their own light DOM (the
 * merchant's stylesheet applies as to any markup), find their storefront as every element does (the nearest
 * `<svc-store>`, else the script tag's), show the merchant's placeholder until the data is there, and run the
 * actions of the merchant's controls with busy and error states the template and its CSS can read.
 */
export abstract class TemplateElement extends ReactiveElement {
  @consume({ context: storefrontContext, subscribe: true })
  @state()
  protected provided?: Storefront;

  protected readonly localize = new Localize(this, TEMPLATE_TERMS);
  private readonly warned = new Set<string>();
  /** Placeholders taken out while the content is shown. */
  private held: Element[] = [];

  protected readonly host: Host = {
    warn: (message) => {
      if (this.warned.has(message)) return;
      this.warned.add(message);
      console.warn(`[svc] <${this.localName}>: ${message}`, this);
    },
    control: (element, instance) => controls.set(element, { instance, owner: this }),
  };

  /** Light DOM: the merchant's markup and CSS, no shadow root. */
  protected override createRenderRoot() {
    return this;
  }

  /** The nearest `<svc-store>`'s storefront, else the one configured by the script tag. */
  get storefront(): Storefront | undefined {
    return this.provided ?? defaultStorefront();
  }

  /** The `<template>` child this element renders. */
  protected get template(): HTMLTemplateElement | undefined {
    for (const child of this.children) if (child instanceof HTMLTemplateElement) return child;
    this.host.warn('has no <template> child to render');
    return undefined;
  }

  /** `data-svc-state` (`loading`, `ready`, `error`) and `aria-busy`, for the merchant's CSS and screen readers. */
  protected setLoadState(state: 'loading' | 'ready' | 'error') {
    this.setAttribute('data-svc-state', state);
    if (state === 'loading') this.setAttribute('aria-busy', 'true');
    else this.removeAttribute('aria-busy');
  }

  /** The content replaces the placeholders. */
  protected dropPlaceholders() {
    for (const child of [...this.children]) {
      if (!child.hasAttribute(BIND.placeholder)) continue;
      this.held.push(child);
      child.remove();
    }
  }

  /** A load that failed: the placeholders' `data-svc-error` elements say why (a `retry` control asks again). */
  protected showLoadError(error: unknown): void {
    this.setLoadState('error');
    const message = this.errorText(error);
    for (const placeholder of this.querySelectorAll(`:scope > [${BIND.placeholder}]`)) {
      for (const slot of placeholder.querySelectorAll(`[${BIND.error}]`)) {
        slot.textContent = message;
        slot.removeAttribute('hidden');
      }
    }
  }

  /** A buyer-facing sentence for a failed call, in the element's language. */
  errorText(error: unknown): string {
    const { term } = this.localize;
    if (error instanceof TemplateError) return term(error.term);
    return term(error instanceof NetworkError ? 'offline'
      : isApiError(error, 'rate_limited') ? 'busy'
        : isApiError(error, 'out_of_stock') ? 'noStock'
          : isApiError(error) && error.status === 404 ? 'notFound'
            : error instanceof NotConfiguredError ? 'notConfigured' : 'failed');
  }

  /** The storefront, or the error that says there is none. */
  protected requireStorefront(): Storefront {
    const storefront = this.storefront;
    if (!storefront) throw new NotConfiguredError();
    return storefront;
  }

  /** Renders the data as it is now (after a change of data, choice or state). */
  abstract refresh(): void;

  /** Runs action `action` of `control`, acting in the scope of `instance`. */
  abstract act(action: string, control: Element, instance: Instance, event: Event): void;

  /** The value of a control of `instance` changed (a quantity, an option). */
  abstract changed(control: HTMLInputElement, instance: Instance): void;

  /**
   * An action of a merchant's control: the scope says `busy` while it runs and `error` (a localized message) when
   * it fails; the control says the same as `data-svc-state` (`busy`, `done`, `error`) and `aria-busy`. An
   * `exclusive` action (adding to the cart) ignores a second press while it runs; others (a line's steps) queue up
   * in the session's cart, each from the quantity the one before left.
   */
  async run(control: Element, instance: Instance, action: string, work: () => Promise<unknown>, exclusive = true): Promise<boolean> {
    if (exclusive && instance.state.busy) return false;
    instance.running++;
    instance.state.busy = true;
    instance.state.error = '';
    control.setAttribute('data-svc-state', 'busy');
    control.setAttribute('aria-busy', 'true');
    this.refresh();
    let done = false;
    try {
      await work();
      done = true;
      control.setAttribute('data-svc-state', 'done');
      setTimeout(() => control.getAttribute('data-svc-state') === 'done' && control.removeAttribute('data-svc-state'), DONE_MS);
    } catch (error) {
      const message = this.errorText(error);
      instance.state.error = message;
      control.setAttribute('data-svc-state', 'error');
      this.dispatchEvent(new SvcErrorEvent({ action, error, message }));
    } finally {
      instance.state.busy = --instance.running > 0;
      if (!instance.state.busy) control.removeAttribute('aria-busy');
      this.refresh();
    }
    return done;
  }
}

/** A refusal of ours (options not chosen, a sold-out variant), shown as the term's text. */
export class TemplateError extends Error {
  constructor(readonly term: 'chooseOptions' | 'unavailable' | 'soldOut' | 'noStock') {
    super(term);
  }
}
