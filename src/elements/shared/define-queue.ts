/**
 * Element definitions one task at a time (docs/decisions.md #27). Defining a tag upgrades every instance in the
 * document and renders it before the browser may paint: the whole entry at once was one long task on a phone's CPU
 * (the entry's evaluation, every upgrade, every first render). Now a tag with instances in the document is defined
 * in a task of its own, in import order, after the ones before it; until then its instances hold their reserved
 * boxes (`:not(:defined)`, reserved-boxes.ts), so nothing moves when they render. Elements below the fold that are
 * not needed at once are lazy chunks, loaded when near the viewport (`autoload.ts`).
 *
 * A tag with no instance in the document is defined at once: nothing to upgrade, and code that imports an element
 * module (tests, frameworks) finds it defined.
 */
import { yieldToMain } from './schedule.ts';

let turn = Promise.resolve();

/** `customElements.define` in its turn (see above); tolerant of the script being loaded twice. */
export function defineInTurn(tag: string, element: CustomElementConstructor): void {
  const defineNow = () => void (customElements.get(tag) || customElements.define(tag, element));
  if (!document.querySelector(tag)) return defineNow();
  turn = turn.then(yieldToMain).then(defineNow);
}
