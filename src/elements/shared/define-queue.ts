/**
 * Element definitions one task at a time (docs/decisions.md #27). Defining a tag upgrades every instance in the
 * document and renders it before the browser may paint: the whole entry at once was one long task on a phone's CPU
 * (the entry's evaluation, every upgrade, every first render). Now each tag is defined in a task of its own; a tag
 * with instances in the document waits until one is near the viewport (those on screen are told at the next frame),
 * the shopper's first tap or key, or idle time. Until then its instances hold their reserved boxes
 * (`:not(:defined)`, reserved-boxes.ts), so nothing moves when they render.
 *
 * A tag with no instance in the document while nothing else waits is defined at once: nothing to upgrade, and code
 * that imports an element module (tests, frameworks) finds it defined.
 */
import { onFirstInput, whenIdle, whenVisible, yieldToMain } from './schedule.ts';

type Definition = { tag: string; element: CustomElementConstructor };

/** Tags not defined yet, whether queued or waiting for their instances to be seen. */
const pending = new Map<string, Definition>();
const queue: Definition[] = [];
let draining = false;
/** Whether a first tap or key will flush what waits (armed again after each flush). */
let armed = false;

function defineNow({ tag, element }: Definition): void {
  pending.delete(tag);
  if (!customElements.get(tag)) customElements.define(tag, element);
}

/** Everything pending, now: the shopper is reaching for something. */
function flush(): void {
  armed = false;
  queue.length = 0;
  for (const definition of [...pending.values()]) defineNow(definition);
}

/** Into the queue, those seen on screen before the others. */
function enqueue(definition: Definition, onScreen: boolean): void {
  if (pending.get(definition.tag) !== definition || queue.includes(definition)) return;
  if (onScreen) queue.unshift(definition);
  else queue.push(definition);
  void drain();
}

async function drain(): Promise<void> {
  if (draining) return;
  draining = true;
  while (queue.length) {
    await yieldToMain();
    const definition = queue.shift();
    if (definition) defineNow(definition);
  }
  draining = false;
}

/** `customElements.define` in its turn (see above); tolerant of the script being loaded twice. */
export function defineInTurn(tag: string, element: CustomElementConstructor): void {
  if (customElements.get(tag) || pending.has(tag)) return;
  const definition = { tag, element };
  const instances = [...document.querySelectorAll(tag)];
  if (!instances.length && !pending.size) return defineNow(definition);
  pending.set(tag, definition);
  if (!armed) onFirstInput(flush);
  armed = true;
  if (!instances.length) return enqueue(definition, false);
  const stop = whenVisible(instances, () => enqueue(definition, true));
  whenIdle(() => (stop(), enqueue(definition, false)), 3000);
}
