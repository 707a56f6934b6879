import { expect } from '@open-wc/testing';
import { sha256Hex } from '../../../src/analytics/sha256.ts';
import { newSvcPage, outbox, rowsFor, sleep, waitFor } from './support.ts';

type Call = [string, ...unknown[]];
const w = window as any;
const ORDER_BODY = {
  customer: { name: 'Sari', phone: '0812-1111-2222', email: 'Sari@Example.COM' },
  items: [{ type: 'variant' as const, variant_id: 109, quantity: 1 }],
  payment_method: 'qris',
};

/** Stand-ins for the Meta, TikTok and Kwai pixels, recording what the runtime gives them. */
function installPixels(calls: Call[], { tiktokLate = false } = {}) {
  w.fbq = (...args: unknown[]) => void calls.push(['fbq', ...args]);
  const ttq = { track: (...args: unknown[]) => void calls.push(['ttq', ...args]) };
  if (tiktokLate) setTimeout(() => (w.ttq = ttq), 700); // loaded after the runtime tracked
  else w.ttq = ttq;
  w.kwaiq = { instance: (id: string) => ({ track: (...args: unknown[]) => void calls.push(['kwaiq', id, ...args]) }) };
}

describe('page runtime: conversion events', () => {
  const calls: Call[] = [];
  beforeEach(() => {
    calls.length = 0;
    delete w.fbq;
    delete w.ttq;
    delete w.kwaiq;
    localStorage.clear();
  });

  it('sends one event id to the server outbox (each provider once) and to every pixel', async () => {
    installPixels(calls, { tiktokLate: true });
    document.cookie = '_fbp=fb.1.1700000000000.123456789; path=/';
    document.cookie = '_ttp=ttp-cookie-1; path=/';
    history.replaceState(null, '', `${location.pathname}?fbclid=FBCLICK&ttclid=TTCLICK&click_id=KWCLICK`);
    const page = newSvcPage({ kwaiPixelId: 'kwai-pixel-1' });
    const before = Math.floor(Date.now() / 1000);

    const viewId = page.track('ViewContent', { content_ids: ['SKU-101'], value: 85000 });
    const order = await page.placeOrder(ORDER_BODY, { idempotencyKey: `test-${Date.now()}` });
    const purchaseId = page.trackPurchase(order, ['ebook']);
    expect(page.trackPurchase(order)).to.equal(purchaseId); // counted once, however often it is reported
    expect(purchaseId).to.equal(`purchase_${sha256Hex(`svc-order:${order.secret_slug}`).slice(0, 32)}`);
    expect(purchaseId).not.to.contain(order.secret_slug);
    page.flush();
    page.flush();

    await waitFor(async () => (await rowsFor(purchaseId)).length === 3 && (await rowsFor(viewId)).length === 3, 5000, 'events in the outbox');
    await sleep(300);
    for (const id of [viewId, purchaseId]) {
      const rows = await rowsFor(id);
      expect(rows.map((r) => `${r.provider}/${r.kind}`).sort()).to.deep.equal(['meta/meta', 'snackvideo/kwai', 'tiktok/tiktok']);
    }

    const purchase = (await rowsFor(purchaseId)).find((r) => r.provider === 'meta')!.payload;
    expect(purchase.event_time).to.be.within(before - 1, before + 60);
    expect(purchase.event_source_url).to.equal(location.href);
    expect(purchase.user_agent).to.equal(navigator.userAgent);
    expect(purchase.user_data).to.deep.equal({
      em: sha256Hex('sari@example.com'),
      ph: sha256Hex('6281211112222'),
      fbp: 'fb.1.1700000000000.123456789',
      fbc: purchase.user_data.fbc,
    });
    expect(purchase.user_data.fbc).to.match(/^fb\.1\.\d{13}\.FBCLICK$/);
    expect(purchase.custom_data).to.deep.equal({ value: Number(order.gross_revenue), currency: 'IDR', content_ids: ['ebook'], order_id: purchaseId.slice(9) });
    const tiktok = (await rowsFor(purchaseId)).find((r) => r.provider === 'tiktok')!.payload.user_data;
    expect(tiktok).to.deep.equal({ em: purchase.user_data.em, ph: purchase.user_data.ph, ttclid: 'TTCLICK', ttp: 'ttp-cookie-1' });
    const kwai = (await rowsFor(purchaseId)).find((r) => r.provider === 'snackvideo')!.payload.user_data;
    expect(kwai).to.deep.equal({ em: purchase.user_data.em, ph: purchase.user_data.ph, click_id: 'KWCLICK' });

    // the pixels got the same ids (TikTok's arrived late and was waited for)
    await waitFor(() => calls.some((c) => c[0] === 'ttq'), 3000, 'the late TikTok pixel');
    expect(calls).to.deep.include(['fbq', 'track', 'ViewContent', { content_ids: ['SKU-101'], value: 85000, currency: 'IDR' }, { eventID: viewId }]);
    expect(calls.find((c) => c[0] === 'fbq' && c[2] === 'Purchase')![4]).to.deep.equal({ eventID: purchaseId });
    expect(calls.find((c) => c[0] === 'ttq' && c[1] === 'CompletePayment')![3]).to.deep.equal({ event_id: purchaseId });
    expect(calls.find((c) => c[0] === 'ttq' && c[1] === 'ViewContent')![3]).to.deep.equal({ event_id: viewId });
    const kwaiPurchase = calls.find((c) => c[0] === 'kwaiq' && c[2] === 'purchase')!;
    expect(kwaiPurchase[1]).to.equal('kwai-pixel-1');
    expect((kwaiPurchase[3] as { event_id: string }).event_id).to.equal(purchaseId);
    expect(calls.filter((c) => c[0] === 'fbq' && c[2] === 'Purchase').length).to.equal(1);
    history.replaceState(null, '', location.pathname);
  });

  it('holds events until consent, and drops them when consent is refused', async () => {
    installPixels(calls);
    const page = newSvcPage({ consentRequired: true });
    const held = page.track('AddToCart', { content_ids: ['variant:101'] });
    await sleep(400);
    expect(await rowsFor(held)).to.have.length(0);
    expect(calls).to.have.length(0);
    expect(localStorage.getItem('svc-page:demo-page:events'), 'nothing stored before consent').to.equal(null);
    page.consent(true);
    await waitFor(async () => (await rowsFor(held)).length === 3, 5000, 'events after consent');
    expect(calls.filter((c) => c[0] === 'fbq')).to.have.length(1);

    const refused = newSvcPage({ consentRequired: true });
    const dropped = refused.track('InitiateCheckout');
    refused.consent(false);
    const after = refused.track('AddPaymentInfo');
    await sleep(400);
    expect((await rowsFor(dropped)).length + (await rowsFor(after)).length).to.equal(0);
  });

  it('sends events a previous page view could not deliver, and only the configured providers', async () => {
    const leftover = {
      provider: 'meta', tries: 3,
      event: { kind: 'meta', event_name: 'PageView', event_id: `pageview_leftover${Date.now()}`, event_time: Math.floor(Date.now() / 1000) - 60 },
    };
    localStorage.setItem('svc-page:demo-page:events', JSON.stringify([leftover]));
    const page = newSvcPage({ analytics: [{ provider: 'meta', kind: 'facebook' }] });
    await waitFor(async () => (await rowsFor(leftover.event.event_id)).length === 1, 5000, 'the leftover event');
    const id = page.track('PageView');
    await waitFor(async () => (await rowsFor(id)).length === 1, 5000, 'a facebook-kind event');
    expect((await rowsFor(id))[0]!.kind).to.equal('facebook');
    await waitFor(() => JSON.parse(localStorage.getItem('svc-page:demo-page:events')!).length === 0, 2000, 'an empty queue');
    expect((await outbox()).filter((r) => r.event_id === id)).to.have.length(1);
  });
});
