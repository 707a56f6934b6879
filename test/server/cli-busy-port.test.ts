// `npm run server` on a port that is taken: one line naming --port and PORT, exit code 1, no stack trace.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, test } from 'node:test';
import { runCliToExit } from './cli-helpers.ts';

test('a busy --port is a one-line message naming --port, and exit code 1', async () => {
  const blocker = await new Promise<Server>((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => resolve(s)); });
  after(() => blocker.close());
  const { port } = blocker.address() as { port: number };
  const { code, stderr } = await runCliToExit(['--port', String(port), '--db', ':memory:']);
  assert.equal(code, 1);
  assert.deepEqual(stderr.trim().split('\n'), [`Port ${port} is already in use: stop what is using it or pick another port with --port (or PORT).`]);
});
