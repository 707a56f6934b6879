import { expect } from '@open-wc/testing';
import { countItems, getProduct, listItems } from '../../../src/client/index.ts';
import { clearStorage, demoClient, requestCount, resetServerRequests } from '../support/server.ts';

const PRODUCT = '/v3/stores/demo-store/public/products/kaos-polos';
const COUNT = '/v3/stores/demo-store/public/items/count';

describe('request sharing and catalog cache', () => {
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });

  it('sends identical concurrent GETs once and gives every caller the answer', async () => {
    const client = demoClient();
    const answers = await Promise.all(Array.from({ length: 5 }, () => getProduct(client, 'kaos-polos')));
    expect(new Set(answers.map((a) => a.slug))).to.deep.equal(new Set(['kaos-polos']));
    expect(await requestCount('GET', PRODUCT)).to.equal(1);
    await getProduct(client, 'kaos-polos'); // not concurrent and no cache: a new request
    expect(await requestCount('GET', PRODUCT)).to.equal(2);
  });

  it('does not share different queries', async () => {
    const client = demoClient();
    await Promise.all([listItems(client, { page_size: 1 }), listItems(client, { page_size: 2 })]);
    expect(await requestCount('GET', '/v3/stores/demo-store/public/items')).to.equal(2);
  });

  it('keeps the shared request alive while one caller still waits, and cancels it when all abort', async () => {
    const client = demoClient();
    const first = new AbortController();
    const a = getProduct(client, 'kaos-polos', { signal: first.signal }).catch((e) => e);
    const b = getProduct(client, 'kaos-polos');
    first.abort();
    expect((await a).name).to.equal('AbortError');
    expect((await b).slug).to.equal('kaos-polos');

    const c1 = new AbortController();
    const c2 = new AbortController();
    const both = [getProduct(client, 'ebook-resep', { signal: c1.signal }), getProduct(client, 'ebook-resep', { signal: c2.signal })]
      .map((p) => p.catch((e) => e));
    c1.abort();
    c2.abort();
    expect((await Promise.all(both)).map((e) => e.name)).to.deep.equal(['AbortError', 'AbortError']);
  });

  it('answers catalog reads from a short, configurable cache', async () => {
    const cached = demoClient({ catalogCacheMs: 60_000 });
    await countItems(cached);
    await countItems(cached);
    expect(await requestCount('GET', COUNT)).to.equal(1);
    await countItems(cached, {}, { fresh: true });
    expect(await requestCount('GET', COUNT)).to.equal(2);
    cached.clearCache();
    await countItems(cached);
    expect(await requestCount('GET', COUNT)).to.equal(3);

    const uncached = demoClient({ catalogCacheMs: 0 });
    await countItems(uncached);
    await countItems(uncached);
    expect(await requestCount('GET', COUNT)).to.equal(5);
  });
});
