import type { ReactiveElement } from 'lit';

/**
 * The Context Community Protocol (what @lit/context speaks), as much of it as `<svc-store>` and its elements need:
 * a consumer asks with a bubbling `context-request` event, the nearest provider answers and keeps answering when
 * its value changes; a provider that connects later takes over the consumers inside it. Elements and components
 * built on @lit/context interoperate through the same events. Ours because the library is 1.4 kB gzip and this
 * 0.6 kB, of the elements' 30 kB budget (docs/decisions.md).
 */
type Callback = (value: unknown, unsubscribe: () => void) => void;

class ContextRequestEvent extends Event {
  constructor(readonly context: string, readonly contextTarget: Element, readonly callback: Callback, readonly subscribe: boolean) {
    super('context-request', { bubbles: true, composed: true });
  }
}

class ContextProviderEvent extends Event {
  constructor(readonly context: string, readonly contextTarget: Element) {
    super('context-provider', { bubbles: true, composed: true });
  }
}

type Decorator = (proto: ReactiveElement, name: string) => void;
const initialize = (proto: ReactiveElement, init: (element: ReactiveElement) => void) =>
  (proto.constructor as typeof ReactiveElement).addInitializer(init);

/** Keeps the property set to the nearest provider's value of `context` while the element is connected. */
export const consume = (context: string): Decorator => (proto, name) =>
  initialize(proto, (element) => {
    let unsubscribe: (() => void) | undefined;
    const receive: Callback = (value, dispose) => {
      if (unsubscribe !== dispose) unsubscribe?.(); // a nearer provider took over
      unsubscribe = dispose;
      (element as unknown as Record<string, unknown>)[name] = value;
    };
    element.addController({
      hostConnected: () => void element.dispatchEvent(new ContextRequestEvent(context, element, receive, true)),
      hostDisconnected: () => (unsubscribe?.(), (unsubscribe = undefined)),
    });
  });

/** Provides the property's value as `context` to the elements inside, and every new value to those that follow it. */
export const provide = (context: string): Decorator => (proto, name) => {
  const consumersOf = new WeakMap<object, Map<Callback, { target: Element; unsubscribe: () => void }>>();
  initialize(proto, (host) => {
    const consumers = new Map<Callback, { target: Element; unsubscribe: () => void }>();
    consumersOf.set(host, consumers);
    host.addEventListener('context-request', (event) => {
      const { context: wanted, contextTarget: target, callback, subscribe } = event as unknown as ContextRequestEvent; // the event map may be @lit/context's
      if (wanted !== context || target === host) return;
      event.stopPropagation();
      const value = (host as unknown as Record<string, unknown>)[name];
      if (!subscribe) return callback(value, () => {});
      let consumer = consumers.get(callback);
      if (!consumer) consumers.set(callback, (consumer = { target, unsubscribe: () => void consumers.delete(callback) }));
      callback(value, consumer.unsubscribe);
    });
    host.addEventListener('context-provider', (event) => {
      const { context: provided, contextTarget: provider } = event as unknown as ContextProviderEvent;
      if (provided !== context || provider === host) return;
      event.stopPropagation();
      // ask again from each consumer: the new provider answers those inside it, this one the others
      for (const [callback, { target }] of [...consumers]) target.dispatchEvent(new ContextRequestEvent(context, target, callback, true));
    });
    host.addController({ hostConnected: () => void host.dispatchEvent(new ContextProviderEvent(context, host)) });
  });
  const accessor = Object.getOwnPropertyDescriptor(proto, name)!; // from @property/@state, applied before this one
  Object.defineProperty(proto, name, {
    ...accessor,
    set(this: ReactiveElement, value: unknown) {
      accessor.set!.call(this, value);
      for (const [callback, { unsubscribe }] of consumersOf.get(this) ?? []) callback(value, unsubscribe);
    },
  });
};
