/** The panel's rules on recorded facts: masking, which answer decides, and what each kind of failure becomes. */
import { expect } from '@open-wc/testing';
import { diagnose, mask, maskUrl, targetOf, type Facts } from '../../../src/diagnostics/diagnose.ts';
import type { DebugRequest } from '../../../src/diagnostics/recorder.ts';

const at = 0;
const facts = (requests: DebugRequest[], overrides: Partial<Facts> = {}): Facts => ({
  origin: 'https://shop.example', requests, reachable: () => true, unscoped: [], missingPixels: [], ...overrides,
});
const catalog = (status?: number, code?: string): DebugRequest =>
  ({ at, method: 'GET', url: 'https://api.example/v3/stores/toko%20ku/public/items?store_key=sfk_secret_1234', status, code, key: 'sfk_secret_1234' });

describe('diagnose', () => {
  it('masks all but the last 4 characters, and a short key entirely', () => {
    expect(mask('sfk_secret_1234')).to.equal('********1234');
    expect(mask('abcd')).to.equal('****');
    expect(mask(undefined)).to.equal('(none)');
    expect(maskUrl('https://api.example/v3/stores/s/public/items?page_size=2&store_key=sfk_secret_1234'))
      .to.equal('https://api.example/v3/stores/s/public/items?page_size=2&store_key=********1234');
    // an order's secret slug opens the order: masked like a key, wherever the order's routes carry it
    expect(maskUrl('https://api.example/v3/stores/s/public/orders/ord-abcdef123456/payment'))
      .to.equal('https://api.example/v3/stores/s/public/orders/********3456/payment');
    expect(maskUrl('https://api.example/v3/stores/s/public/orders/ord-abcdef123456?x=1')).to.equal('https://api.example/v3/stores/s/public/orders/********3456?x=1');
    expect(maskUrl('https://api.example/__reference/orders/ord-abcdef123456/pay')).to.equal('https://api.example/__reference/orders/********3456/pay');
    expect(maskUrl('https://api.example/__reference/pay/ord-abcdef123456')).to.equal('https://api.example/__reference/pay/********3456');
  });

  it('reads the store or page and the service address from a URL', () => {
    expect(targetOf('https://api.example/prefix/v3/stores/toko%20ku/public/items')).to.deep.equal({ kind: 'store', id: 'toko ku', service: 'https://api.example/prefix' });
    expect(targetOf('https://api.example/v3/pages/p1/orders')).to.deep.equal({ kind: 'page', id: 'p1', service: 'https://api.example' });
    expect(targetOf('https://api.example/health')).to.equal(undefined);
  });

  it('lets the latest answer of a store decide: a failure followed by a success was transient', () => {
    expect(diagnose(facts([catalog(), catalog(200)]))).to.deep.equal([]);
    expect(diagnose(facts([catalog(200), catalog(404, 'store_not_found')])).map((f) => f.title)).to.deep.equal(['Store "toko ku": Store not found']);
  });

  it('ignores answers that are not set-up problems (a rate limit, a bad field)', () => {
    expect(diagnose(facts([catalog(429, 'rate_limited')]))).to.deep.equal([]);
    expect(diagnose(facts([catalog(400, 'validation_error')]))).to.deep.equal([]);
  });

  it('tells a refusal, a dead service and a pending probe apart, and never prints the key', () => {
    const [refused] = diagnose(facts([catalog()], { reachable: () => true }));
    const [dead] = diagnose(facts([catalog()], { reachable: () => false }));
    const [pending] = diagnose(facts([catalog()], { reachable: () => undefined }));
    expect(refused!.title).to.equal('This origin is not allowed by store "toko ku"');
    expect(refused!.lines.join(' ')).to.include('svc-reference-server store add-origin toko ku https://shop.example');
    expect(dead!.title).to.equal('Service not reachable at https://api.example');
    expect(pending!.level).to.equal('warning');
    for (const finding of [refused, dead, pending]) expect(JSON.stringify(finding)).not.to.include('sfk_secret_1234');
  });
});
