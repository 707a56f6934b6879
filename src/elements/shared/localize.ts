import type { ReactiveController, ReactiveElement } from 'lit';
import { langOf, SHOP_TERMS, type Lang, type ShopTerms } from './i18n.ts';

/** A term: a text, or a function of its arguments that returns one (counts, names, amounts). */
export type Term = string | ((...args: never[]) => string);
/** A table of terms in every UI language: the `en` table must have every term of the `id` one. */
export type Terms<T> = Record<Lang, T>;
/** What a term takes: the arguments of a function term, nothing for a text. */
export type TermArgs<T> = T extends (...args: infer A) => string ? A : [];
/** `localize.term` as a value, for template helpers that render texts for several elements. */
export type TermOf<T> = <K extends keyof T>(key: K, ...args: TermArgs<T[K]>) => string;

/** A table that defines none of the terms of `A` (a term in both would silently take one of the two texts). */
export type Disjoint<A, B> = Terms<B> & Terms<{ [K in keyof B]: K extends keyof A ? never : B[K] }>;

/**
 * The texts of one element in the UI language of its nearest `lang` (crossing shadow roots), in the spirit of
 * Shoelace's `LocalizeController`: `this.localize.term('copy')`, `this.localize.term('count', 3)`. The element's own
 * table (`x.i18n.ts`) comes first, the shared one (`SHOP_TERMS`: loading, retry, cart, errors) behind it, so the
 * shared texts stay in one place in front of the first paint and no element table repeats them. Typed by both
 * tables, so a missing term or a wrong argument fails the type check. A `lang` change anywhere on the page
 * re-renders the element.
 */
export class Localize<T> implements ReactiveController {
  /** The term `key` in the UI language (a bound function: `const { term } = this.localize` works). */
  readonly term: TermOf<ShopTerms & T>;

  constructor(private readonly host: ReactiveElement, terms: Disjoint<ShopTerms, T>) {
    this.term = (key, ...args) => {
      const lang = langOf(host);
      const term = (terms[lang] as Record<typeof key, Term>)[key] ?? SHOP_TERMS[lang][key as keyof ShopTerms];
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
