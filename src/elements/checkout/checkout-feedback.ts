import type { ReactiveControllerHost } from 'lit';
import { isApiError } from '../../client/errors.ts';
import { FIELD_OF, TYPED, type Errors, type FieldKey } from './checkout-form.ts';

/**
 * The problems shown next to the checkout's fields: a typed field's once the buyer leaves it (or submits), each one
 * gone as soon as it is fixed, every one at once on submit, and those the server refused after it.
 */
export class FieldFeedback {
  errors: Errors = {};
  /** Fields the buyer typed in: their problems show once the buyer leaves them, not while typing. */
  private readonly dirty = new Set<FieldKey>();

  /**
   * `check`: what is wrong in the form now (undefined while nothing can be checked: no checkout yet); `cleared`:
   * called when a recheck leaves no problem shown.
   */
  constructor(private readonly host: Pick<ReactiveControllerHost, 'requestUpdate'>, private readonly check: () => Errors | undefined,
    private readonly cleared: () => void) {}

  get any(): boolean {
    return Object.values(this.errors).some(Boolean);
  }

  show(errors: Errors) {
    this.errors = errors;
    this.host.requestUpdate();
  }

  /** Submitting: every problem at once; true when there is none. */
  checkAll(): boolean {
    this.show(this.check() ?? {});
    return !this.any;
  }

  /** The fields the server refused, each with the sentence `text` gives for its request path and error code. */
  fromServer(error: unknown, text: (path: string, code: string) => string) {
    const errors: Errors = {};
    if (isApiError(error)) {
      for (const path of Object.keys(error.fields)) {
        const key = Object.entries(FIELD_OF).find(([p]) => path === p || path.startsWith(`${p}.`))?.[1];
        if (key) errors[key] = text(path, error.code);
      }
    }
    this.show(errors);
  }

  /** Typing: a shown problem goes as soon as the field is fixed (or turns into another one, shown on leaving). */
  readonly onInput = (event: Event) => {
    const key = (event.target as HTMLElement).id;
    if (!TYPED.has(key)) return;
    this.dirty.add(key as FieldKey);
    this.recheck([key as FieldKey], true);
  };

  /** Leaving a field the buyer typed in shows its problem. */
  readonly onFocusOut = (event: FocusEvent) => {
    const key = (event.target as HTMLElement).id as FieldKey;
    if (!this.dirty.has(key)) return;
    const problem = this.check()?.[key];
    if (problem !== this.errors[key]) this.show({ ...this.errors, [key]: problem });
  };

  /**
   * Checks the shown problems of `keys` again: a fixed one goes. While typing (`typing`), one that changed goes
   * too (a phone that was empty and is now half typed is not yet "invalid"; leaving the field says so).
   */
  recheck(keys: FieldKey[], typing = false) {
    if (!keys.some((key) => this.errors[key])) return;
    const now = this.check();
    if (!now) return;
    const next = { ...this.errors };
    for (const key of keys) if (next[key]) next[key] = typing && now[key] !== next[key] ? undefined : now[key];
    this.show(next);
    if (!this.any) this.cleared();
  }
}
