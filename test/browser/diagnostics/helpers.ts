/** Helpers of the diagnostics panel tests: the panel in the page, its text, and a clean slate between tests. */
import type { DebugSink } from '../../../src/diagnostics/recorder.ts';
import { waitFor } from '../support/server.ts';

export { waitFor };

export const panel = () => document.querySelector('svc-debug-panel');

/** The panel's visible text (what a merchant reads), once it exists. */
export async function panelText(): Promise<string> {
  await waitFor(() => !!panel()?.shadowRoot?.querySelector('aside'), 5000, 'the diagnostics panel');
  return panel()!.shadowRoot!.textContent ?? '';
}

/** Waits until the panel's text includes every one of `parts`, and returns that text. */
export async function panelShows(...parts: string[]): Promise<string> {
  let text = '';
  await waitFor(async () => {
    text = await panelText();
    return parts.every((part) => text.includes(part));
  }, 8000, `the panel to show ${JSON.stringify(parts)}`).catch((error) => {
    throw new Error(`${(error as Error).message}; it shows: ${text}`);
  });
  return text;
}

/** The finding items shown, as text. */
export const findingTexts = () => [...panel()?.shadowRoot?.querySelectorAll('li[data-level]') ?? []].map((li) => li.textContent ?? '');

/** Adds markup to the body; `reset` removes it again and forgets what the panel recorded. */
export function mount(html: string): HTMLElement {
  const host = document.createElement('div');
  host.className = 'fixture';
  host.innerHTML = html;
  document.body.append(host);
  return host;
}

export function reset(): void {
  document.querySelectorAll('.fixture').forEach((host) => host.remove());
  const sink = (window as { __svcDebug?: DebugSink }).__svcDebug;
  if (sink) {
    sink.requests.length = 0;
    sink.events.length = 0;
  }
}
