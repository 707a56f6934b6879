import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountServer, BUYER } from './account-helpers.ts';

const OTP = { store: 'otp-store', key: 'sfk_otp' } as const;
type Server = ReturnType<typeof accountServer>;

/** Asks for a reset e-mail and returns the token of its link. */
async function resetToken(s: Server, options: { store?: string; key?: string } = {}): Promise<string> {
  assert.equal((await s.auth('forget-password', { email: BUYER.email }, options)).status, 200);
  return (await s.mailbox(BUYER.email))[0]!.data.token as string;
}

describe('a password change revokes what the old password gave', () => {
  it('saving a new password with one reset link revokes every other outstanding link', async () => {
    const s = accountServer();
    const first = await resetToken(s);
    const second = await resetToken(s);
    assert.equal((await s.auth('save-password', { token: second, password: 'a brand new secret' })).status, 200);
    const stale = await s.auth('save-password', { token: first, password: 'the attacker chose this' });
    assert.equal(stale.status, 400);
    assert.ok('token' in stale.json.error.fields);
    assert.equal((await s.auth('login', { email: BUYER.email, password: 'a brand new secret' })).status, 200);
  });

  it('the signed-in change revokes outstanding reset links and the other sign-ins, keeps this one', async () => {
    const s = accountServer();
    const here = await s.login();
    const elsewhere = await s.login();
    const token = await resetToken(s);
    const changed = await s.customer('PATCH', '/profile/password', here.access,
      { body: { current_password: BUYER.password, new_password: 'changed while signed in' } });
    assert.equal(changed.status, 200);
    assert.equal((await s.auth('save-password', { token, password: 'the attacker chose this' })).status, 400);
    assert.equal((await s.auth('login', { email: BUYER.email, password: 'changed while signed in' })).status, 200);
    assert.equal((await s.customer('GET', '/profile', here.access)).status, 200);
    assert.equal((await s.auth('jwt/refresh', { refresh: here.refresh })).status, 200);
    assert.equal((await s.customer('GET', '/profile', elsewhere.access)).status, 401);
    assert.equal((await s.auth('jwt/refresh', { refresh: elsewhere.refresh })).status, 401);
  });

  it('a reset revokes every sign-in and a pending one-time code', async () => {
    const s = accountServer();
    assert.equal((await s.auth('login', BUYER, OTP)).status, 200); // the right password: a code is sent
    const code = (await s.mailbox(BUYER.email))[0]!.data.code as string;
    const token = await resetToken(s, OTP);
    assert.equal((await s.auth('save-password', { token, password: 'a brand new secret' }, OTP)).status, 200);
    assert.equal((await s.auth('otp/verify', { email: BUYER.email, otp: code }, OTP)).status, 401);
  });
});

describe('reset e-mails', () => {
  it('are limited per store and address, with the same answer past the limit', async () => {
    const s = accountServer({ resetMailLimit: { limit: 3, windowSeconds: 900 } });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await s.auth('forget-password', { email: BUYER.email }));
    const unknown = await s.auth('forget-password', { email: 'nobody@example.com' });
    for (const answer of [...answers, unknown]) {
      assert.equal(answer.status, 200);
      assert.equal(answer.text, unknown.text, 'the limit does not tell whether the address exists');
    }
    assert.equal((await s.mailbox(BUYER.email)).filter((m) => m.kind === 'password_reset').length, 3);
  });

  it('the limit of one store leaves the same address in another store alone', async () => {
    const s = accountServer({ resetMailLimit: { limit: 1, windowSeconds: 900 } });
    await s.auth('forget-password', { email: BUYER.email });
    await s.auth('forget-password', { email: BUYER.email });
    await s.auth('forget-password', { email: BUYER.email }, OTP);
    const sent = (await s.mailbox(BUYER.email)).filter((m) => m.kind === 'password_reset');
    assert.equal(sent.length, 2);
    assert.deepEqual(new Set(sent.map((m) => m.subject)).size, 2, 'one per store');
  });
});
