import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';

/**
 * Binds a nanostore to a Lit host: subscribes while connected, re-renders on every change. The store is read
 * through a getter because it belongs to the storefront, which arrives by context and may be replaced.
 */
export class StoreController<T> implements ReactiveController {
  value: T | undefined;
  private atom?: ReadableAtom<T>;
  private unsubscribe?: () => void;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly getAtom: () => ReadableAtom<T> | undefined,
  ) {
    host.addController(this);
  }

  hostConnected() {
    this.bind();
  }

  hostUpdate() {
    if (this.getAtom() !== this.atom) this.bind(); // the storefront changed under us
  }

  hostDisconnected() {
    this.unsubscribe?.();
    this.unsubscribe = this.atom = undefined;
  }

  private bind() {
    this.unsubscribe?.();
    this.atom = this.getAtom();
    let initial = true;
    this.unsubscribe = this.atom?.subscribe((value) => {
      this.value = value;
      if (!initial) this.host.requestUpdate();
    });
    initial = false;
  }
}
