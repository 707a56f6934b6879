import { expect } from '@open-wc/testing';
import {
  ApiError, checkPageDiscountCode, createClient, getPageShippingOptions, getPageSummary, listProvinces, placePageOrder,
  searchLocations, sendAnalyticsEvent,
} from '../../../src/client/index.ts';
import { keepConsole } from '../support/console.ts';
import { orderCount, PAGE, recordingFetch } from '../support/server.ts';

const items = [{ type: 'variant' as const, variant_id: 101, quantity: 2 }];
const destination = { location_id: 317401, address: 'Jl. Kenanga 3' };

/** The page runtime's client: page id and key only, no store. */
function pageClient(key: string = PAGE.key) {
  const recorder = recordingFetch();
  const client = createClient({ baseUrl: location.origin, pageId: PAGE.id, pageKey: key, tokenStorage: 'memory', fetch: recorder.fetch });
  return { client, sent: recorder.sent };
}

describe('page runtime routes', () => {
  const kept = keepConsole([/^\[svc\] "Page not found" for page "demo-page"/]); // the client's help for the developer, once per client
  it('looks up locations through the page', async () => {
    const { client, sent } = pageClient();
    const page = await searchLocations(client, { search: 'coblong', page_size: 3 }, { via: 'page' });
    expect(page.results.length).to.be.greaterThan(0);
    expect((await listProvinces(client, { search: 'jawa' }, { via: 'page' })).length).to.be.greaterThan(0);
    expect(sent.every((r) => r.path.startsWith('/v3/pages/demo-page/locations'))).to.equal(true);
  });

  it('prices, ships and orders through the page, once per idempotency key', async () => {
    const { client } = pageClient();
    const [option] = await getPageShippingOptions(client, { items, destination, payment_method: 'bank_transfer' });
    const shipping_option = { courier: option.courier, courier_service: option.courier_service, warehouse_id: option.warehouse_id };
    const summary = await getPageSummary(client, { items, destination, payment_method: 'bank_transfer', shipping_option });
    expect(summary.shipping_cost).to.equal(option.cost);
    const discount = await checkPageDiscountCode(client, { code: 'NOPE', items });
    expect(discount.eligible).to.equal(false);

    const before = await orderCount();
    const body = { customer: { name: 'Dewi', phone: '+6281311112222' }, items, destination, shipping_option, payment_method: 'bank_transfer' };
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([placePageOrder(client, body, { idempotencyKey: key }), placePageOrder(client, body, { idempotencyKey: key })]);
    expect(a.secret_slug).to.equal(b.secret_slug);
    expect(a.gross_revenue).to.equal(summary.gross_revenue);
    expect(await orderCount()).to.equal(before + 1);
  });

  it('forwards a conversion event (204, empty body)', async () => {
    const { client, sent } = pageClient();
    const result = await sendAnalyticsEvent(client, 'meta', { event_name: 'PageView', event_id: `evt-${crypto.randomUUID()}`, event_time: Math.floor(Date.now() / 1000) });
    expect(result).to.equal(undefined);
    expect(sent[0].headers['idempotency-key']).to.match(/^event-evt-/);
  });

  it('answers a wrong page key with a typed "Page not found"', async () => {
    const { client } = pageClient('pgk_wrong');
    const error = await getPageSummary(client, { items, payment_method: 'bank_transfer' }).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError).and.include({ status: 404, code: 'page_not_found' });
    await kept.printed(/^\[svc\] "Page not found" for page "demo-page"/);
  });
});
