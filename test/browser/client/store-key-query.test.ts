import { expect } from '@open-wc/testing';
import { getProduct, listItems } from '../../../src/client/index.ts';
import { demoClient, recordingFetch, STORE } from '../support/server.ts';

const STORE_KEY = 'x-service-storefront-api-key';

describe('store key on catalog reads', () => {
  it('goes as store_key (no preflight), and falls back to the header for good when a service refuses it', async () => {
    const seen: { query: string | null; header: string | undefined }[] = [];
    const client = demoClient({
      // a service that follows the contract alone: the parameter never reaches it
      fetch: (input, init) => {
        const url = new URL(String(input));
        seen.push({ query: url.searchParams.get('store_key'), header: new Headers(init?.headers).get(STORE_KEY) ?? undefined });
        url.searchParams.delete('store_key');
        return fetch(url.href, init);
      },
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      expect((await listItems(client, { page_size: 2 })).results).to.have.length(2);
      await getProduct(client, 'kaos-polos');
    } finally {
      console.error = original;
    }
    expect(seen).to.deep.equal([
      { query: STORE.key, header: undefined }, // refused: Store not found
      { query: null, header: STORE.key },
      { query: null, header: STORE.key }, // the next read goes straight with the header
    ]);
    expect(errors, 'no "Store not found" help for the refused parameter').to.deep.equal([]);
    client.destroy();
  });

  it('is sent as the parameter alone to a service that takes it', async () => {
    const recorder = recordingFetch();
    const client = demoClient({ fetch: recorder.fetch });
    await listItems(client, { page_size: 2 });
    expect(recorder.sent).to.have.length(1);
    expect(recorder.sent[0].query.get('store_key')).to.equal(STORE.key);
    expect(recorder.sent[0].headers).to.not.have.key(STORE_KEY);
    client.destroy();
  });
});
