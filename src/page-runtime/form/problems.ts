import { ApiError, NetworkError } from '../../client/errors.ts';
import { isControl } from './fields.ts';
import { text } from './text.ts';

/** Writes a message into an author's element (if there is one); `data-state` lets CSS colour it. */
export function say(target: HTMLElement | null | undefined, message: string, state?: 'valid' | 'invalid') {
  if (!target) return;
  target.textContent = message;
  target.hidden = !message;
  if (state) target.dataset.state = state;
  else delete target.dataset.state;
}

/** What the buyer reads for a failed call: the service's reason for a 400, else connection or busy. */
export function problemText(error: unknown): string {
  if (error instanceof NetworkError) return text('network');
  if (error instanceof ApiError && (error.status === 429 || error.status >= 500)) return text('busy');
  return `${text('failed')}${error instanceof ApiError && error.status === 400 ? ` ${error.message}` : ''}`;
}

/**
 * Puts problems on the controls they concern — `aria-invalid`, the browser's validation message (so the bubble shows
 * it), `[data-svc-error-for="<path>"]` — and a summary into `[data-svc-error]`. `controlFor` maps a field path of
 * the service (`customer.phone`, `items.0.quantity`, `shipping_option.courier`) to the author's control.
 */
export function formProblems(form: HTMLFormElement, controlFor: (path: string) => Element | null | undefined, fallback: HTMLElement | null) {
  const errorBox = form.querySelector<HTMLElement>('[data-svc-error]');
  const slotOf = (path: string | null) => path && form.querySelector<HTMLElement>(`[data-svc-error-for="${CSS.escape(path)}"]`);
  /** Writes into the `[data-svc-error-for]` of a control's field. */
  const write = (el: Element, message: string) => {
    const slot = slotOf(el.getAttribute('data-svc-field'));
    if (slot) slot.textContent = message;
  };

  function show(problems: Record<string, string>, general?: string) {
    let first: Element | undefined;
    for (const [path, message] of Object.entries(problems)) {
      const control = controlFor(path);
      if (control) {
        first ??= control;
        control.setAttribute('aria-invalid', 'true');
        if (isControl(control)) control.setCustomValidity(message);
      }
      const slot = slotOf(path);
      if (slot) slot.textContent = message;
    }
    say(errorBox ?? fallback, general ?? Object.values(problems).join(' '));
    if (first && isControl(first)) first.reportValidity();
    else (first as HTMLElement | undefined)?.focus?.();
  }

  // a radio group keeps its error on its first radio
  const groupOf = (target: Element) =>
    [...(target instanceof HTMLInputElement && target.type === 'radio' ? form.querySelectorAll(`input[name="${CSS.escape(target.name)}"]`) : [target])];

  function clear(target: Element) {
    for (const el of groupOf(target)) {
      el.removeAttribute('aria-invalid');
      if (isControl(el)) el.setCustomValidity('');
    }
    write(target, '');
  }

  /**
   * The buyer changed `target`: the service's verdict on it no longer holds, and a fixed problem goes at once. A
   * problem still there shows only when `reveal` (leaving the field, a choice made), never while typing.
   */
  function check(target: Element, reveal: boolean) {
    const group = groupOf(target).filter(isControl);
    group.forEach((el) => el.setCustomValidity(''));
    const invalid = group.find((el) => !el.validity.valid);
    if (!invalid) clear(target);
    else if (reveal) mark(invalid);
  }

  /** Marks an invalid control and writes its message into its slot. */
  function mark(control: Element) {
    if (!isControl(control)) return;
    control.setAttribute('aria-invalid', 'true');
    write(control, control.validationMessage);
  }

  return {
    show,
    showError: (error: unknown) => show({ ...(error instanceof ApiError && error.fields) }, problemText(error)),
    check,
    mark,
    clearAll() {
      form.querySelectorAll('[aria-invalid]').forEach(clear);
      form.querySelectorAll('[data-svc-error-for]').forEach((slot) => (slot.textContent = ''));
      say(errorBox, '');
    },
  };
}
