import type { Disjoint, Terms } from './localize.ts';

/**
 * One table from several that share no term: the buyer, order and payment texts (`shared/*-messages.ts`) an element
 * uses, with its own. Apart from `localize.ts`: only the lazily loaded elements combine tables, so this stays out of the
 * catalog page's initial load.
 */
export function combine<A, B>(a: Terms<A>, b: Disjoint<A, B>): Terms<A & B>;
export function combine<A, B, C>(a: Terms<A>, b: Disjoint<A, B>, c: Disjoint<A & B, C>): Terms<A & B & C>;
export function combine<A, B, C, D>(a: Terms<A>, b: Disjoint<A, B>, c: Disjoint<A & B, C>, d: Disjoint<A & B & C, D>): Terms<A & B & C & D>;
export function combine(...tables: Terms<object>[]): Terms<object> {
  const merge = (lang: keyof Terms<object>): object => Object.assign({}, ...tables.map((table) => table[lang])) as object;
  return { id: merge('id'), en: merge('en') };
}
