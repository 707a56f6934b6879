#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultDatabasePath } from './db/default-path.ts';
import { ADMIN_COMMANDS, ADMIN_USAGE, runAdminCommand } from './cli-admin.ts';
import { createReferenceServer, parseOriginGrant, type ReferenceServer } from './index.ts';

const USAGE = `Usage: reference-server [--port N] [--host H] [--db PATH|:memory:] [--seed FILE] [--public-url URL] [--allow-origin O]…
  --port        port to listen on (0 picks a free one; default $PORT or 8787)
  --db          SQLite database file (default $XDG_STATE_HOME or ~/.local/state: svc-reference-server/reference.sqlite)
  --seed        seed file loaded into an empty database (default: the demo store)
  --public-url  public address for payment and order links and the OAuth issuer (default: the address a
                connection arrives at; never a request's Host header)
  --rate-limit  browser requests per minute per client IP (default 600)
  --allow-origin ORIGIN | STORE=ORIGIN
                let a site under development call the API from ORIGIN (repeatable): added to the allowed origins
                of every store (or of STORE only) and to the domains of their HTML Mode pages
  --no-webhook-delivery  record webhook events without delivering them
  --allow-loopback-fetch  development: let webhooks, OAuth client metadata documents and JWKS reach loopback
                addresses (127.0.0.0/8, ::1) too; private and link-local addresses stay refused
  --dev-routes  enable the development routes /__reference/* (mailbox with sign-in codes and reset links, outbox,
                webhook log, payment simulator) for clients on this machine only. Off by default (--no-dev-routes)
  --browser-files DIR
                the folder served at /dist/ with CORS for every store's allowed origins (default: the browser folder
                of the svc-storefront package, dist/)`;

/** svc-storefront's browser folder: this checkout's dist/ (the package refers to itself), or the installed package's. */
function defaultBrowserFiles(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('svc-storefront/package.json')), 'dist');
  } catch {
    return undefined;
  }
}
// the demo catalog's images: demo/img/ of this checkout, or of the server's package (lib/server/ is as deep as src/server/)
const DEMO_IMAGES = fileURLToPath(new URL('../../demo/img/', import.meta.url));

// Merchant set-up (store …, catalog …) runs on the database file and exits; anything else starts the server.
if (ADMIN_COMMANDS.has(process.argv[2] ?? '')) process.exit(runAdminCommand(process.argv.slice(2), defaultDatabasePath()));

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    db: { type: 'string', default: defaultDatabasePath() },
    seed: { type: 'string' },
    'public-url': { type: 'string' },
    'rate-limit': { type: 'string' },
    'allow-origin': { type: 'string', multiple: true, default: [] },
    'no-webhook-delivery': { type: 'boolean', default: false },
    'allow-loopback-fetch': { type: 'boolean', default: false },
    'dev-routes': { type: 'boolean', default: false },
    'no-dev-routes': { type: 'boolean', default: false }, // the default; kept so older scripts still start
    'browser-files': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`${USAGE}\n\n${ADMIN_USAGE}`);
  process.exit(0);
}

const port = Number(values.port ?? process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port ${values.port}\n${USAGE}`);
  process.exit(2);
}

const rateLimit = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
if (rateLimit !== undefined && !(Number.isInteger(rateLimit) && rateLimit > 0)) {
  console.error(`Invalid --rate-limit ${values['rate-limit']}\n${USAGE}`);
  process.exit(2);
}

const allowOrigins = values['allow-origin'];
for (const value of allowOrigins) {
  try {
    parseOriginGrant(value);
  } catch (err) {
    console.error(`Invalid --allow-origin ${value}: ${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const devRoutes = values['dev-routes'] && !values['no-dev-routes'];
const browserFiles = values['browser-files'] ?? defaultBrowserFiles();
const browserFilesBuilt = !!browserFiles && existsSync(join(browserFiles, 'svc-elements.iife.js'));

// Listening first: the port (--port 0 picks one) is the default address of the seed's images (seedImageBase).
let reference: ReferenceServer | undefined;
// it answers every request itself, once it is there (a connection may come before the address is printed)
const server = createServer((req, res) => void (reference ? reference.listener(req, res) : res.writeHead(503, { 'Retry-After': '1' }).end()));
server.once('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(`Port ${port} is already in use: stop what is using it or pick another port with --port (or PORT).`);
  process.exit(1);
});
server.listen(port, values.host, () => {
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    reference = createReferenceServer({
      db: values.db,
      seed: values.seed,
      seedImageBase: values['public-url'] ?? address,
      allowOrigins,
      config: {
        publicUrl: values['public-url'],
        devRoutes,
        webhooks: { deliver: !values['no-webhook-delivery'], allowLoopback: values['allow-loopback-fetch'] },
        oauth: { allowLoopback: values['allow-loopback-fetch'] },
        ...(rateLimit ? { browserRateLimit: { limit: rateLimit, windowSeconds: 60 } } : {}),
        browserFiles,
        ...(existsSync(DEMO_IMAGES) && { demoImages: DEMO_IMAGES }),
      },
    });
  } catch (err) {
    // A bad seed file or an unknown store in --allow-origin: the message says which; no stack trace.
    console.error((err as Error).message);
    process.exit(1);
  }
  // The first line on stdout is the contract with scripts and tests that start us with --port 0.
  console.log(`listening on ${address}`);
  console.log(devRoutes
    ? 'dev routes on: /__reference/* (mailbox, outbox, webhook log, payment simulator), loopback clients only'
    : 'dev routes off (--dev-routes turns on /__reference/*)');
  console.log(browserFilesBuilt
    ? `browser files: /dist/ (${browserFiles}), with CORS for every store's allowed origins`
    : `browser files: none at ${browserFiles ?? '(svc-storefront not found)'}: /dist/ answers 404 (npm run build, or --browser-files DIR)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    reference?.close();
    process.exit(0);
  });
}
