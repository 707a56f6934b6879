import { ApiError, NetworkError } from '../../client/errors.ts';
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
