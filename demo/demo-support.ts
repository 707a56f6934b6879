/**
 * What `npm start` (demo/serve.ts) and `npm run dev` (demo/dev.ts) share: the reference server as the demo
 * configures it, and a clean stop (signals, a busy port).
 */
import type { Server } from 'node:http';
import { createReferenceServer, type ReferenceServer } from '../src/server/index.ts';
import { defaultDatabasePath } from '../src/server/db/default-path.ts';
import { startSnippetServer } from './snippet-server.ts';
import { DIST_DIR } from './static-routes.ts';

const closers: Array<() => void> = [];

/** PORT, or 8787; anything but a port number (with a free neighbour for the snippet page) is one line and exit 2. */
export function demoPort(): number {
  const port = Number(process.env.PORT || 8787);
  if (Number.isInteger(port) && port > 0 && port < 65535) return port;
  console.error(`Invalid PORT ${process.env.PORT}: a port number from 1 to 65534 (PORT+1 serves the pasted-snippet page).`);
  process.exit(2);
}

/** Runs `close` when the demo stops (last registered, first closed). */
export const onStop = (close: () => void) => void closers.push(close);

/** Closes what onStop registered, then exits with `code`. */
export function stop(code: number): never {
  for (const close of closers.splice(0).reverse()) {
    try {
      close();
    } catch (error) {
      console.error(error);
    }
  }
  process.exit(code);
}

/** SIGINT (Ctrl-C) and SIGTERM stop everything the demo started, a build under way included. */
export function stopOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
}

/** A busy port is one line naming the setting that changes it, and exit code 1; no stack trace. */
function exitOnBusyPort(server: Server, port: number, setting: string): void {
  server.once('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(`Port ${port} is already in use: stop what is using it or pick another port with ${setting}.`);
    stop(1);
  });
}

/**
 * The reference server of the demo: dev routes on (mailbox, payment simulator), the database in DEMO_DB or the
 * per-user state directory (never in the served tree), and, whatever PORT is, the demo's own origin allowed to call
 * the demo store, its landing pages and the one-time-code store; the snippet origin (PORT+1), as a merchant's
 * site, the demo store.
 */
export function demoReferenceServer(port: number): { reference: ReferenceServer; origins: string[]; snippetOrigins: string[] } {
  const origins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const snippetOrigins = [`http://localhost:${port + 1}`, `http://127.0.0.1:${port + 1}`];
  const reference = createReferenceServer({
    db: process.env.DEMO_DB || defaultDatabasePath(),
    allowOrigins: [
      ...[...origins, ...snippetOrigins].map((o) => `demo-store=${o}`),
      ...origins.map((o) => `otp-store=${o}`),
    ],
    devRoutes: true,
    publicUrl: origins[0], // payment and order-status links on the origin the demo is browsed at
    config: { browserFiles: DIST_DIR }, // /dist/ with CORS for every allowed origin (the snippet page's among them)
  });
  onStop(() => reference.close());
  return { reference, origins, snippetOrigins };
}

/**
 * Listens on PORT, then serves the pasted-snippet page on PORT+1 (only once PORT is ours, so a busy PORT is the one
 * line of exitOnBusyPort), and prints where everything is.
 */
export function listenDemo(server: Server, port: number, serviceOrigin: string, text: { command: string; storefront: string; snippet: string }): void {
  exitOnBusyPort(server, port, `PORT (PORT=9000 ${text.command})`);
  onStop(() => server.close());
  server.listen(port, '127.0.0.1', () => {
    const snippet = startSnippetServer(port + 1, serviceOrigin);
    onStop(() => snippet.close());
    console.log(`listening on http://127.0.0.1:${port}`);
    console.log('dev routes on: /__reference/* (mailbox, outbox, webhook log, payment simulator), loopback clients only');
    console.log(`${text.storefront}: http://localhost:${port}/  (store demo-store, key sfk_demo)`);
    console.log(`${text.snippet}: http://localhost:${port + 1}/`);
  });
}
