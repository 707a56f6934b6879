import { expect } from '@open-wc/testing';
import { bypass, delay, http, HttpResponse, passthrough } from 'msw';
import {
  ApiError, ContractError, getCheckoutSummary, getProduct, getPublicOrder, listCategories, listItems, NetworkError,
  placeGuestOrder,
} from '../../../src/client/index.ts';
import { clearStorage, demoClient, requestCount, resetServerRequests } from '../support/server.ts';
import { startWorker, worker } from '../support/msw.ts';

const url = (path: string) => `${location.origin}/v3/stores/demo-store/public${path}`;
const ITEMS = '/v3/stores/demo-store/public/items';

/** Answers the first `times` matching requests with `fault`, then lets them through; records when each came. */
function faultThenPass(method: 'get' | 'post', path: string, times: number, fault: () => Response | Promise<Response>) {
  const arrivals: number[] = [];
  worker.use(http[method](url(path), async () => {
    arrivals.push(performance.now());
    return arrivals.length <= times ? fault() : passthrough();
  }));
  return arrivals;
}
const plain429 = (headers: Record<string, string>) =>
  new HttpResponse('Too many requests, slow down.', { status: 429, headers: { 'Content-Type': 'text/plain', ...headers } });

describe('faults (MSW)', () => {
  before(() => startWorker());
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });
  afterEach(() => worker.resetHandlers());

  it('waits out a plain-text 429 with Retry-After seconds, then gets the real answer', async () => {
    const arrivals = faultThenPass('get', '/items', 1, () => plain429({ 'Retry-After': '1' }));
    const page = await listItems(demoClient(), { page_size: 2 });
    expect(page.results).to.have.length(2);
    expect(arrivals).to.have.length(2);
    expect(arrivals[1] - arrivals[0]).to.be.at.least(990); // never earlier than the server asked
    expect(await requestCount('GET', ITEMS)).to.equal(1); // only the retry reached the server
  });

  it('reads Retry-After as an HTTP date, and X-Ratelimit-Reset when Retry-After is missing', async () => {
    const date = new Date(Date.now() + 2000).toUTCString(); // second precision: 1–2 s from now
    const arrivals = faultThenPass('get', '/items', 2, () =>
      arrivals.length === 1 ? plain429({ 'Retry-After': date }) : plain429({ 'X-Ratelimit-Reset': '1' }));
    await listItems(demoClient({ retry: { maxRetries: 2 } }));
    expect(arrivals).to.have.length(3);
    expect(arrivals[1] - arrivals[0]).to.be.at.least(900);
    expect(arrivals[2] - arrivals[1]).to.be.at.least(990);
  });

  it('gives up with a typed error when Retry-After exceeds the cap', async () => {
    const arrivals = faultThenPass('get', '/categories', 1, () => plain429({ 'Retry-After': '3600' }));
    const error = await listCategories(demoClient()).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect(error).to.include({ status: 429, code: 'rate_limited', message: 'Too many requests, slow down.', retryAfterMs: 3_600_000 });
    expect(arrivals).to.have.length(1);
  });

  it('does not retry a POST without Idempotency-Key, and does retry one with it', async () => {
    const body = { payment_method: 'bank_transfer', customer: { name: 'Tes', phone: '+628123456789' }, items: [{ type: 'variant' as const, variant_id: 102, quantity: 1 }], destination: { location_id: 317401, address: 'Jl. Tes 1' }, courier: 'jne', courier_service: 'REG', warehouse_id: 11 };
    const once = faultThenPass('post', '/checkout', 1, () => plain429({ 'Retry-After': '0' }));
    const refused = await placeGuestOrder(demoClient(), body).catch((e) => e);
    expect(refused).to.be.instanceOf(ApiError).and.include({ status: 429 });
    expect(once).to.have.length(1);

    worker.resetHandlers();
    const twice = faultThenPass('post', '/checkout', 1, () => plain429({ 'Retry-After': '0' }));
    const order = await placeGuestOrder(demoClient(), body, { idempotencyKey: crypto.randomUUID() });
    expect(order.secret_slug).to.be.a('string');
    expect(twice).to.have.length(2);
  });

  it('retries a 503 with jittered backoff and then reports it typed', async () => {
    const arrivals = faultThenPass('get', '/products/kaos-polos', 9, () => new HttpResponse('<h1>Service Unavailable</h1>', { status: 503, headers: { 'Content-Type': 'text/html' } }));
    const error = await getProduct(demoClient({ retry: { maxRetries: 2, baseDelayMs: 50 } }), 'kaos-polos').catch((e) => e);
    expect(error).to.be.instanceOf(ApiError).and.include({ status: 503, code: 'service_unavailable' });
    expect(arrivals).to.have.length(3);

    worker.resetHandlers();
    const recovering = faultThenPass('get', '/products/kaos-polos', 1, () => new HttpResponse(null, { status: 503 }));
    expect((await getProduct(demoClient(), 'kaos-polos')).slug).to.equal('kaos-polos');
    expect(recovering).to.have.length(2);
  });

  it('turns network loss into a NetworkError, not an ApiError', async () => {
    faultThenPass('get', '/items', 1, () => HttpResponse.error());
    const error = await listItems(demoClient()).catch((e) => e);
    expect(error).to.be.instanceOf(NetworkError).and.include({ method: 'GET', path: ITEMS });
    expect(error).to.not.be.instanceOf(ApiError);
  });

  it('aborts a slow response through the AbortSignal', async () => {
    faultThenPass('get', '/items', 1, async () => (await delay(5000), HttpResponse.json({})));
    const controller = new AbortController();
    const started = performance.now();
    const pending = listItems(demoClient(), {}, { signal: controller.signal }).catch((e) => e);
    setTimeout(() => controller.abort(), 100);
    const error = await pending;
    expect(error.name).to.equal('AbortError');
    expect(performance.now() - started).to.be.below(4000);
  });

  it('rejects malformed and off-contract answers with a ContractError naming the path', async () => {
    faultThenPass('get', '/items', 1, () => new HttpResponse('{"results": [', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const malformed = await listItems(demoClient()).catch((e) => e);
    expect(malformed).to.be.instanceOf(ContractError).and.include({ path: ITEMS, status: 200 });
    expect(malformed.message).to.include(ITEMS);

    faultThenPass('get', '/orders/slug-x', 1, () => HttpResponse.json({ secret_slug: 'slug-x', gross_revenue: 1000 }));
    const wrong = await getPublicOrder(demoClient(), 'slug-x').catch((e) => e);
    expect(wrong).to.be.instanceOf(ContractError);
    expect(wrong.message).to.include('/v3/stores/demo-store/public/orders/slug-x');
    expect(wrong.issues.length).to.be.greaterThan(0);

    // a real page with one wrong field deep inside: the error names where
    worker.use(http.get(url('/items'), async ({ request }) => {
      const page = await (await fetch(bypass(request))).json();
      page.results[3].price_min = 85000;
      return HttpResponse.json(page);
    }, { once: true }));
    const deep = await listItems(demoClient(), { page_size: 6 }).catch((e) => e);
    expect(deep).to.be.instanceOf(ContractError);
    expect(deep.issues[0].path).to.deep.equal(['results', 3, 'price_min']);
    expect(deep.message).to.include('at results.3.price_min');
  });

  it('keeps JSON error bodies typed, with field errors', async () => {
    const error = await getCheckoutSummary(demoClient(), { payment_method: 'bank_transfer', items: [{ type: 'variant', variant_id: 101, quantity: 0 }] }).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError).and.include({ status: 400, code: 'validation_error' });
    expect(error.fields).to.have.property('items.0.quantity');
  });
});
