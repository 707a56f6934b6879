/** MSW, only to inject faults the real server cannot produce on demand. Unhandled requests reach the real server. */
import { setupWorker } from 'msw/browser';

export const worker = setupWorker();
let started: Promise<unknown> | null = null;

export function startWorker(): Promise<unknown> {
  started ??= worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
  return started;
}
