import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { accountServer } from './account-helpers.ts';

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

/** `redocly lint --extends recommended` on the served document: what tools (openapi-typescript, Postman) will see. */
async function lint(doc: unknown): Promise<{ totals: { errors: number; warnings: number }; problems: Problem[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const run = promisify(execFile)(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', '--extends', 'recommended', '--format', 'json', file],
      { maxBuffer: 32 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
    // redocly exits 1 when there are errors: its JSON report is on stdout either way
    const { stdout } = await run.catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    return JSON.parse(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('/v3/openapi.json for tools', () => {
  it('passes redocly lint with the recommended rules; every operation has a unique operationId; servers names this server', async () => {
    const doc = (await accountServer().request('GET', '/v3/openapi.json')).json;
    const report = await lint(doc);
    assert.deepEqual(report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}`), []);
    assert.deepEqual(report.problems.filter((p) => p.ruleId === 'operation-operationId'), []);
    assert.deepEqual(doc.servers, [{ url: 'http://localhost:8787', description: 'This reference server' }]);
    const ids = Object.values(doc.paths).flatMap((ops: any) => Object.values(ops).map((op: any) => op.operationId));
    assert.ok(ids.length > 90);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(doc.paths['/v3/orders/{id}'].patch.operationId, 'patchOrdersById');
  });

  it('business routes name their scope and the roles that may call them', async () => {
    const doc = (await accountServer().request('GET', '/v3/openapi.json')).json;
    const rotate = doc.paths['/v3/stores/{store_id}/storefront-keys/{key}/rotate'].post;
    assert.deepEqual(rotate.security, [{ businessKey: [] }, { businessBearer: [] }, { oauth: ['storefront:write'] }]);
    assert.equal(rotate.description, 'Roles: owner, admin. OAuth scope: storefront:write.');
    assert.ok(doc.components.securitySchemes.oauth.flows.authorizationCode.scopes['catalog:write']);
    assert.equal(doc.paths['/v3/oauth/installations/{id}/revoke'].post.description, 'Roles: owner, admin. Business API key only.');
    assert.equal(doc.paths['/v3/stores/{store_id}/products'].post.description, 'Roles: owner, admin, staff. OAuth scope: catalog:write.');
  });
});
