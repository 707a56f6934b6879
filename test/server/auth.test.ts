import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { OtpChallenge, TokenResponse } from '../../src/contract/index.ts';
import { createApp } from '../../src/server/app.ts';
import { ROUTE_GROUPS } from '../../src/server/index.ts';
import { sha256 } from '../../src/server/domain/passwords.ts';
import { accountServer, BUYER, sleep } from './account-helpers.ts';

const OTP = { store: 'otp-store', key: 'sfk_otp' } as const;

describe('login', () => {
  it('answers the customer token response in seconds, signed HS256 for the store', async () => {
    const s = accountServer();
    const res = await s.auth('login', BUYER);
    assert.equal(res.status, 200);
    const tokens = TokenResponse.parse(res.json);
    assert.equal(tokens.token_type, 'Bearer');
    assert.equal(tokens.expires_in, 900);
    assert.equal(tokens.refresh_expires_in, 30 * 24 * 3600);
    assert.equal(decodeProtectedHeader(tokens.access).alg, 'HS256');
    const claims = decodeJwt(tokens.access);
    assert.equal(claims.aud, 'store:1');
    assert.equal(claims.exp! - claims.iat!, 900);
  });

  it('answers one error for a wrong password and an unknown e-mail, naming no field', async () => {
    const s = accountServer();
    const wrong = await s.auth('login', { email: BUYER.email, password: 'wrong password' });
    const unknown = await s.auth('login', { email: 'nobody@example.com', password: 'wrong password' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.text, unknown.text);
    assert.equal(wrong.json.error.code, 'invalid_credentials');
    assert.equal(wrong.json.error.fields, undefined);
  });

  it('throttles repeated failures of one client per store and e-mail, even a right password then', async () => {
    const s = accountServer({ signInThrottle: { freeFailures: 3 } });
    for (let i = 0; i < 3; i++) assert.equal((await s.auth('login', { ...BUYER, password: 'nope nope' })).status, 401);
    const blocked = await s.auth('login', BUYER);
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
    assert.equal((await s.auth('login', { email: 'other@example.com', password: 'x' })).status, 401); // other accounts unaffected
  });

  it('with one-time codes: the same answer for right, wrong and unknown; only the right one gets a code', async () => {
    const s = accountServer();
    const answers = await Promise.all([
      s.auth('login', BUYER, OTP),
      s.auth('login', { ...BUYER, password: 'wrong password' }, OTP),
      s.auth('login', { email: 'nobody@example.com', password: 'whatever' }, OTP),
    ]);
    for (const a of answers) {
      assert.equal(a.status, 200);
      assert.equal(a.text, answers[0]!.text);
      OtpChallenge.parse(a.json);
      assert.equal(a.json.access, undefined);
    }
    assert.match(answers[0]!.json.message, /if an account exists/i);
    const mail = await s.mailbox(BUYER.email);
    assert.equal(mail.length, 1);
    assert.equal(mail[0]!.kind, 'otp');
    assert.equal((await s.mailbox('nobody@example.com')).length, 0);
  });
});

describe('otp/verify', () => {
  async function codeFor(s: ReturnType<typeof accountServer>) {
    await s.auth('login', BUYER, OTP);
    return (await s.mailbox(BUYER.email))[0]!.data.code as string;
  }

  it('answers tokens with store_unique_id; a code works once', async () => {
    const s = accountServer();
    const code = await codeFor(s);
    const res = await s.auth('otp/verify', { email: BUYER.email, otp: code }, OTP);
    assert.equal(res.status, 200);
    assert.equal(TokenResponse.parse(res.json).store_unique_id, 'otp-store');
    assert.equal((await s.customer('GET', '/profile', res.json.access, { store: 'otp-store' })).status, 200);
    assert.equal((await s.auth('otp/verify', { email: BUYER.email, otp: code }, OTP)).status, 401);
  });

  it('refuses a wrong code, an expired code and an older code after a new one was sent', async () => {
    const s = accountServer();
    const first = await codeFor(s);
    const wrong = first === '000000' ? '000001' : '000000';
    assert.equal((await s.auth('otp/verify', { email: BUYER.email, otp: wrong }, OTP)).status, 401);
    const second = await codeFor(s);
    if (first !== second) assert.equal((await s.auth('otp/verify', { email: BUYER.email, otp: first }, OTP)).status, 401);
    assert.equal((await s.auth('otp/verify', { email: BUYER.email, otp: second }, OTP)).status, 200);

    const expiring = accountServer({ otpSeconds: 0 });
    const code = await codeFor(expiring);
    assert.equal((await expiring.auth('otp/verify', { email: BUYER.email, otp: code }, OTP)).status, 401);
  });

  it('rejects a malformed code with 400', async () => {
    const s = accountServer();
    assert.equal((await s.auth('otp/verify', { email: BUYER.email, otp: '12' }, OTP)).status, 400);
  });
});

describe('jwt/refresh', () => {
  it('rotates: new refresh and access every time, the old refresh is spent', async () => {
    const s = accountServer();
    const first = await s.login();
    const res = await s.auth('jwt/refresh', { refresh: first.refresh });
    assert.equal(res.status, 200);
    const second = TokenResponse.parse(res.json);
    assert.notEqual(second.refresh, first.refresh);
    assert.notEqual(second.access, first.access);
    assert.equal((await s.customer('GET', '/profile', second.access)).status, 200);
    assert.equal((await s.auth('jwt/refresh', { refresh: second.refresh })).status, 200);
  });

  it('reuse of a spent token revokes the whole family, not other sign-ins', async () => {
    const s = accountServer();
    const first = await s.login();
    const other = await s.login();
    const rotated = (await s.auth('jwt/refresh', { refresh: first.refresh })).json;
    const reuse = await s.auth('jwt/refresh', { refresh: first.refresh });
    assert.equal(reuse.status, 401);
    assert.equal((await s.auth('jwt/refresh', { refresh: rotated.refresh })).status, 401);
    assert.equal((await s.customer('GET', '/profile', rotated.access)).status, 401);
    assert.equal((await s.customer('GET', '/profile', first.access)).status, 401);
    assert.equal((await s.customer('GET', '/profile', other.access)).status, 200);
    assert.equal((await s.auth('jwt/refresh', { refresh: other.refresh })).status, 200);
  });

  it('is atomic: of two parallel refreshes with one token exactly one wins', async () => {
    const s = accountServer();
    const { refresh } = await s.login();
    const answers = await Promise.all([s.auth('jwt/refresh', { refresh }), s.auth('jwt/refresh', { refresh })]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 401]);
  });

  it('never extends the absolute expiry of the sign-in', async () => {
    const s = accountServer({ refreshTokenSeconds: 10 });
    const first = await s.login();
    await sleep(1100);
    const rotated = (await s.auth('jwt/refresh', { refresh: first.refresh })).json;
    assert.ok(rotated.refresh_expires_in < 10);
    assert.ok(decodeJwt(rotated.refresh).exp! <= decodeJwt(first.refresh).exp!);
    assert.ok(decodeJwt(rotated.access).exp! <= decodeJwt(first.refresh).exp!);
  });

  it('refuses garbage, an access token and a token of another store', async () => {
    const s = accountServer();
    const demo = await s.login();
    assert.equal((await s.auth('jwt/refresh', { refresh: 'not-a-jwt' })).status, 401);
    assert.equal((await s.auth('jwt/refresh', { refresh: demo.access })).status, 401);
    assert.equal((await s.auth('jwt/refresh', { refresh: demo.refresh }, OTP)).status, 401);
    assert.equal((await s.auth('jwt/refresh', {})).status, 400);
  });
});

describe('jwt/blacklist', () => {
  it('answers 204 with an empty body; listed tokens are rejected afterwards, others keep working', async () => {
    const s = accountServer();
    const a = await s.login();
    const b = await s.login();
    const res = await s.auth('jwt/blacklist', { tokens: [a.access, a.refresh, 'garbage'] });
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal((await s.customer('GET', '/profile', a.access)).status, 401);
    assert.equal((await s.auth('jwt/refresh', { refresh: a.refresh })).status, 401);
    assert.equal((await s.customer('GET', '/profile', b.access)).status, 200);
    assert.equal((await s.auth('jwt/blacklist', { tokens: 'x' })).status, 400);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the e-mail exists; the link uses an allowed Origin, else the custom domain', async () => {
    const s = accountServer();
    const known = await s.auth('forget-password', { email: BUYER.email }, { headers: { Origin: 'http://localhost:8787' } });
    const unknown = await s.auth('forget-password', { email: 'nobody@example.com' });
    assert.equal(known.status, 200);
    assert.equal(known.text, unknown.text);
    await s.auth('forget-password', { email: BUYER.email });
    const [noOrigin, withOrigin] = await s.mailbox(BUYER.email);
    assert.match(withOrigin!.data.link, /^http:\/\/localhost:8787\/reset-password\?token=[\w-]+$/);
    assert.match(noOrigin!.data.link, /^https:\/\/demo-store\.shop\.example\/reset-password\?token=[\w-]+$/);
    assert.equal((await s.mailbox('nobody@example.com')).length, 0);
  });

  it('save-password sets the password once and revokes the old sign-ins', async () => {
    const s = accountServer();
    const before = await s.login();
    await s.auth('forget-password', { email: BUYER.email });
    const token = new URL((await s.mailbox(BUYER.email))[0]!.data.link).searchParams.get('token')!;
    const saved = await s.auth('save-password', { token, password: 'a brand new secret' });
    assert.equal(saved.status, 200);
    assert.equal(typeof saved.json.message, 'string');
    assert.equal((await s.auth('save-password', { token, password: 'another new secret' })).status, 400);
    assert.equal((await s.auth('login', BUYER)).status, 401);
    assert.equal((await s.auth('login', { email: BUYER.email, password: 'a brand new secret' })).status, 200);
    assert.equal((await s.auth('jwt/refresh', { refresh: before.refresh })).status, 401);
    assert.equal((await s.customer('GET', '/profile', before.access)).status, 401);
  });

  it('refuses an expired reset token and a short password', async () => {
    const s = accountServer({ resetTokenSeconds: 0 });
    await s.auth('forget-password', { email: BUYER.email });
    const token = (await s.mailbox(BUYER.email))[0]!.data.token as string;
    const expired = await s.auth('save-password', { token, password: 'a brand new secret' });
    assert.equal(expired.status, 400);
    assert.ok('token' in expired.json.error.fields);
    assert.equal((await s.auth('save-password', { token, password: 'short' })).status, 400);
  });
});

describe('token storage and lifetimes', () => {
  it('stores only hashes: scrypt passwords, SHA-256 refresh tokens', async () => {
    const s = accountServer();
    const { refresh } = await s.login();
    assert.match(s.db.prepare('SELECT password_hash FROM customers WHERE id = 1').pluck().get() as string, /^scrypt\$/);
    assert.equal(s.db.prepare('SELECT count(*) FROM refresh_tokens WHERE token_hash = ?').pluck().get(refresh), 0);
    assert.equal(s.db.prepare('SELECT count(*) FROM refresh_tokens WHERE token_hash = ?').pluck().get(sha256(refresh)), 1);
  });

  it('keeps the signing secret in the database: a restarted app accepts earlier tokens', async () => {
    const s = accountServer();
    const { access } = await s.login();
    assert.equal(s.db.prepare('SELECT count(*) FROM server_secrets').pluck().get(), 1);
    const restarted = createApp({ db: s.db, routes: ROUTE_GROUPS });
    const res = await restarted.request('/v3/stores/demo-store/customers/me/profile', { headers: { Authorization: `Bearer ${access}` } });
    assert.equal(res.status, 200);
  });

  it('expires access tokens after accessTokenSeconds', async () => {
    const s = accountServer({ accessTokenSeconds: 1 });
    const { access, expires_in } = await s.login();
    assert.equal(expires_in, 1);
    await sleep(1100);
    assert.equal((await s.customer('GET', '/profile', access)).status, 401);
  });

  it('the auth routes need the store key', async () => {
    const s = accountServer();
    const res = await s.auth('login', BUYER, { key: 'wrong' });
    assert.equal(res.status, 404);
    assert.equal(res.json.error.message, 'Store not found');
  });
});

describe('dev mailbox', () => {
  it('is off with devRoutes: false', async () => {
    const s = accountServer({ devRoutes: false });
    assert.equal((await s.request('GET', '/__reference/mailbox')).status, 404);
  });
});
