import { serve } from '@hono/node-server';
import { parseArgs } from 'node:util';
import { createReferenceServer } from './index.ts';

const USAGE = `Usage: reference-server [--port N] [--host H] [--db PATH|:memory:] [--seed FILE] [--public-url URL]
  --port        port to listen on (0 picks a free one; default $PORT or 8787)
  --db          SQLite database file (default .data/reference.sqlite)
  --seed        seed file loaded into an empty database (default: the demo store)
  --rate-limit  browser requests per minute per client IP (default 600)
  --no-dev-routes  disable /__reference/* (mailbox, outbox, payment simulator)`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    db: { type: 'string', default: '.data/reference.sqlite' },
    seed: { type: 'string' },
    'public-url': { type: 'string' },
    'rate-limit': { type: 'string' },
    'no-dev-routes': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
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

const reference = createReferenceServer({
  db: values.db,
  seed: values.seed,
  config: {
    publicUrl: values['public-url'],
    devRoutes: !values['no-dev-routes'],
    ...(rateLimit ? { browserRateLimit: { limit: rateLimit, windowSeconds: 60 } } : {}),
  },
});

const server = serve({ fetch: reference.app.fetch, port, hostname: values.host }, (info) => {
  // The first line on stdout is the contract with scripts and tests that start us with --port 0.
  console.log(`listening on http://127.0.0.1:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    reference.close();
    process.exit(0);
  });
}
