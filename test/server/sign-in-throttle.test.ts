import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SignInThrottle } from '../../src/server/domain/login-throttle.ts';
import { accountServer, BUYER } from './account-helpers.ts';
import { authorizeParams, openConsent, PASSWORD, postForm, PUBLIC_APP } from './oauth-helpers.ts';

// Clients are told apart by IP; behind a trusted proxy the test picks it with X-Forwarded-For.
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';
const WRONG = 'not the password';

describe('SignInThrottle', () => {
  const options = { freeFailures: 3, backoffSeconds: 2, maxBackoffSeconds: 60, accountBudget: 1000, windowSeconds: 600, knownClientSeconds: 3600 };

  it('lets the free failures through, then doubles the wait with each failure up to the cap', () => {
    const throttle = new SignInThrottle(options);
    let now = 1_000_000;
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      throttle.fail('a', 'ip', now);
      const wait = throttle.waitFor('a', 'ip', now);
      waits.push(wait);
      now += wait * 1000; // retry the moment it is allowed
    }
    assert.deepEqual(waits, [0, 0, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('counts per account and client: another client and another account are not slowed', () => {
    const throttle = new SignInThrottle(options);
    for (let i = 0; i < 3; i++) throttle.fail('a', 'attacker', 0);
    assert.ok(throttle.waitFor('a', 'attacker', 0) > 0);
    assert.equal(throttle.waitFor('a', 'owner', 0), 0);
    assert.equal(throttle.waitFor('b', 'attacker', 0), 0);
  });

  it('forgets a client\'s failures on success and after the window', () => {
    const throttle = new SignInThrottle(options);
    for (let i = 0; i < 2; i++) throttle.fail('a', 'ip', 0);
    throttle.succeed('a', 'ip', 0);
    throttle.fail('a', 'ip', 0);
    assert.equal(throttle.waitFor('a', 'ip', 0), 0, 'the count started again');
    for (let i = 0; i < 2; i++) throttle.fail('a', 'ip', 1000);
    assert.ok(throttle.waitFor('a', 'ip', 1000) > 0);
    throttle.fail('a', 'ip', 1000 + 601_000);
    assert.equal(throttle.waitFor('a', 'ip', 1000 + 601_000), 0, 'a failure after the window is the first again');
  });

  it('past the account budget only clients that signed in before get through', () => {
    const throttle = new SignInThrottle({ ...options, accountBudget: 4 });
    throttle.succeed('a', 'owner', 0);
    for (const ip of ['x1', 'x2', 'x3', 'x4']) throttle.fail('a', ip, 0);
    assert.ok(throttle.waitFor('a', 'new-client', 0) > 0);
    assert.equal(throttle.waitFor('a', 'owner', 0), 0);
    assert.equal(throttle.waitFor('b', 'new-client', 0), 0, 'other accounts are not affected');
    assert.equal(throttle.waitFor('a', 'new-client', 600_000), 0, 'the budget returns with the next window');
  });

  it('stays bounded in memory under a flood of addresses and IPs, keeping the newest entries', () => {
    const throttle = new SignInThrottle(options);
    for (let i = 0; i < 100_100; i++) throttle.fail(`account-${i}`, 'ip', 0);
    for (let i = 0; i < 3; i++) throttle.fail('newest', 'ip', 0);
    assert.ok(throttle.waitFor('newest', 'ip', 0) > 0);
    throttle.fail('account-0', 'ip', 0); // its first failure was evicted: this one starts the count again
    throttle.fail('account-0', 'ip', 0);
    assert.equal(throttle.waitFor('account-0', 'ip', 0), 0);
  });
});

describe('customer sign-in', () => {
  it('an attacker failing 20 times from one IP does not lock the owner out of another', async () => {
    const s = accountServer({ trustProxy: true });
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await s.auth('login', { ...BUYER, password: WRONG }, from(ATTACKER))).status);
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
    assert.ok(statuses.slice(5).every((status) => status === 429), 'the attacker waits');
    assert.equal((await s.auth('login', BUYER, from(OWNER))).status, 200);
  });

  it('the same IP gets backoff: 429 with Retry-After, even with the right password', async () => {
    const s = accountServer({ trustProxy: true });
    for (let i = 0; i < 5; i++) await s.auth('login', { ...BUYER, password: WRONG }, from(ATTACKER));
    const blocked = await s.auth('login', BUYER, from(ATTACKER));
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get('retry-after')) >= 1);
  });

  it('guessing spread over many IPs spends the address budget: new clients wait, a client that signed in before does not', async () => {
    const s = accountServer({ trustProxy: true, signInThrottle: { accountBudget: 6 } });
    assert.equal((await s.auth('login', BUYER, from(OWNER))).status, 200);
    for (let i = 0; i < 6; i++) await s.auth('login', { ...BUYER, password: WRONG }, from(`203.0.113.${i + 1}`));
    assert.equal((await s.auth('login', BUYER, from('192.0.2.50'))).status, 429);
    assert.equal((await s.auth('login', BUYER, from(OWNER))).status, 200);
  });
});

describe('OAuth consent sign-in', () => {
  async function signIn(s: ReturnType<typeof accountServer>, ip: string, password: string) {
    const page = await openConsent(s, authorizeParams(PUBLIC_APP, 'orders:read', 'x'.repeat(43)));
    return postForm(s, '/v3/oauth/authorize', { ...page.fields, decision: 'sign_in', email: 'owner@example.com', password },
      { Cookie: page.cookie, 'X-Forwarded-For': ip });
  }

  it('an attacker failing 20 times does not lock the owner out; the attacker gets 429 with Retry-After', async () => {
    const s = accountServer({ trustProxy: true });
    let last;
    for (let i = 0; i < 20; i++) last = await signIn(s, ATTACKER, WRONG);
    assert.equal(last!.status, 429);
    assert.ok(Number(last!.headers.get('retry-after')) >= 1);
    const owner = await signIn(s, OWNER, PASSWORD);
    assert.equal(owner.status, 200);
    assert.match(owner.text, /name="ticket"/);
  });
});

describe('password checks of signed-in users', () => {
  it('POST /v3/business-users/me/leave: wrong passwords from one IP are throttled like sign-in', async () => {
    const s = accountServer({ trustProxy: true });
    const leave = (password: string, ip: string) =>
      s.business('POST', '/v3/business-users/me/leave', 'bk_staff', { body: { password }, ...from(ip) });
    for (let i = 0; i < 5; i++) assert.equal((await leave(WRONG, ATTACKER)).status, 400);
    const blocked = await leave(PASSWORD, ATTACKER);
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get('retry-after')) >= 1);
    assert.equal((await leave(PASSWORD, OWNER)).status, 204);
  });

  it('PATCH /customers/me/profile/password: wrong current passwords from one IP are throttled like sign-in', async () => {
    const s = accountServer({ trustProxy: true });
    const { access } = await s.login();
    const change = (current: string, ip: string) =>
      s.customer('PATCH', '/profile/password', access, { body: { current_password: current, new_password: 'a new secret 42' }, ...from(ip) });
    for (let i = 0; i < 5; i++) assert.equal((await change(WRONG, ATTACKER)).status, 400);
    const blocked = await change(BUYER.password, ATTACKER);
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get('retry-after')) >= 1);
    assert.equal((await change(BUYER.password, OWNER)).status, 200);
  });

  it('guesses through the password change count toward sign-in from that IP too (one account, one budget)', async () => {
    const s = accountServer({ trustProxy: true });
    const { access } = await s.login();
    for (let i = 0; i < 5; i++) {
      await s.customer('PATCH', '/profile/password', access, { body: { current_password: WRONG, new_password: 'a new secret 42' }, ...from(ATTACKER) });
    }
    assert.equal((await s.auth('login', BUYER, from(ATTACKER))).status, 429);
  });
});
