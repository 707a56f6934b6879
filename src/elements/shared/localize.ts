import type { ReactiveController, ReactiveElement } from 'lit';
import { langOf, type Lang } from './i18n.ts';

/** A term: a text, or a function of its arguments that returns one (counts, names, amounts). */
export type Term = string | ((...args: never[]) => string);
/** A table of terms in every UI language: the `en` table must have every term of the `id` one. */
export type Terms<T> = Record<Lang, T>;
/** What a term takes: the arguments of a function term, nothing for a text. */
export type TermArgs<T> = T extends (...args: infer A) => string ? A : [];
/** `localize.term` as a value, for template helpers that render texts for several elements. */
export type TermOf<T> = <K extends keyof T>(key: K, ...args: TermArgs<T[K]>) => string;

/**
 * The texts of one element in the UI language of its nearest `lang` (crossing shadow roots), in the spirit of
 * Shoelace's `LocalizeController`: `this.localize.term('copy')`, `this.localize.term('count', 3)`. Typed by the
 * element's table, so a missing term or a wrong argument fails the type check. A `lang` change anywhere on the page
 * re-renders the element.
 */
export class Localize<T> implements ReactiveController {
  /** The term `key` in the UI language (a bound function: `const { term } = this.localize` works). */
  readonly term: TermOf<T>;

  constructor(private readonly host: ReactiveElement, terms: Terms<T>) {
    this.term = (key, ...args) => {
      const term = terms[langOf(host)][key] as Term;
      return term instanceof Function ? (term as (...a: unknown[]) => string)(...args) : term;
    };
    host.addController(this);
  }

  hostConnected() {
    watching.add(this.host);
    // observing again with the same options only replaces the registration
    (observer ??= new MutationObserver(() => watching.forEach((host) => host.requestUpdate())))
      .observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }

  hostDisconnected() {
    watching.delete(this.host);
  }
}

// One observer for the whole page: a `lang` change anywhere re-renders every connected element.
const watching = new Set<ReactiveElement>();
let observer: MutationObserver | undefined;

/**
 * One table from several (shared texts and an element's own), checked to share no term: a term that two tables
 * define would silently take the later one's text.
 */
export function combine<A, B>(a: Terms<A>, b: Terms<B> & Terms<{ [K in keyof B]: K extends keyof A ? never : B[K] }>): Terms<A & B> {
  return { id: { ...a.id, ...b.id }, en: { ...a.en, ...b.en } };
}
