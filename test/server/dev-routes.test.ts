import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { after, describe, it } from 'node:test';
import { createApp } from '../../src/server/app.ts';
import { createReferenceServer, ROUTE_GROUPS } from '../../src/server/index.ts';
import { demoDatabase } from './helpers.ts';

// The dev windows hand out one-time codes and reset links (account takeover), every business's webhook payloads,
// and mark any order paid: off unless asked for, and then only for the machine itself.
const DEV_ROUTES = [
  ['GET', '/__reference/mailbox?to=buyer@example.com'],
  ['GET', '/__reference/outbox'],
  ['GET', '/__reference/webhooks'],
  ['GET', '/__reference/pay/some-order'],
  ['POST', '/__reference/orders/some-order/pay'],
] as const;

const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

function app(config: { devRoutes?: boolean; trustProxy?: boolean } = {}) {
  return createApp({ db: demoDatabase(), routes: ROUTE_GROUPS, config });
}

describe('dev routes', () => {
  it('are off by default: 404 on every one, even from loopback', async () => {
    const server = app();
    for (const [method, path] of DEV_ROUTES) {
      assert.equal((await server.request(path, { method }, peer('127.0.0.1'))).status, 404, `${method} ${path}`);
    }
  });

  it('createReferenceServer() has them off too', async () => {
    const reference = createReferenceServer({ db: ':memory:', config: { webhooks: { deliver: false } } });
    try {
      const res = await reference.app.request('/__reference/mailbox', {}, peer('127.0.0.1'));
      assert.equal(res.status, 404);
    } finally {
      reference.close();
    }
  });

  it('with devRoutes: true they answer loopback peers (IPv4, IPv6, IPv4-mapped)', async () => {
    const server = app({ devRoutes: true });
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await server.request('/__reference/mailbox', {}, peer(address));
      assert.equal(res.status, 200, address);
      assert.ok(Array.isArray((await res.json()).messages));
    }
  });

  it('with devRoutes: true any other peer gets 403 on every one, whatever X-Forwarded-For says', async () => {
    const server = app({ devRoutes: true, trustProxy: true });
    for (const [method, path] of DEV_ROUTES) {
      for (const address of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.4', '2001:db8::1']) {
        const res = await server.request(path, { method, headers: { 'X-Forwarded-For': '127.0.0.1' } }, peer(address));
        assert.equal(res.status, 403, `${method} ${path} from ${address}`);
        assert.match((await res.json()).error.message, /only clients on this machine/);
      }
    }
  });

  it('with devRoutes: true a request without a TCP peer (another runtime, no socket) gets 403', async () => {
    const res = await app({ devRoutes: true }).request('/__reference/mailbox');
    assert.equal(res.status, 403);
  });

  it('over real HTTP on 127.0.0.1: 200 with devRoutes, 404 without', async () => {
    for (const devRoutes of [true, false]) {
      const reference = createReferenceServer({ db: ':memory:', devRoutes, config: { webhooks: { deliver: false } } });
      const http = createServer(reference.listener).listen(0, '127.0.0.1');
      await new Promise((resolve) => http.once('listening', resolve));
      try {
        const res = await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/__reference/outbox`);
        assert.equal(res.status, devRoutes ? 200 : 404);
      } finally {
        await new Promise((resolve) => http.close(resolve));
        reference.close();
      }
    }
  });
});

const running = new Set<ChildProcess>();
after(() => running.forEach((child) => child.kill('SIGKILL')));

/** `npm run server -- ARGS`: its first two stdout lines (the address, then whether dev routes are on). */
async function startCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', '--port', '0', '--db', ':memory:', '--no-webhook-delivery', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line) === 2 && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url: lines[0]!.replace(/^listening on /, ''),
    devLine: lines[1]!,
    stop: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      running.delete(child);
    }),
  };
}

describe('reference-server command', () => {
  it('has dev routes off by default and says so; --no-dev-routes is still accepted', async () => {
    for (const args of [[], ['--no-dev-routes']]) {
      const server = await startCli(args);
      try {
        assert.match(server.devLine, /dev routes.*off/i);
        assert.equal((await fetch(`${server.url}/__reference/mailbox`)).status, 404);
      } finally {
        await server.stop();
      }
    }
  });

  it('--dev-routes turns them on for loopback clients and says so', async () => {
    const server = await startCli(['--dev-routes']);
    try {
      assert.match(server.devLine, /dev routes.*on.*loopback/i);
      assert.equal((await fetch(`${server.url}/__reference/mailbox`)).status, 200);
    } finally {
      await server.stop();
    }
  });
});
