import { css, html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { TermOf } from './localize.ts';
import type { OrderTerms } from './order-messages.ts';
import { icons } from './templates.ts';

/** How long the button says "Copied" before it offers to copy again. */
const CONFIRM_MS = 2000;

/** Copies text to the clipboard for an element and remembers, for a moment, what was copied (to say so). */
export class CopyController implements ReactiveController {
  copied = '';
  private timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostDisconnected() {
    clearTimeout(this.timer);
    this.copied = '';
  }

  async copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // no clipboard permission (embedded frames, plain http): copy through a selection
      const area = Object.assign(document.createElement('textarea'), { value: text });
      (this.host.shadowRoot ?? this.host).appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    this.copied = text;
    this.host.requestUpdate();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => ((this.copied = ''), this.host.requestUpdate()), CONFIRM_MS);
  }
}

/** One size for every copy ("Salin") button: the order number's and the payment instructions'. */
export const copyButtonStyles = css`
  .btn.copy { gap: 0.25rem; min-width: 44px; min-height: 44px; padding: 0.25em 0.875em; font-size: 0.875em; white-space: nowrap; }
  .btn.copy svg { width: 1.125em; height: 1.125em; }
`;

export const orderNumberStyles = css`
  ${copyButtonStyles}
  .order-number { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem; }
  .order-number strong { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 1.125em; letter-spacing: 0.04em; }
`;

/**
 * "Order number 261122-7K3M9Q [Copy]": the number a buyer quotes to the merchant. The button's name is "Copy order
 * number"; after a click it reads "Copied" and a polite live region says which number was copied.
 */
export function orderNumber(number: string, copier: CopyController, term: TermOf<OrderTerms>) {
  const copied = copier.copied === number;
  return html`<div class="order-number" part="order-number">
    <span class="muted">${term('orderNumber')}</span><strong part="order-number-value">${number}</strong>
    <button type="button" class="btn quiet copy" part="order-number-copy" @click=${() => copier.copy(number)}>
      ${copied ? html`${icons.check}${term('copied')}` : term('copy')}<span class="sr-only"> ${term('theOrderNumber')}</span></button>
    <span class="sr-only" aria-live="polite" aria-atomic="true">${copied ? term('orderNumberCopied', number) : ''}</span>
  </div>`;
}
