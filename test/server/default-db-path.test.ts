// The reference server's default database lives in a per-user state directory, never in the project tree that a
// static or dev server could hand out.
import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { test } from 'node:test';
import { defaultDatabasePath } from '../../src/server/db/default-path.ts';

test('$XDG_STATE_HOME when set (absolute), else ~/.local/state', () => {
  assert.equal(defaultDatabasePath({ XDG_STATE_HOME: '/var/lib/me' }), '/var/lib/me/svc-reference-server/reference.sqlite');
  assert.equal(defaultDatabasePath({}), `${homedir()}/.local/state/svc-reference-server/reference.sqlite`);
  assert.equal(defaultDatabasePath({ XDG_STATE_HOME: 'relative/dir' }), `${homedir()}/.local/state/svc-reference-server/reference.sqlite`);
  assert.ok(!defaultDatabasePath({}).startsWith(process.cwd()), 'outside the project');
});
