import { expect } from '@open-wc/testing';
import { bypass, http, HttpResponse, passthrough } from 'msw';
import {
  ApiError, getProfile, listCustomerOrders, requestPasswordReset, resetPassword, signIn, signOut, verifyOtp, type Client,
} from '../../../src/client/index.ts';
import {
  BUYER, clearStorage, demoClient, latestMail, rawPost, rawProfile, recordingFetch, requestCount, resetServerRequests,
  SHORT_TOKENS_BASE, STORE, storedRefresh, waitFor,
} from '../support/server.ts';
import { startWorker, worker } from '../support/msw.ts';

const REFRESH = '/v3/stores/demo-store/public/auth/jwt/refresh';
const ORDERS = '/v3/stores/demo-store/customers/me/orders';
/** Ten different bearer reads at once (different queries, so request sharing cannot merge them). */
const tenBearerCalls = (client: Client) => Promise.all(Array.from({ length: 10 }, (_, i) => listCustomerOrders(client, { page_size: i + 1 })));
const bearerOf = (sent: ReturnType<typeof recordingFetch>['sent']) =>
  [...sent].reverse().find((r) => r.headers.authorization)!.headers.authorization.slice('Bearer '.length);

describe('customer session (client)', () => {
  let clients: Client[] = [];
  const track = <C extends Client>(client: C) => (clients.push(client), client);
  before(() => startWorker());
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });
  afterEach(() => {
    worker.resetHandlers();
    clients.forEach((c) => c.destroy());
    clients = [];
  });

  it('hands its access token to a newly opened tab instead of refreshing again', async () => {
    const first = track(demoClient());
    await signIn(first, BUYER);
    await resetServerRequests();
    const second = track(demoClient());
    expect((await getProfile(second)).customer.email).to.equal(BUYER.email);
    expect(await requestCount('POST', REFRESH)).to.equal(0);
  });

  it('keeps the access token in memory and only the refresh token in storage', async () => {
    const recorder = recordingFetch();
    const client = track(demoClient({ fetch: recorder.fetch }));
    await signIn(client, BUYER);
    await getProfile(client);
    const access = bearerOf(recorder.sent);
    const stored = JSON.parse(localStorage.getItem(`svc:${STORE.id}:refresh`)!);
    expect(Object.keys(stored).sort()).to.deep.equal(['refresh', 'refresh_expires_at']);
    for (let i = 0; i < localStorage.length; i += 1) expect(localStorage.getItem(localStorage.key(i)!)).to.not.include(access);
  });

  it('honours the storage choice: session and memory', async () => {
    const session = track(demoClient({ tokenStorage: 'session' }));
    await signIn(session, BUYER);
    expect(storedRefresh(sessionStorage)).to.be.a('string');
    expect(storedRefresh(localStorage)).to.equal(null);
    clearStorage();
    const memory = track(demoClient({ tokenStorage: 'memory' }));
    await signIn(memory, BUYER);
    expect(localStorage.length + sessionStorage.length).to.equal(0);
    expect((await getProfile(memory)).customer.email).to.equal(BUYER.email);
  });

  it('signs in with a one-time code when the store requires one', async () => {
    const client = track(demoClient({ storeId: 'otp-store', storeKey: 'sfk_otp' }));
    const challenge = await signIn(client, BUYER);
    expect(challenge.status).to.equal('otp-required');
    expect(client.auth.signedIn).to.equal(false);
    const mail = await latestMail(BUYER.email, 'otp');
    const result = await verifyOtp(client, { email: BUYER.email, otp: mail.data.code });
    expect(result).to.deep.equal({ status: 'signed-in', storeUniqueId: 'otp-store' });
    expect((await getProfile(client)).store.unique_id).to.equal('otp-store');
  });

  /** Signs in with a client that is then destroyed, as a tab that is reloaded or closed. */
  async function signInAndLeave(): Promise<void> {
    const first = demoClient();
    await signIn(first, BUYER);
    first.destroy();
  }

  it('runs one refresh for ten parallel bearer calls', async () => {
    await signInAndLeave();
    await resetServerRequests();
    const reloaded = track(demoClient()); // a reload: refresh token in storage, no access token in memory
    const pages = await tenBearerCalls(reloaded);
    expect(pages.map((p) => p.results.length <= 10)).to.deep.equal(Array(10).fill(true));
    expect(await requestCount('GET', ORDERS)).to.equal(10);
    expect(await requestCount('POST', REFRESH)).to.equal(1);
  });

  it('runs one refresh across two tabs of the origin (lock, re-read, broadcast)', async () => {
    await signInAndLeave();
    await resetServerRequests();
    const [a, b] = [track(demoClient()), track(demoClient())]; // separate channels and lock requests, as two tabs
    await Promise.all([tenBearerCalls(a), tenBearerCalls(b)]);
    expect(await requestCount('GET', ORDERS)).to.equal(20);
    expect(await requestCount('POST', REFRESH)).to.equal(1);
  });

  it('refreshes an expired access token before the call, once', async () => {
    const client = track(demoClient({ baseUrl: SHORT_TOKENS_BASE, proactiveRefresh: false }));
    await signIn(client, BUYER);
    await getProfile(client);
    await new Promise((r) => setTimeout(r, 3200)); // access tokens of this server live 3 s
    await resetServerRequests();
    await tenBearerCalls(client);
    expect(await requestCount('POST', REFRESH, 'short')).to.equal(1);
    expect(await requestCount('GET', ORDERS, 'short')).to.equal(10); // refreshed before sending: no 401 round trips
  });

  it('refreshes shortly before expiry on its own', async () => {
    const client = track(demoClient({ baseUrl: SHORT_TOKENS_BASE }));
    await signIn(client, BUYER);
    const first = storedRefresh();
    await waitFor(() => storedRefresh() !== first, 4000, 'a proactive refresh');
    expect(await requestCount('POST', REFRESH, 'short')).to.be.at.least(1);
  });

  it('after a 401 refreshes and retries the call exactly once', async () => {
    const recorder = recordingFetch();
    const client = track(demoClient({ fetch: recorder.fetch }));
    await signIn(client, BUYER);
    await getProfile(client);
    const access = bearerOf(recorder.sent);
    expect((await rawPost('/auth/jwt/blacklist', { tokens: [access] })).status).to.equal(204); // revoked behind its back
    await resetServerRequests();
    expect((await getProfile(client)).customer.email).to.equal(BUYER.email);
    expect(await requestCount('POST', REFRESH)).to.equal(1);
    expect(await requestCount('GET', '/v3/stores/demo-store/customers/me/profile')).to.equal(2);

    let calls = 0;
    worker.use(http.get(`${location.origin}/v3/stores/demo-store/customers/me/profile`, () => {
      calls += 1;
      return HttpResponse.json({ error: { code: 'unauthorized', message: 'nope' } }, { status: 401 });
    }));
    const error = await getProfile(client).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError).and.include({ status: 401 });
    expect(calls).to.equal(2);
  });

  it('re-reads storage after a refused refresh instead of signing out when another tab rotated', async () => {
    await signInAndLeave();
    const original = storedRefresh()!;
    const reloaded = track(demoClient({ refreshLockTimeoutMs: 3000 }));
    // While this tab's refresh is on the wire, "another tab" rotates the same token and stores the successor.
    worker.use(http.post(`${location.origin}${REFRESH}`, async ({ request }) => {
      const { refresh } = (await request.clone().json()) as { refresh: string };
      if (refresh !== original) return passthrough();
      const rotated = await (await fetch(bypass(request))).json(); // the other tab's refresh, straight to the server
      localStorage.setItem(`svc:${STORE.id}:refresh`, JSON.stringify({ refresh: rotated.refresh, refresh_expires_at: Date.now() + 3_600_000 }));
      return HttpResponse.json({ error: { code: 'unauthorized', message: 'already used' } }, { status: 401 });
    }));
    expect((await getProfile(reloaded)).customer.email).to.equal(BUYER.email);
    expect(reloaded.auth.signedIn).to.equal(true);
    expect(storedRefresh()).to.not.equal(original);
  });

  it('signs out every tab when the server revoked the session', async () => {
    const recorder = recordingFetch();
    const client = track(demoClient({ fetch: recorder.fetch }));
    await signIn(client, BUYER);
    await getProfile(client);
    const events: string[] = [];
    client.auth.subscribe((e) => events.push(e.type));
    await rawPost('/auth/jwt/blacklist', { tokens: [bearerOf(recorder.sent), storedRefresh()] });
    // a new tab gets the (now revoked) access token from the first one, is refused, and the refresh is refused too
    const reloaded = track(demoClient());
    reloaded.auth.subscribe((e) => events.push(`reloaded:${e.type}`));
    const error = await getProfile(reloaded).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError).and.include({ status: 401 });
    expect(storedRefresh()).to.equal(null);
    await waitFor(() => events.includes('signed-out'), 1000, 'the other client to hear the sign-out');
    expect(events).to.include('reloaded:signed-out');
  });

  it('signs out by blacklisting both tokens', async () => {
    const recorder = recordingFetch();
    const client = track(demoClient({ fetch: recorder.fetch }));
    await signIn(client, BUYER);
    await getProfile(client);
    const access = bearerOf(recorder.sent);
    const refresh = storedRefresh()!;
    expect(await signOut(client)).to.equal(true);
    const blacklist = recorder.sent.find((r) => r.path.endsWith('/jwt/blacklist'))!;
    expect((blacklist.body as { tokens: string[] }).tokens.sort()).to.deep.equal([access, refresh].sort());
    expect(storedRefresh()).to.equal(null);
    expect(await rawProfile(access)).to.equal(401);
    expect((await rawPost('/auth/jwt/refresh', { refresh })).status).to.equal(401);
  });

  it('resets a forgotten password with the mailed token', async () => {
    const client = track(demoClient());
    const email = 'new.buyer@example.com';
    expect((await requestPasswordReset(client, { email })).message).to.be.a('string');
    const mail = await latestMail(email, 'password_reset');
    expect(mail.data.link).to.match(new RegExp(`^${location.origin}/reset-password\\?token=`));
    await resetPassword(client, { token: mail.data.token, password: 'a brand new secret' });
    expect(await signIn(client, { email, password: 'a brand new secret' })).to.deep.equal({ status: 'signed-in' });
  });
});
